import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutRuntime
package import Foundation

/// The answer to a Maxpay `api/cc` transaction (its SDK's `PAYTransactionResponse`): `status`
/// (`success`, `decline` or `error`), a numeric `code`, a `message`, and Maxpay's `reference`
/// for the transaction. `outcome(of:)` maps it to what the runtime understands; the sandbox's
/// Maxpay answers and an HTTP adapter read the same JSON through the same mapping.
package struct MaxpayResponse: Sendable, Hashable {
    /// `success`, `decline` or `error` (compared without case; anything else is an error).
    public var status: String
    /// The response code; `0` is "Transaction processed successfully". Optional, as in Maxpay's
    /// Android SDK (`BaseResponse`): an answer without one is read by its `status`.
    public var code: Int?
    /// Maxpay's text for the code.
    public var message: String
    /// Maxpay's id for the transaction (the result's `transaction.id`).
    public var reference: String?
    /// The merchant's id for the transaction, echoed back (the request's idempotency key).
    public var transactionUniqueId: String?
    /// The issuer's authorization code, on success.
    public var authCode: String?
    /// The issuer's 3-D Secure page (`SALE3D`/`AUTH3D`): the shopper's browser must post
    /// `PaReq`, `MD` (the `reference`) and `TermUrl` there; the answer is not final until then.
    public var acsURL: String?
    /// The 3-D Secure request to post to `acsURL` as `PaReq`.
    public var pareq: String?
    /// How 3-D Secure went, by SPEC §8's names (`AUTHENTICATION_SUCCEEDED`, …). Not one of
    /// Maxpay's documented fields: the fake Maxpay sends it; real Maxpay answers without it.
    public var threeDSResult: String?

    /// True when the answer sends the shopper to the issuer's 3-D Secure page: it has an
    /// `acs_url`, with or without `pareq` (Maxpay's Android SDK, `ThreeDSFragment.kt`, posts the
    /// form when there is a `pareq` and opens the page as it is when there is none).
    public var requiresAuthentication: Bool { !(acsURL ?? "").isEmpty }

    /// Creates a response.
    public init(
        status: String, code: Int?, message: String, reference: String? = nil, transactionUniqueId: String? = nil,
        authCode: String? = nil, acsURL: String? = nil, pareq: String? = nil, threeDSResult: String? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.reference = reference
        self.transactionUniqueId = transactionUniqueId
        self.authCode = authCode
        self.acsURL = acsURL
        self.pareq = pareq
        self.threeDSResult = threeDSResult
    }

    /// Reads a response body. A body that is not a JSON object with a `status` (and, when there
    /// is a `code`, a numeric one) is a transport fault (`provider_unavailable`, retryable with the same
    /// `transaction_unique_id`): the transaction may have gone through, so it is asked again
    /// rather than guessed.
    public init(json body: Data) throws(ProviderError) {
        let object = JSONParser.parse(body)
        let code = object?["code"].map { $0.text.flatMap { Int($0) } }
        guard let object, let status = object["status"]?.string, code != .some(nil) else {
            throw ProviderError(.unavailable, "Maxpay's answer could not be read (\(body.count) bytes, not a transaction response)")
        }
        self.init(
            status: status, code: code ?? nil, message: object["message"]?.string ?? "", reference: object["reference"]?.text,
            transactionUniqueId: object["transaction_unique_id"]?.text, authCode: object["authcode"]?.text,
            acsURL: object["acs_url"]?.string, pareq: object["pareq"]?.string, threeDSResult: object["three_ds_result"]?.string)
    }

    /// The response as Maxpay sends it (keys in byte order, so the bytes are stable).
    public func json() -> Data {
        var o = JSONObjectBuilder()
        o.add("acs_url", acsURL)
        o.add("authcode", authCode)
        o.add("code", code)
        o.add("message", message)
        o.add("pareq", pareq)
        o.add("reference", reference)
        o.add("status", status)
        o.add("three_ds_result", threeDSResult)
        o.add("transaction_unique_id", transactionUniqueId)
        return o.value.data
    }

    /// What the charge came to:
    /// - `success` → approved; the transaction's id is the `reference`, its type the signed
    ///   `transaction_type` (`SALE3D`, `AUTH`, …), with Maxpay's `authcode`, `code` and message. A success without a reference is a fault, asked
    ///   again under the same `transaction_unique_id`.
    /// - `decline` → declined with the code's decline name (`MaxpayCodes`; without a code,
    ///   `card_declined`), the transaction kept.
    /// - `error` → a `ProviderError`: `invalid_signature`, `processing_error` (retried) or
    ///   `rejected` (also without a code), with Maxpay's code and message (card digits masked).
    /// A response that names another `transaction_unique_id` is refused: it is not this charge's.
    public func outcome(of request: ChargeRequest) throws(ProviderError) -> ChargeOutcome {
        if let echoed = transactionUniqueId, echoed != request.idempotencyKey {
            throw ProviderError(.rejected, "Maxpay answered for another transaction (\(echoed))")
        }
        let type = request.signed?.fields["transaction_type"] ?? request.kind.rawValue
        switch status.lowercased() {
        case "success":
            guard let reference, !reference.isEmpty else {
                throw ProviderError(.unavailable, "Maxpay reported success without a transaction reference")
            }
            return .approved(
                Transaction(
                    id: reference, type: type, status: "APPROVED", amount: request.amount, authCode: authCode,
                    responseCode: code.map(String.init), responseMessage: ProviderText.masked(message).nonEmpty))
        case "decline":
            let transaction = Transaction(
                id: reference ?? "", type: type, status: "DECLINED", amount: request.amount, responseCode: code.map(String.init),
                responseMessage: ProviderText.masked(message).nonEmpty)
            return .declined(code: code.map(MaxpayCodes.declineCode(for:)) ?? MaxpayCodes.cardDeclined.name, transaction: transaction)
        default:
            let number = code.map { " \($0)" } ?? ""
            throw ProviderError(
                code.map(MaxpayCodes.errorCode(for:)) ?? .rejected, "Maxpay error\(number): \(ProviderText.masked(message))")
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
