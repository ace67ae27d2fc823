import CheckoutDomain
import CheckoutJSON
import CheckoutRuntime
import Foundation

extension SpreedlyProvider {
    /// What Spreedly already did for `orderId` on the payment method `vault`, asked before any
    /// purchase or authorization is sent: Spreedly gives `order_id` no deduplication (nothing in
    /// its API or in spreedly-gem 6f2987fe says otherwise), so a retry after a lost answer,
    /// `gateway_processing_result_unknown` or a resumed run must look before it charges. The
    /// question is spreedly-gem's `list_transactions` for one payment method
    /// (`GET v1/payment_methods/{token}/transactions.json`, lib/spreedly/urls.rb
    /// `list_transactions_url`); the payment method is this run's own (not retained), so its
    /// list is short.
    ///
    /// - a `succeeded`, `failed` or `pending` transaction of the order is the answer (nil
    ///   when there is none, or only `gateway_processing_failed` ones: Spreedly's gateway did not
    ///   process those, so sending the order again is safe);
    /// - `processing` is retried later (`transient`);
    /// - `gateway_processing_result_unknown` is refused: the gateway may have charged, and only
    ///   someone looking at the transaction can tell (docs/providers.md).
    func earlier(_ vault: String, orderId: String) async throws -> SpreedlyTransaction? {
        try await earlier(listedAt: "payment_methods/\(vault)/transactions.json?order=desc", orderId: orderId)
    }

    /// A wallet payment's earlier attempt: a resumed run vaults a new wallet payment method, so
    /// the question is the environment's list, newest first (`GET v1/transactions.json`, the
    /// gem's `list_transactions_url` without a payment method). Only its first page is read
    /// (docs/providers.md, known issues).
    func earlierWalletPayment(orderId: String) async throws -> SpreedlyTransaction? {
        try await earlier(listedAt: "transactions.json?order=desc", orderId: orderId)
    }

    func earlier(listedAt path: String, orderId: String) async throws -> SpreedlyTransaction? {
        let response = try await api.get(path)
        guard response.isSuccess else { throw api.failure(response, "the payment method's transactions") }
        guard let body = JSONParser.parse(response.body), let items = body["transactions"]?.items else {
            throw HTTPFailure.malformed("the payment method's transactions", host: api.host)
        }
        let mine = items.compactMap { t -> SpreedlyTransaction? in
            guard t["order_id"]?.text == orderId, ["Purchase", "Authorization"].contains(t["transaction_type"]?.text ?? ""),
                let token = t["token"]?.text, let state = t["state"]?.text
            else { return nil }
            return SpreedlyTransaction(json: t, token: token, state: state)
        }
        for state in ["succeeded", "pending", "failed"] {
            if let t = mine.first(where: { $0.state == state }) { return t }
        }
        if let unknown = mine.first(where: { $0.state == "gateway_processing_result_unknown" }) {
            let token = SpreedlyAPI.isWord(unknown.token) ? unknown.token : "?"
            throw ProviderError(
                .rejected,
                "Spreedly's gateway did not say whether transaction \(token) charged (gateway_processing_result_unknown); "
                    + "not charging again: look the transaction up in Spreedly before retrying")
        }
        if mine.contains(where: { $0.state == "processing" }) {
            throw ProviderError(.transient, "Spreedly's gateway is still processing an earlier attempt of this charge")
        }
        return nil
    }
}

extension SpreedlyProvider {
    /// POSTs a purchase or authorization of `orderId` that `earlier` did not find. A request
    /// that got no answer in time may still be under way at Spreedly, where a look-up cannot see
    /// it yet: its order is not sent again by this adapter (the retry only looks, and a run
    /// resumed later looks again), so a slow gateway cannot make a second charge. An answer, even
    /// a broken one or a 5xx, means Spreedly is done with the request, and the look-up is trusted.
    func sendCharge(_ path: String, body: JSONValue, orderId: String) async throws -> HTTPResponse {
        if unanswered.contains(orderId) {
            throw ProviderError(
                .transient,
                "an earlier attempt of this charge got no answer in time and may still be under way at Spreedly; "
                    + "it is looked for again before anything is sent")
        }
        do {
            return try await api.post(path, body: body)
        } catch let error as ProviderError where error.code == .timeout {
            unanswered.insert(orderId)
            throw error
        } catch let error as CancellationError {
            unanswered.insert(orderId)
            throw error
        }
    }
}
