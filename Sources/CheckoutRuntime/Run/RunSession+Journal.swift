import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// The run journal (`RunJournal`) as the interpreter writes and reads it: what each step
/// records when it completes, and how a resumed run restores it instead of calling the
/// provider again. Screens are not journaled: a resumed run asks them again (headless: the
/// same answers, checked by the journal's digest), which rebuilds the addresses, the price
/// and the choices; the card is taken again only when tokenize had not completed.
extension RunSession {
    /// The prefix of a `threeDS` step's fields that the provider keeps (`threeDSRecord`).
    static let providerField = "provider."

    /// The entries written just before a charge or wallet payment is sent.
    static let sentEvents: Set<String> = ["charge.sent", "wallet.sent", "capture.sent", "void.sent", "refund.sent"]

    /// Writes `entry` when the run has a journal.
    ///
    /// A write that fails before anything was sent to charge stops the run (`journal_failed`):
    /// a charge the journal does not record could not be resumed exactly once. Once a charge
    /// or wallet payment has been sent, a failure no longer changes the run: its outcome is
    /// the payment's, and the journal's `writeFailure` tells the caller it cannot be resumed
    /// from safely. A `*.sent` entry that cannot be written always stops the run before it pays.
    func journal(_ entry: @autoclosure () -> JournalEntry) throws {
        guard let journal = runner.journal else { return }
        let entry = entry()
        do {
            try journal.append(entry)
        } catch let error as JournalError {
            let paid = journal.all.contains { Self.sentEvents.contains($0.event) }
            if paid, !Self.sentEvents.contains(entry.event) { return }
            throw JournalError.io(
                "\(error); the run stopped before charging, since a charge the journal could not record might be sent twice")
        }
    }

    /// The recorded result of this visit of a step, applied to the run; nil when the step
    /// has not completed before (or is local work that is simply done again).
    nonisolated(nonsending) func restore(
        _ kind: StepKind, stage: StageRef, visit: Int, from journal: RunJournal
    ) async -> StageResult? {
        let result: StageResult
        let outcome: String
        switch kind {
        case .createToken:
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit), let t = Self.token(e.fields) else { return nil }
            token = t
            // The token may live only in the killed process (the sandbox's): given back.
            await runner.provider.restoreToken(t, card: nil, record: [:])
            (result, outcome) = (.next, "success")
        case .tokenize:
            // A provider whose tokens die with the process (an adapter that keeps the card in
            // memory until the charge): the card, asked again from the answers, is tokenized again.
            guard runner.provider.tokensOutliveProcess else { return nil }
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit), let c = Self.tokenizedCard(e.fields) else {
                return nil
            }
            if stage.cardSource == .upfront {
                // The app's card data decides the payment method; the card itself is not sent again.
                let found = await takeUpfrontCard(stage: stage)
                guard found.isEmpty else {
                    issues += found
                    return .end(.invalid)
                }
            }
            card = nil
            bankDetails = nil
            tokenized = c
            if let t = Self.token(e.fields) { token = t }
            // What the provider kept about the card in the killed process (`tokenRecord`), given back.
            if let t = token { await runner.provider.restoreToken(t, card: c, record: Self.providerRecord(e.fields)) }
            maskedNumber = e.fields["maskedNumber"]
            holderName = e.fields["cardHolderName"]
            emitInputSubmitted()
            (result, outcome) = (.next, "success")
        case .threeDS:
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit), let recorded = e.fields["outcome"] else {
                return nil
            }
            if recorded == Self.threeDSRequestedOutcome {
                threeDSRequestStage = stage.id
                (result, outcome) = (.next, recorded)
            } else {
                guard let r = ThreeDSResult(rawValue: recorded) else { return nil }
                // What 3-D Secure left with the provider (an authorization), given back.
                let record = Self.providerRecord(e.fields)
                if let card = tokenized, !record.isEmpty { await runner.provider.restoreThreeDS(record, for: card) }
                threeDS = r
                (result, outcome) = (threeDSPolicy(r, stage: stage.id), r.rawValue)
            }
        case .sale, .authorize, .subscribe:
            if let e = journal.entry("charge.done", stage: stage.id, visit: visit), let t = Self.transaction(e.fields) {
                transaction = t
                chargeStep = kind
                declineCode = e.fields["declineCode"]
                if let r = e.fields["threeDS"].flatMap(ThreeDSResult.init(rawValue:)) { threeDS = r }
                (result, outcome) = declineCode == nil ? (.next, "approved") : (.end(.declined), "declined")
            } else if let e = journal.entry("threeDS.done", stage: stage.id, visit: visit),
                let r = e.fields["outcome"].flatMap(ThreeDSResult.init(rawValue:))
            {
                // 3-D Secure inside the charge ended the run before money moved.
                threeDS = r
                (result, outcome) = (threeDSPolicy(r, stage: stage.id), r.rawValue)
            } else {
                return nil
            }
        case .walletPayment:
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit), let t = Self.transaction(e.fields) else {
                return nil
            }
            transaction = t
            chargeStep = nil
            invoiceId = e.fields["invoiceId"]
            (result, outcome) = (.next, "success")
        case .storeShopper:
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit) else { return nil }
            createdShopperId = e.fields["shopperId"]
            (result, outcome) = (.next, "success")
        case .capture, .void, .refund:
            guard let e = journal.entry("step.done", stage: stage.id, visit: visit), let done = restoreSettlement(kind, e.fields) else {
                return nil
            }
            (result, outcome) = done
        case .taxUpdate:
            // The tax service's answer is kept, so a resumed run charges the tax it was
            // answered before (the charge is re-sent under the same key with the same amount);
            // the table's tax is computed again, the same.
            guard stage.callsTaxService, let e = journal.entry("step.done", stage: stage.id, visit: visit),
                let text = e.fields["taxAmount"], let (amount, _) = DecimalText.parse(text)
            else { return nil }
            price.taxAmount = amount
            (result, outcome) = (.next, "success")
        case .currencyUpdate:
            return nil
        }
        emit(.stepRestored, stage: stage.id, attributes: [JSONMember("outcome", .string(outcome))])
        return result
    }

    /// The fields under `providerField`, without the prefix: what the provider asked to keep.
    static func providerRecord(_ f: [String: String]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: f.filter { $0.key.hasPrefix(providerField) }.map {
                (String($0.key.dropFirst(providerField.count)), $0.value)
            })
    }

    // MARK: Fields: what each record holds (never a card number, CVV or credential)

    static func fields(of token: CheckoutToken) -> [String: String] {
        ["tokenId": token.id, "tokenExpiresAt": String(token.expiresAt.timeIntervalSince1970)]
    }

    static func token(_ f: [String: String]) -> CheckoutToken? {
        guard let id = f["tokenId"], let at = f["tokenExpiresAt"].flatMap(Double.init) else { return nil }
        return CheckoutToken(id: id, expiresAt: Date(timeIntervalSince1970: at))
    }

    static func fields(of card: TokenizedCard) -> [String: String] {
        var f = [
            "cardToken": card.token, "brand": card.brand.rawValue, "last4": card.last4, "issuingCountry": card.issuingCountry,
            "expiry": "\(card.expiry.month)/\(card.expiry.year)",
        ]
        f["paymentMethodToken"] = card.paymentMethodToken
        return f
    }

    static func tokenizedCard(_ f: [String: String]) -> TokenizedCard? {
        guard let token = f["cardToken"], let brand = f["brand"].flatMap(CardBrand.init(rawValue:)), let last4 = f["last4"],
            let country = f["issuingCountry"], let parts = f["expiry"]?.split(separator: "/"), parts.count == 2,
            let month = Int(parts[0]), let year = Int(parts[1])
        else { return nil }
        return TokenizedCard(
            token: token, brand: brand, last4: last4, issuingCountry: country, expiry: CardExpiry(month: month, year: year),
            paymentMethodToken: f["paymentMethodToken"])
    }

    static func fields(of t: Transaction, outcome: String? = nil) -> [String: String] {
        var f = ["transactionId": t.id, "transactionType": t.type, "transactionStatus": t.status]
        f["outcome"] = outcome
        f["authCode"] = t.authCode
        f["responseCode"] = t.responseCode
        f["responseMessage"] = t.responseMessage
        if let amount = t.amount {
            f["amount"] = DecimalText.format(amount.amount, scale: amount.currency.minorUnits)
            f["currency"] = amount.currency.code
        }
        return f
    }

    static func transaction(_ f: [String: String]) -> Transaction? {
        guard let id = f["transactionId"], let type = f["transactionType"], let status = f["transactionStatus"] else { return nil }
        var amount: Money?
        if let text = f["amount"], let value = DecimalText.parse(text)?.value, let currency = f["currency"].flatMap(Currency.iso) {
            amount = Money(amount: value, currency: currency)
        }
        return Transaction(
            id: id, type: type, status: status, amount: amount, authCode: f["authCode"], responseCode: f["responseCode"],
            responseMessage: f["responseMessage"])
    }
}
