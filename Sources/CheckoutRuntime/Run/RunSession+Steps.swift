import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// Runs one provider (or local) step.
    nonisolated(nonsending) func runStep(_ kind: StepKind, stage: StageRef, visit: Int) async -> StageResult {
        startStep(stage.id, kind)
        if let journal = runner.journal, let restored = await restore(kind, stage: stage, visit: visit, from: journal) {
            return restored
        }
        do {
            return try await perform(kind, stage: stage, visit: visit)
        } catch {
            return .end(providerFailure(error, stage: stage.id, step: kind))
        }
    }

    @inline(__always)
    nonisolated(nonsending) private func perform(_ kind: StepKind, stage: StageRef, visit: Int) async throws -> StageResult {
        switch kind {
        case .createToken:
            let created = try await withRetry(stage, ()) { p, _ in try await p.createToken() }
            token = created
            try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: Self.fields(of: created)))
            endStep(stage.id, kind, outcome: "success")
        case .taxUpdate:
            if stage.callsTaxService, let service = runner.flow.definition.taxService {
                return await callTaxService(service, stage: stage, visit: visit)
            }
            updateTax(stage: stage.id)
        case .currencyUpdate:
            if let (code, target) = conversionTarget() {
                try await convertCurrency(to: target, code: code, stage: stage.id)
            } else {
                endStep(stage.id, kind, outcome: "unchanged")
            }
        case .tokenize:
            let result = try await tokenizeCard(stage: stage)
            if runner.journal != nil, case .next = result, let card = tokenized {
                var fields = Self.fields(of: card)
                if let token { fields.merge(Self.fields(of: token)) { a, _ in a } }
                fields["maskedNumber"] = maskedNumber
                fields["cardHolderName"] = holderName
                for (key, value) in await runner.provider.tokenRecord(for: card) { fields[Self.providerField + key] = value }
                try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: fields))
            }
            return result
        case .threeDS:
            return try await authenticate(stage: stage, visit: visit)
        case .sale, .authorize, .subscribe:
            return try await charge(kind, stage: stage, visit: visit)
        case .walletPayment:
            return try await payWithWallet(stage: stage, visit: visit)
        case .capture, .void, .refund:
            return try await settle(kind, stage: stage, visit: visit)
        case .storeShopper:
            let shopperId = request.shopperId
            let id: String
            if let card = tokenized {
                id = try await withRetry(stage, (shopperId, card)) { p, a in try await p.storeChosenMethod(shopperId: a.0, card: a.1) }
            } else if let wallet = paymentMethod, wallet.isWallet {
                // A wallet chosen: stored as the shopper's method, nothing paid (storeChosenWallet).
                id = try await withRetry(stage, (shopperId, token)) { p, a in
                    try await p.storeChosenWallet(wallet, shopperId: a.0, token: a.1)
                }
            } else {
                return .next
            }
            createdShopperId = id
            try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: ["shopperId": id]))
            endStep(stage.id, kind, outcome: "success", [JSONMember("shopperId", .string(id))])
        }
        return .next
    }

    /// The `taxUpdate` step, or a stage's `tax` hook (`hook: true`, traced as `hook.tax`).
    func updateTax(stage: String, hook: Bool = false) {
        func traced(_ outcome: String, _ more: @autoclosure () -> [JSONMember] = []) {
            if hook {
                emit(.hookTax, stage: stage, attributes: [JSONMember("outcome", .string(outcome))] + more())
            } else {
                endStep(stage, .taxUpdate, outcome: outcome, more())
            }
        }
        guard let amount = price.amount, let country = shipping?.country,
            let percent = runner.flow.definition.tax.percent(country: country, state: shipping?.state)
        else {
            traced("no_rate")
            return
        }
        price.taxAmount = Tax.amount(on: Money(amount: amount, currency: price.currency), percent: percent).amount
        traced(
            "success",
            [
                JSONMember("percent", .string("\(percent)")),
                JSONMember("taxAmount", .number(DecimalText.format(price.taxAmount, scale: price.currency.minorUnits))),
            ])
    }

    /// The currency the shopper asked for, when it is not the price's.
    private func conversionTarget() -> (String, Currency)? {
        guard let code = requestedCurrency, code != price.currency.code, let target = Currency.iso(code) else { return nil }
        return (code, target)
    }

    nonisolated(nonsending) private func convertCurrency(to target: Currency, code: String, stage: String) async throws {
        let table = try await currencyTable()
        guard let from = table.rate(of: price.currency.code), let to = table.rate(of: code) else {
            throw ProviderError(.rejected, "no rate from \(price.currency.code) to \(code)")
        }
        let old = price
        if let amount = price.amount {
            price.amount = Money(amount: amount, currency: old.currency).converted(to: target, fromRate: from, toRate: to).amount
        }
        price.taxAmount = Money(amount: old.taxAmount, currency: old.currency).converted(to: target, fromRate: from, toRate: to).amount
        price.currency = target
        endStep(
            stage, .currencyUpdate, outcome: "success", [JSONMember("from", .string(old.currency.code)), JSONMember("to", .string(code))])
    }

    /// Tokenizes the card; an expired token is refreshed and the call retried once
    /// (an SDK's token-refresh callback); a second failure ends the run `error`. The full card
    /// leaves memory here.
    nonisolated(nonsending) private func tokenizeCard(stage step: StageRef) async throws -> StageResult {
        let stage = step.id
        if step.cardSource == .upfront {
            let found = await takeUpfrontCard(stage: step)
            guard found.isEmpty else {
                issues += found
                return .end(.invalid)
            }
        }
        let source: CardSource
        if let card {
            source = .new(card)
        } else if let last4 = savedCardLast4, let shopperId = request.shopperId {
            source = .stored(shopperId: shopperId, last4: last4)
        } else {
            throw ProviderError(.rejected, "no card to tokenize")
        }
        // The card and a scan's bank details leave memory here. This build's providers take no
        // bank details: they were checked at the scan and are dropped unsent.
        defer {
            card = nil
            bankDetails = nil
        }
        if let name = card?.holderName, !name.isEmpty { holderName = name }
        if let card, runner.flow.definition.cards.masking {
            // BAM masking: grouped, first 6 and last 4 only; never the whole number.
            maskedNumber = card.maskedNumber
        }
        do {
            let current: CheckoutToken
            if let token {
                current = token
            } else {
                current = try await withRetry(step, ()) { p, _ in try await p.createToken() }
                token = current
            }
            do {
                tokenized = try await withRetry(step, (source, current, tokenizeDetails())) { p, a in
                    try await p.tokenize(a.0, token: a.1, details: a.2)
                }
            } catch let e as ProviderError where e.code == .tokenExpired {
                emit(.tokenRefresh, stage: stage, attributes: [JSONMember("reason", .string(e.code.rawValue))])
                let fresh = try await withRetry(step, ()) { p, _ in try await p.createToken() }
                token = fresh
                do {
                    tokenized = try await withRetry(step, (source, fresh, tokenizeDetails())) { p, a in
                        try await p.tokenize(a.0, token: a.1, details: a.2)
                    }
                } catch let again as ProviderError where again.code == .tokenExpired {
                    // One refresh only (generateTokenFunc): say so instead of repeating the first error.
                    throw ProviderError(.tokenExpired, "the checkout token expired and the refreshed token was refused too")
                }
            }
        } catch {
            emitInputSubmitted(error: (error as? ProviderError)?.code.rawValue ?? "provider_error")
            throw error
        }
        emitInputSubmitted()
        endStep(stage, .tokenize, outcome: "success", self.tokenizedAttributes())
        return .next
    }

    private func tokenizedAttributes() -> [JSONMember] {
        var attributes = [
            JSONMember("brand", .string(tokenized?.brand.resultName ?? "")), JSONMember("last4", .string(tokenized?.last4 ?? "")),
        ]
        if let vault = tokenized?.paymentMethodToken { attributes.append(JSONMember("paymentMethodToken", .string(vault))) }
        return attributes
    }

    /// 3-D Secure: fingerprint and challenge as the provider asks, then SPEC §8's policy.
    nonisolated(nonsending) private func authenticate(stage: StageRef, visit: Int) async throws -> StageResult {
        guard let card = tokenized else { throw ProviderError(.rejected, "no tokenized card for 3-D Secure") }
        if runner.provider.threeDSInsideCharge { return try requestThreeDSInCharge(stage: stage, visit: visit) }
        let amount = price.total ?? Money(amount: 0, currency: price.currency)
        var progress = try await withRetry(stage, (card, amount)) { p, a in try await p.startThreeDS(a.0, amount: a.1) }
        var result: ThreeDSResult
        while true {
            switch progress {
            case .completed(let r):
                result = r
            case .fingerprintRequired(let session):
                // 3DS2 with a fingerprint: the transaction is pending with required_action
                // device_fingerprint; the runtime sends the fingerprint back with the
                // transaction's three_ds_context (`session`), which no trace shows.
                emitPending("device_fingerprint", stage: stage.id)
                progress = try await withRetry(stage, session) { p, s in try await p.submitFingerprint(s) }
                emit(.threeDSFingerprint, stage: stage.id, attributes: [JSONMember("outcome", .string("sent"))])
                continue
            case .challengeRequired(let session):
                emitPending("challenge", stage: stage.id)
                emit(.threeDSChallenge, stage: stage.id)
                guard let response = await askChallenge(stage: stage) else {
                    return .end(.invalid)
                }
                result = try await withRetry(stage, (session, response)) { p, a in try await p.completeChallenge(a.0, response: a.1) }
            }
            break
        }
        threeDS = result
        var fields = ["outcome": result.rawValue]
        for (key, value) in await runner.provider.threeDSRecord(for: card) { fields[Self.providerField + key] = value }
        try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: fields))
        endStep(stage.id, .threeDS, outcome: result.rawValue)
        return threeDSPolicy(result, stage: stage.id)
    }

    /// SPEC §8's 3-D Secure policy. A result that stops the run before the charge says why
    /// in the result's errors (at the step, with the result as its code) unless a route takes
    /// the `failed` outcome elsewhere; `canceled` is its own status and needs no reason.
    func threeDSPolicy(_ result: ThreeDSResult, stage: String) -> StageResult {
        if result == .authenticationCanceled { return .end(.canceled) }
        if result.proceeds(processFailed3DS: request.processFailed3DS) { return .next }
        // Inside the charge (`threeDSInsideCharge`), the stop is reported at the `threeDS` step
        // that asked for it.
        return .outcome(.failed, status: .failed, issue: Self.threeDSStop(result, stage: threeDSRequestStage ?? stage))
    }

    /// Why 3-D Secure's `result` stopped the run at `stage`: `three_ds_error`,
    /// `authentication_failed`, `authentication_unavailable` or `card_not_supported`.
    static func threeDSStop(_ result: ThreeDSResult, stage: String) -> AnswerIssue {
        let why =
            switch result {
            case .authenticationFailed: "The shopper did not pass 3-D Secure"
            case .authenticationUnavailable: "3-D Secure was not available for this card"
            case .cardNotSupported: "The card does not take part in 3-D Secure"
            case .threeDSError: "3-D Secure failed with an error at the provider or the issuer"
            case .authenticationSucceeded, .authenticationBypassed, .authenticationCanceled: "3-D Secure did not pass"
            }
        return AnswerIssue(
            path: stage, code: result.rawValue.lowercased(),
            message: "\(why) (\(result.rawValue)); without 'processFailed3DS: true' the card is not charged.")
    }

    func emitPending(_ action: String, stage: String) {
        emit(
            .threeDSPending, stage: stage,
            attributes: [JSONMember("state", .string("pending")), JSONMember("requiredAction", .string(action))])
    }

    /// Shows the challenge screen; nil when the answer is missing and the front end does not retry.
    nonisolated(nonsending) func askChallenge(stage: StageRef) async -> ChallengeResponse? {
        let p = prompt(.threeDSChallenge, stage: "threeDSChallenge")
        if let d = dwellTime(p) { await dwell(d, stage: p.stageId) }
        while true {
            let answer: ScreenAnswer
            if let ready = runner.frontend.answerAtOnce(p) {
                answer = ready
            } else {
                guard let asked = try? await runner.frontend.answer(p) else { return nil }
                answer = asked
            }
            switch answer {
            case .cancel, .threeDSChallenge(_, cancel: true): return .cancel
            case .threeDSChallenge(let code?, _) where !code.isEmpty: return .code(code)
            default:
                let found = [
                    AnswerIssue(
                        path: "threeDS.code", code: "required",
                        message: "the card's issuer asks for a 3-D Secure challenge code (or threeDS.cancel: true)")
                ]
                if await !runner.frontend.rejected(p, issues: found) {
                    issues += found
                    return nil
                }
            }
        }
    }

    /// Charges with one idempotency key; transient failures and timeouts are retried with
    /// backoff under that key, so a retry never charges twice. With a journal the key is
    /// recorded (`charge.sent`) before the first attempt, and a resumed run whose charge was
    /// sent but never answered sends it again under the same key.
    nonisolated(nonsending) private func charge(_ kind: StepKind, stage step: StageRef, visit: Int) async throws -> StageResult {
        let stage = step.id
        guard let card = tokenized else { throw ProviderError(.rejected, "no tokenized card to charge") }
        let chargeKind: ChargeRequest.Kind = kind == .sale ? .sale : kind == .authorize ? .authorization : .subscription
        let sent = runner.journal?.entry("charge.sent", stage: stage, visit: visit)?.fields["idempotencyKey"]
        var request = ChargeRequest(
            kind: chargeKind, card: card, amount: price.total, idempotencyKey: sent ?? (runner.idempotencyKeys ?? runner.random).hex(32),
            threeDSResult: threeDS,
            threeDSRequested: threeDSRequested)
        request.currency = price.currency
        request.orderId = self.request.orderId
        request.metadata = self.request.metadata
        request.customerIP = self.request.customerIP
        request.returnURLs = runner.flow.definition.provider.returnURLs
        if step.hooks.contains(.signature), let signing = runner.flow.definition.provider.signature {
            request.signed = try await sign(request, with: signing, stage: stage)
        }
        if let sent {
            emit(.chargeResent, stage: stage, attributes: [JSONMember("idempotencyKey", .string(sent))])
        } else {
            try journal(
                JournalEntry(
                    "charge.sent", stage: stage, visit: visit,
                    fields: ["idempotencyKey": request.idempotencyKey, "kind": chargeKind.rawValue]))
        }
        let outcome: ChargeOutcome
        if runner.provider.threeDSInsideCharge {
            switch try await chargeAuthenticatingInside(request, stage: step, visit: visit) {
            case .charged(let o): outcome = o
            case .stopped(let result): return result
            }
        } else {
            outcome = try await withRetry(step, request) { p, r in try await p.charge(r) }
        }
        chargeStep = kind
        switch outcome {
        case .approved(let t):
            transaction = t
            declineCode = nil
            try journal(JournalEntry("charge.done", stage: stage, visit: visit, fields: chargeDoneFields(t, outcome: "approved")))
            endStep(stage, kind, outcome: "approved", transaction: t.id)
            return .next
        case .declined(let code, let t):
            transaction = t
            declineCode = code
            try journal(
                JournalEntry(
                    "charge.done", stage: stage, visit: visit,
                    fields: chargeDoneFields(t, outcome: "declined").merging(["declineCode": code]) { a, _ in a }))
            endStep(stage, kind, outcome: "declined", [JSONMember("declineCode", .string(code))])
            return .end(.declined)
        }
    }
}

extension Duration {
    /// Seconds as a floating-point interval (for comparing with `Date` differences).
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    /// Whole milliseconds.
    package var milliseconds: Int { Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) }
}
