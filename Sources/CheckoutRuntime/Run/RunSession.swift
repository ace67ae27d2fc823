import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// What a stage tells the interpreter.
enum StageResult {
    case next
    case end(CheckoutStatus)
    /// An outcome that is not a run status of its own (a card scan's `cardExpired`): routed
    /// like any outcome; without a route the run ends with `status`, and `issue` (why) goes
    /// into the result's errors.
    case outcome(StageOutcome, status: CheckoutStatus, issue: AnswerIssue?)
}

/// How often a stage ran in a run, and how the last run of a step ended.
struct StageRecord {
    var visits = 0
    var outcome: StageOutcome?
}

/// The mutable state of one run. Lives in one task; never shared.
final class RunSession {
    let runner: CheckoutRunner
    var request: CheckoutRequest { runner.flow.definition.request }
    var seq = 0
    var price: PriceState
    var paymentMethod: PaymentMethodKind?
    /// The full card: only between the card screen and the tokenize step.
    var card: ValidatedCard?
    /// The UK sort code and account number a card scan read: only until the tokenize step.
    var bankDetails: UKBankDetails?
    var storeCard: Bool?
    /// The card screen (with `inputEvents`) whose card waits for tokenizing: `input.didSubmit`.
    var inputLineStage: String?
    var maskedNumber: String?
    /// The card holder's name as the card screen took it: a scan's in capital letters, a typed
    /// one as entered (BAM `cardHolderName`); set at `tokenize`, for the result.
    var holderName: String?
    /// The scan reference of each card-scan attempt, in order (BAM `didStartScanAttempt`).
    var scanReferences: [String] = []
    var custom: [String: String] = [:]
    /// The status of the last outcome a route sent back into the pipeline (a decline routed
    /// to the card screen): the run ends with it if the shopper makes no further attempt.
    var routedStatus: CheckoutStatus?
    /// Why that outcome happened, when it says more than its status (a scan's `cardExpired`):
    /// reported in the result's errors if the shopper gives up.
    var routedIssue: AnswerIssue?
    /// How each step ended, by stage index (`outcome.<id>` in conditions), and how often each
    /// stage ran: one entry per pipeline stage.
    var stageRecords: [StageRecord] = []
    var savedCardLast4: String?
    var billing: Address?
    var shipping: Address?
    var sameAsBilling = false
    var requestedCurrency: String?
    var token: CheckoutToken?
    var tokenized: TokenizedCard?
    var threeDS: ThreeDSResult?
    /// The `threeDS` step that asked for 3-D Secure inside the charge (the provider runs it
    /// there): where a stop is reported. Nil: none did.
    var threeDSRequestStage: String?
    /// A `threeDS` step asked for 3-D Secure and the provider runs it inside the charge.
    var threeDSRequested: Bool { threeDSRequestStage != nil }
    var transaction: Transaction?
    /// The kind of the charge step that made `transaction` (nil for a wallet payment).
    var chargeStep: StepKind?
    /// The shopper a `storeShopper` step created (or stored the card for).
    var createdShopperId: String?
    var invoiceId: String?
    var declineCode: String?
    var issues: [AnswerIssue] = []
    var shopper: StoredShopper?
    var rates: CurrencyTable?
    let fraudSessionId: String
    /// The billing rules the validator applies (and a front end shows): the request's flags,
    /// with `fields` deciding whether the email is required. Fixed for a run.
    let billingRequirements: AddressRequirements
    /// True when a trace sink is given: without one, no event is built.
    let tracing: Bool
    /// Where the run's provider calls are recorded (`RecordingProvider`), when someone reads
    /// them: a trace is given and the runner asks for records. nil: no record is made.
    let providerCalls: ProviderCallLog?

    init(runner: consuming CheckoutRunner) {
        let r = runner.flow.definition.request
        price = PriceState(amount: r.price.amount, taxAmount: r.price.taxAmount, currency: r.price.currency)
        // A resumed run keeps the fraud session id it started with.
        fraudSessionId = r.fraudSessionId ?? runner.journal?.entry("run.start")?.fields["fraudSessionId"] ?? runner.random.hex(32)
        billingRequirements = AddressRequirements(
            withEmail: runner.flow.definition.fields.billingEmailPresence(for: r) == .required, fullBilling: r.fullBilling)
        tracing = runner.trace != nil
        if tracing && runner.recordsProviderCalls {
            let log = ProviderCallLog()
            runner.provider = RecordingProvider(base: runner.provider, log: log)
            providerCalls = log
        } else {
            providerCalls = nil
        }
        self.runner = runner
    }

    nonisolated(nonsending) func run() async -> CheckoutResult {
        emit(.runStart, attributes: [JSONMember("flow", .string(runner.flow.definition.id))])
        let status: CheckoutStatus
        do {
            if let journal = runner.journal, journal.entry("run.start") == nil {
                try self.journal(JournalEntry("run.start", fields: ["fraudSessionId": fraudSessionId]))
            }
            status = await runStages()
        } catch {
            status = providerFailure(error, stage: "journal")
        }
        emit(.runEnd, attributes: [JSONMember("status", .string(status.rawValue))])
        let result = makeResult(status)
        if let journal = runner.journal {
            // Best effort: a result that cannot be recorded is still returned; a new start
            // then resumes from the last step recorded, which repeats no charge.
            try? journal.append(
                JournalEntry("run.end", fields: ["status": status.rawValue, "result": result.json.serialized(pretty: true)]))
        }
        return result
    }

    nonisolated(nonsending) private func runStages() async -> CheckoutStatus {
        if let id = request.shopperId {
            do {
                guard
                    let s = try await withRetry(
                        stage: "shopper", policy: runner.retry, timeout: runner.timeout, id, { p, id in try await p.shopper(id: id) })
                else {
                    issues.append(
                        AnswerIssue(
                            path: "request.shopperId", code: "shopper_not_found",
                            message: "the provider has no shopper \(UserText.shown(id))"))
                    return .error
                }
                shopper = s
            } catch {
                return providerFailure(error, stage: "shopper")
            }
        }
        let pipeline = runner.flow.pipeline
        let asksPaymentMethod = hasStage(.screen(.paymentMethod))
        if request.mode == .createPayment {
            // The stored choice decides: a card (no choice stored: the saved-card path, whose
            // tokenize has no card and ends the run as before), or a wallet.
            let chosen = shopper?.chosenMethod ?? .savedCard
            guard pipeline.paymentMethods.contains(chosen) else {
                issues.append(
                    AnswerIssue(
                        path: "request.shopperId", code: "not_offered",
                        message: "the shopper's stored choice \(chosen.rawValue) is not offered: \(notOfferedReason(chosen))"))
                return .invalid
            }
            paymentMethod = chosen
            savedCardLast4 = shopper?.chosenCardLast4
        } else if !asksPaymentMethod {
            // Own UI with a choice of new or stored card: the data given up front decides.
            let offered = offeredMethods()
            if !(pipeline.takesCardUpfront && offered.count > 1) { paymentMethod = offered.first }
        }
        let asksCurrency = hasStage(.screen(.currency))
        if !asksPaymentMethod || !asksCurrency {
            await confirmFixedChoices(paymentMethodScreen: asksPaymentMethod, currencyScreen: asksCurrency)
        }
        stageRecords = Array(repeating: StageRecord(), count: pipeline.stages.count)
        var next: Int? = pipeline.stages.isEmpty ? nil : 0
        while let index = next {
            // Read in place: no stage is copied out of the pipeline (`StageRef`).
            let stage = StageRef(stages: pipeline.stages, index: index)
            if let g = stage.guardCondition, !g.holds({ self.conditionValue($0) }) {
                emit(.stageSkipped, stage: stage.id, attributes: [JSONMember("condition", .string(stage.condition?.description ?? ""))])
                next = index + 1 < pipeline.stages.count ? index + 1 : nil
                continue
            }
            // A tax service answers for wallets too (`taxServiceInput` says which address).
            if let method = paymentMethod, !stage.kind.applies(to: method), !stage.callsTaxService {
                emit(.stageSkipped, stage: stage.id, attributes: [JSONMember("reason", .string("not used by \(method.rawValue)"))])
                next = index + 1 < pipeline.stages.count ? index + 1 : nil
                continue
            }
            stageRecords[index].visits += 1
            let visit = stageRecords[index].visits
            if visit > runner.maxVisits {
                issues.append(
                    AnswerIssue(
                        path: stage.id, code: "too_many_attempts",
                        message: "stage \(UserText.quoted(stage.id)) ran \(runner.maxVisits) times in this run; giving up"))
                return .failed
            }
            let result: StageResult
            switch stage.kind {
            case .screen(let kind):
                result = await runScreen(kind, stage: stage, visit: visit)
                if case .next = result { runHooks(stage) }
            case .step(let kind):
                if !issues.isEmpty, kind.talksToProvider { return .invalid }
                runHooks(stage)
                result = await runStep(kind, stage: stage, visit: visit)
            }
            let ended: (outcome: StageOutcome?, status: CheckoutStatus, issue: AnswerIssue?)
            switch result {
            case .next:
                if case .step = stage.kind { stageRecords[index].outcome = .success }
                if case .end = stage.routes[.success] { return issues.isEmpty ? .success : .invalid }
                next = pipeline.successor(of: index, on: .success)
                continue
            case .end(let status):
                // A screen's routable outcomes come as `.outcome`; its `.end` (the shopper gave
                // up after a route back, the front end failed) ends the run.
                guard case .step = stage.kind else { return status }
                ended = (StageOutcome(status), status, nil)
            case .outcome(let outcome, let status, let issue): ended = (outcome, status, issue)
            }
            if case .step = stage.kind { stageRecords[index].outcome = ended.outcome }
            guard let outcome = ended.outcome, let target = stage.routes[outcome] else {
                if let issue = ended.issue { issues.append(issue) }
                return ended.status
            }
            emit(
                .stageRouted, stage: stage.id,
                attributes: [JSONMember("outcome", .string(outcome.rawValue)), JSONMember("to", .string(target.description))])
            guard case .stage = target else {
                if let issue = ended.issue { issues.append(issue) }
                return ended.status
            }
            next = pipeline.successor(of: index, on: outcome)
            routedStatus = ended.status
            routedIssue = ended.issue
        }
        return issues.isEmpty ? .success : .invalid
    }

    /// True when a stage of this kind is in the pipeline (`Pipeline.contains`, without copying stages).
    func hasStage(_ kind: StageKind) -> Bool {
        let stages = runner.flow.pipeline.stages
        for i in stages.indices where stages[i].kind == kind { return true }
        return false
    }

    /// Hooks of a stage, in order.
    private func runHooks(_ stage: StageRef) {
        for hook in stage.hooks {
            switch hook {
            case .tax: updateTax(stage: stage.id, hook: true)
            case .signature: break  // signs the request the step builds: see `charge`
            }
        }
    }

    /// The methods offered now: the pipeline's, narrowed by the shopper's stored cards and
    /// PayPal's currencies.
    func offeredMethods() -> [PaymentMethodKind] {
        runner.flow.pipeline.paymentMethods.filter { m in
            switch m {
            case .savedCard: !(shopper?.savedCards.isEmpty ?? true)
            case .paypal: request.offersPayPal(currency: price.currency.code)
            case .card, .applePay: true
            }
        }
    }

    /// Traces the provider calls recorded since the last time, as `provider.call` events of
    /// `stage` (after the call, with its record: `operation`, `fields`, `answer`).
    @inline(__always)
    func traceProviderCalls(stage: String) {
        guard let log = providerCalls else { return }
        for call in log.take() { emit(.providerCall, stage: stage, attributes: call.members) }
    }

    func emit(_ event: TraceEventName, stage: @autoclosure () -> String? = nil, attributes: @autoclosure () -> [JSONMember] = []) {
        guard tracing, let sink = runner.trace else { return }
        seq += 1
        sink.record(TraceEvent(seq: seq, time: runner.clock.now(), event: event.rawValue, stage: stage(), attributes: attributes()))
    }

    /// A provider call (or the journal) failed: the run ends `error`. `step`: the kind of the
    /// step at `stage` that failed, told to the step observer.
    func providerFailure(_ error: any Error, stage: String, step: StepKind? = nil) -> CheckoutStatus {
        let (code, message): (String, String) =
            if let e = error as? ProviderError {
                (e.code.rawValue, e.message)
            } else if let e = error as? JournalError {
                ("journal_failed", e.description)
            } else {
                ("provider_error", "the provider failed")
            }
        issues.append(AnswerIssue(path: stage, code: code, message: message))
        if let step { runner.steps?.step(.failed(stage: stage, kind: step, code: code)) }
        emit(.stepError, stage: stage, attributes: [JSONMember("code", .string(code))])
        return .error
    }

    /// The result of the run. Called once, at its end: the state moves into the result
    /// instead of being copied.
    private func makeResult(_ status: CheckoutStatus) -> CheckoutResult {
        var r = CheckoutResult(status: status, flow: runner.flow.definition.id, fraudSessionId: fraudSessionId)
        r.locale = (runner.flow.definition.request.locale ?? .english).tag
        r.paymentType = paymentMethod?.paymentType
        if price.amount != nil { r.price = price }
        if paymentMethod?.isWallet != true {
            r.paymentMethodToken = handOffToken()
            r.creditCard = tokenized.take()
            if r.creditCard != nil {
                r.maskedNumber = maskedNumber.take()
                r.cardHolderName = holderName.take()
            }
            r.billing = billing.take()
            // A billing phone is in the result only when the flow asks for it (docs/running.md).
            if r.billing?.phone != nil, runner.flow.definition.fields.billingPhonePresence == .hidden { r.billing?.phone = nil }
            r.shipping = shipping.take()
        }
        if paymentMethod == .savedCard { r.savedCard = true }
        r.threeDSResult = threeDS
        r.payPalInvoiceId = invoiceId.take()
        r.transaction = transaction.take()
        r.shopperId = createdShopperId ?? request.shopperId
        r.declineCode = declineCode.take()
        if !scanReferences.isEmpty {
            r.cardScan = CardScanReport(
                reportingCriteria: runner.flow.definition.cards.reportingCriteria, scanReferences: scanReferences)
        }
        swap(&r.errors, &issues)
        swap(&r.customFields, &custom)
        return r
    }

    /// The token the merchant's server charges the card with (`CheckoutResult.paymentMethodToken`):
    /// the provider's payment-method token, else its checkout token, when the run stopped after
    /// tokenizing or took the card from the app's own UI; nil when the provider's tokens die with
    /// the process (nothing outside it could charge them) or no card was tokenized.
    private func handOffToken() -> String? {
        guard let card = tokenized, runner.provider.tokensOutliveProcess else { return nil }
        guard request.transactionType == .none || runner.flow.pipeline.takesCardUpfront else { return nil }
        return card.paymentMethodToken ?? card.token
    }
}
