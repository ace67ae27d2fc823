import CheckoutDomain
import CheckoutLanguage
import Foundation

/// Wraps the run's provider and records every call the run makes through it (operation, fields
/// handed over, answer) in a `ProviderCallLog`; everything else goes straight to the base. The
/// one place records are made: whatever the provider (the sandbox, an HTTP adapter), the
/// runtime hands it the same arguments, so the records read the same.
struct RecordingProvider: PaymentProvider {
    let base: any PaymentProvider
    let log: ProviderCallLog

    /// Calls `body`; records its answer (or the error it threw) with `fields`.
    private func record<T>(
        _ operation: ProviderCall.Operation, _ fields: ProviderCallFields, _ body: () async throws -> T,
        answer: (T) -> ProviderCallAnswer
    ) async throws -> T {
        let generation = log.begin(operation, fields)
        do {
            let value = try await body()
            log.append(ProviderCall(operation, fields: fields, answer: answer(value)), generation: generation)
            return value
        } catch {
            log.append(ProviderCall(operation, fields: fields, answer: ProviderCallAnswer(error: error)), generation: generation)
            throw error
        }
    }

    func createToken() async throws -> CheckoutToken {
        try await record(.createToken, ProviderCallFields(), { try await base.createToken() }) { token in
            var a = ProviderCallAnswer("ok")
            a.token = token.id
            return a
        }
    }

    func currencyRates() async throws -> CurrencyTable {
        try await record(.rates, ProviderCallFields(), { try await base.currencyRates() }) { _ in ProviderCallAnswer("ok") }
    }

    func shopper(id: String) async throws -> StoredShopper? {
        var f = ProviderCallFields()
        f.shopperId = id
        return try await record(.shopper, f, { try await base.shopper(id: id) }) { shopper in
            guard let shopper else { return ProviderCallAnswer("notFound") }
            var a = ProviderCallAnswer("ok")
            a.id = shopper.id
            return a
        }
    }

    func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        try await tokenize(source, token: token, details: TokenizeDetails())
    }

    func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard {
        var f = ProviderCallFields()
        f.card = ProviderCallCard(source)
        if case .stored(let shopperId, _) = source { f.shopperId = shopperId }
        f.checkoutToken = token.id
        f.billing = details.billing
        f.shipping = details.shipping
        f.fraudSessionId = details.fraudSessionId
        f.storeCard = details.storeCard
        return try await record(.tokenize, f, { try await base.tokenize(source, token: token, details: details) }) { card in
            var a = ProviderCallAnswer("ok")
            a.token = card.token
            a.card = ProviderCallCard(card)
            a.paymentMethodToken = card.paymentMethodToken
            return a
        }
    }

    func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        var f = ProviderCallFields()
        f.amount = amount
        f.card = ProviderCallCard(card)
        f.cardToken = card.token
        return try await record(.threeDSStart, f, { try await base.startThreeDS(card, amount: amount) }, answer: ProviderCallAnswer.init)
    }

    func submitFingerprint(_ session: String) async throws -> ThreeDSProgress {
        var f = ProviderCallFields()
        f.session = session
        return try await record(.threeDSFingerprint, f, { try await base.submitFingerprint(session) }, answer: ProviderCallAnswer.init)
    }

    func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        var f = ProviderCallFields()
        f.session = session
        if case .cancel = response { f.challengeAnswer = "cancel" } else { f.challengeAnswer = "code" }
        return try await record(.threeDSChallenge, f, { try await base.completeChallenge(session, response: response) }) { result in
            var a = ProviderCallAnswer("completed")
            a.threeDSResult = result
            return a
        }
    }

    func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        try await record(.charge, Self.fields(request), { try await base.charge(request) }, answer: ProviderCallAnswer.init)
    }

    func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        var f = ProviderCallFields()
        f.paymentType = method.paymentType
        f.amount = amount
        f.idempotencyKey = idempotencyKey
        return try await record(
            .walletPayment, f, { try await base.walletPayment(method, amount: amount, idempotencyKey: idempotencyKey) }
        ) { outcome in
            var a = ProviderCallAnswer("approved")
            a.transactionId = outcome.transaction.id
            a.transactionStatus = outcome.transaction.status
            a.invoiceId = outcome.invoiceId
            return a
        }
    }

    func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        var f = ProviderCallFields()
        f.shopperId = shopperId
        f.card = ProviderCallCard(card)
        f.cardToken = card.token
        return try await record(.storeChosenMethod, f, { try await base.storeChosenMethod(shopperId: shopperId, card: card) }) { id in
            var a = ProviderCallAnswer("ok")
            a.id = id
            return a
        }
    }

    func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        var f = ProviderCallFields()
        f.shopperId = shopperId
        f.paymentType = method.paymentType
        return try await record(.storeChosenMethod, f, { try await base.storeChosenWallet(method, shopperId: shopperId, token: token) }) {
            id in
            var a = ProviderCallAnswer("ok")
            a.id = id
            return a
        }
    }

    func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await record(.capture, Self.fields(operation), { try await base.capture(operation) }, answer: ProviderCallAnswer.init)
    }

    func void(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await record(.void, Self.fields(operation), { try await base.void(operation) }, answer: ProviderCallAnswer.init)
    }

    func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await record(.refund, Self.fields(operation), { try await base.refund(operation) }, answer: ProviderCallAnswer.init)
    }

    var threeDSInsideCharge: Bool { base.threeDSInsideCharge }
    var tokensOutliveProcess: Bool { base.tokensOutliveProcess }
    var requestSigner: (any RequestSigner)? { base.requestSigner }

    func threeDSRecord(for card: TokenizedCard) async -> [String: String] { await base.threeDSRecord(for: card) }

    func restoreThreeDS(_ record: [String: String], for card: TokenizedCard) async {
        await base.restoreThreeDS(record, for: card)
    }

    func tokenRecord(for card: TokenizedCard) async -> [String: String] { await base.tokenRecord(for: card) }

    func restoreToken(_ token: CheckoutToken, card: TokenizedCard?, record: [String: String]) async {
        await base.restoreToken(token, card: card, record: record)
    }

    func startCharge(_ request: ChargeRequest) async throws -> ChargeProgress {
        try await record(.charge, Self.fields(request), { try await base.startCharge(request) }) { progress in
            switch progress {
            case .finished(let outcome, let threeDS):
                var a = ProviderCallAnswer(outcome)
                a.threeDSResult = threeDS
                return a
            case .challengeRequired(let session):
                var a = ProviderCallAnswer("challengeRequired")
                a.session = session
                return a
            }
        }
    }

    func finishCharge(_ request: ChargeRequest, session: String) async throws -> ChargeOutcome {
        var f = Self.fields(request)
        f.session = session
        return try await record(
            .chargeFinish, f, { try await base.finishCharge(request, session: session) }, answer: ProviderCallAnswer.init)
    }

    /// A charge request's fields.
    static func fields(_ r: ChargeRequest) -> ProviderCallFields {
        var f = ProviderCallFields()
        f.transactionType = r.kind.rawValue
        f.amount = r.amount
        if r.amount == nil { f.currency = r.currency }
        f.card = ProviderCallCard(r.card)
        f.cardToken = r.card.token
        f.orderId = r.orderId
        f.metadata = r.metadata
        f.customerIP = r.customerIP
        f.idempotencyKey = r.idempotencyKey
        f.threeDSResult = r.threeDSResult
        if r.threeDSRequested { f.threeDSRequested = true }
        f.signedFields = r.signed.map { $0.fields.keys.sorted() }
        return f
    }

    /// A capture's, void's or refund's fields.
    static func fields(_ o: PaymentOperation) -> ProviderCallFields {
        var f = ProviderCallFields()
        f.transactionType = o.kind.rawValue
        f.transactionId = o.transactionId
        f.amount = o.amount
        if o.kind != .void { f.full = o.isFull }
        f.card = o.card.map(ProviderCallCard.init)
        f.idempotencyKey = o.idempotencyKey
        f.signedFields = o.signed.map { $0.fields.keys.sorted() }
        return f
    }
}
