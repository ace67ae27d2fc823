package import CheckoutLanguage

/// Every event a trace holds (docs/running.md "The trace"): the one list `RunSession.emit`
/// takes its names from, and the `event` enumeration of `schema/trace.schema.json`.
package enum TraceEventName: String, Sendable, CaseIterable, DescribedCases {
    case runStart = "run.start"
    case runEnd = "run.end"
    case stepStart = "step.start"
    case stepEnd = "step.end"
    case stepRetry = "step.retry"
    case stepError = "step.error"
    case stepRestored = "step.restored"
    case tokenRefresh = "token.refresh"
    case threeDSPending = "threeDS.pending"
    case threeDSFingerprint = "threeDS.fingerprint"
    case threeDSChallenge = "threeDS.challenge"
    case threeDSEnd = "threeDS.end"
    case screenAnswered = "screen.answered"
    case screenInvalid = "screen.invalid"
    case screenCanceled = "screen.canceled"
    case screenError = "screen.error"
    case screenWait = "screen.wait"
    case screenLeft = "screen.left"
    case hookTax = "hook.tax"
    case hookSignature = "hook.signature"
    case stageSkipped = "stage.skipped"
    case stageRouted = "stage.routed"
    case scanAttempt = "scan.attempt"
    case scanCompleted = "scan.completed"
    case scanFailed = "scan.failed"
    case cardReceived = "card.received"
    case cardInvalid = "card.invalid"
    case inputStartEdit = "input.startEdit"
    case inputEndEdit = "input.endEdit"
    case inputWillCheck = "input.willCheck"
    case inputDidCheck = "input.didCheck"
    case inputDidSubmit = "input.didSubmit"
    case providerCall = "provider.call"
    case chargeResent = "charge.resent"
    case walletResent = "wallet.resent"
    case captureResent = "capture.resent"
    case voidResent = "void.resent"
    case refundResent = "refund.resent"

    package var summary: String {
        switch self {
        case .runStart: "the run begins (`flow`)"
        case .runEnd: "the run ends (`status`)"
        case .stepStart: "a provider step begins"
        case .stepEnd: "a provider step ends (`outcome`; tokenize adds `brand`, `last4`, `paymentMethodToken`)"
        case .stepRetry: "a step is tried again (`code`, `attempt`, `delayMs`)"
        case .stepError: "a step failed for good (`code`)"
        case .stepRestored: "a step done before, taken from the journal"
        case .tokenRefresh: "an expired checkout token was refreshed"
        case .threeDSPending: "the provider waits for an action (`state`, `requiredAction`)"
        case .threeDSFingerprint: "the device fingerprint was sent back"
        case .threeDSChallenge: "the 3-D Secure challenge is shown"
        case .threeDSEnd: "3-D Secure inside the charge ended (`outcome`)"
        case .screenAnswered: "a screen was answered (brand and last 4 only for cards)"
        case .screenInvalid: "an answer was refused (the paths of the problems)"
        case .screenCanceled: "the shopper left"
        case .screenError: "the front end failed"
        case .screenWait: "time spent at a screen (`seconds`)"
        case .screenLeft: "a shopper sent back gave up"
        case .hookTax: "tax recomputed (`outcome`, `percent` or `given`, `taxAmount` or `error`)"
        case .hookSignature: "a request was signed (the field names and the signature)"
        case .stageSkipped: "a stage's `when` did not hold (`condition`)"
        case .stageRouted: "an outcome was routed (`outcome`, `to`)"
        case .scanAttempt: "a card scan attempt (`attempt`, `reference`)"
        case .scanCompleted: "a card scan read a card (`brand`, `last4`)"
        case .scanFailed: "a card scan ended with an error (`error`, `code`, `bamCode`, `outcome`)"
        case .cardReceived: "a card from the app's own UI (`source: upfront`)"
        case .cardInvalid: "a card from the app's own UI was refused"
        case .inputStartEdit: "the input line: editing began"
        case .inputEndEdit: "the input line: editing ended"
        case .inputWillCheck: "the input line: the number is about to be checked"
        case .inputDidCheck: "the input line: the number was checked (`valid`, `brand`, `last4` or `code`)"
        case .inputDidSubmit: "the input line: the card was submitted (`outcome`)"
        case .providerCall: "a call to the provider (`operation`, `fields`, `answer`; never card data)"
        case .chargeResent: "a charge sent again on resuming, under its idempotency key"
        case .walletResent: "a wallet payment sent again on resuming"
        case .captureResent: "a capture sent again on resuming, under its idempotency key"
        case .voidResent: "a void sent again on resuming, under its idempotency key"
        case .refundResent: "a refund sent again on resuming, under its idempotency key"
        }
    }

    /// `kind` sent again on resuming (`capture.resent`, …); nil for a kind that is not settled.
    package static func resent(_ kind: StepKind) -> TraceEventName? {
        switch kind {
        case .capture: .captureResent
        case .void: .voidResent
        case .refund: .refundResent
        default: nil
        }
    }
}

/// The envelope of a trace line (`--trace`, JSON Lines): `checkout schema --kind trace`
/// (`schema/trace.schema.json`) is generated from it and `TraceEventName`. Each event adds
/// its own attributes (docs/running.md "The trace"), which the schema lets through.
package enum TraceKeys {
    package static let line: [KeySpec] = [
        KeySpec("seq", .integer(minimum: 1), required: true, "1, 2, 3, … in the order written"),
        KeySpec("time", .string(pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$"), required: true, "the run's clock, ISO 8601 UTC"),
        KeySpec("event", .cases(TraceEventName.self), required: true, "what happened"),
        KeySpec("stage", .string(), "the stage it happened at"),
    ]

    /// One line's JSON Schema.
    package static let schema: KeySchema = {
        var s = KeySchema(
            id: "https://checkoutflow.dev/schema/trace-1.json", title: "CheckoutFlow trace line",
            description: "One line of `checkout run --trace FILE` (JSON Lines). Generated by `checkout schema --kind trace`; the "
                + "event's own attributes (docs/running.md, \"The trace\") come beside these keys. Never a card number or CVV.",
            root: .mapping(line), catalog: [])
        s.rootTakesOtherKeys = true
        return s
    }()
}
