import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// The plumbing under `BlueSnapProvider`: URLs under `services/2/`, headers, and BlueSnap's
/// error bodies (`{"message":[{"errorName":"EXPIRED_TOKEN","code":"14040","description":…}]}`)
/// turned into `ProviderError`s with stable codes. No message carries a request body, a
/// credential or a provider's free-text description.
struct BlueSnapAPI: Sendable {
    let configuration: BlueSnapConfiguration
    let transport: any HTTPTransport

    /// How a request proves who sends it.
    enum Auth {
        /// The merchant's API user (server-side calls).
        case basic
        /// A payment-fields token (the SDK's `Token-Authentication` header).
        case token(String)
        /// Nothing but the token in the path (the SDK's PUT of card data).
        case none
    }

    var host: String { HTTPFailure.hostAndPort(configuration.baseURL) }

    /// Sends one request under `services/2/` and returns the response; a 5xx is thrown as
    /// `unavailable` (retryable), any other status is returned for the caller to read.
    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], auth: Auth, body: JSONValue? = nil,
        idempotencyKey: String? = nil
    ) async throws -> HTTPResponse {
        guard var components = URLComponents(string: HTTPFailure.joined(configuration.baseURL, "services/2/" + path)) else {
            throw ProviderError(.rejected, "the BlueSnap base URL is not a URL")
        }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components.url else { throw ProviderError(.rejected, "the BlueSnap base URL is not a URL") }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if body != nil { headers.set("Content-Type", "application/json") }
        switch auth {
        case .basic: headers.set("Authorization", configuration.credentials.authorization)
        case .token(let token): headers.set("Token-Authentication", token)
        case .none: break
        }
        if let idempotencyKey { headers.set("Idempotency-Key", idempotencyKey) }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body?.data)
        let response = try await transport.send(request, timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: host) }
        return response
    }

    /// The JSON body of a successful response.
    func json(_ response: HTTPResponse, _ what: String) throws -> JSONValue {
        guard let value = JSONParser.parse(response.body) else { throw HTTPFailure.malformed(what, host: host) }
        return value
    }

    /// One `{errorName, code}` of an error body.
    struct APIError: Sendable, Equatable {
        var name: String
        var code: String
        /// BlueSnap's `description`, for people; may quote what was sent, so shown masked.
        var description: String = ""
    }

    /// The errors in a BlueSnap error body; empty when the body is not one.
    static func errors(in body: Data) -> [APIError] {
        guard let items = JSONParser.parse(body)?["message"]?.items else { return [] }
        return items.compactMap { item in
            guard let name = item["errorName"]?.text else { return nil }
            return APIError(name: name, code: item["code"]?.text ?? "", description: item["description"]?.text ?? "")
        }
    }

    /// Error names that mean the payment-fields token is gone: refresh it and retry once. The
    /// SDK (BS-iOS 043e660f `BSApiCaller.parseHttpError`) also regenerates on every
    /// `TOKEN_WAS_ALREADY_USED_FOR_*` and on `PAYPAL_TOKEN_ALREADY_USED`.
    static let tokenGone: Set<String> = ["EXPIRED_TOKEN", "TOKEN_NOT_FOUND", "PAYPAL_TOKEN_ALREADY_USED"]

    /// True when `name` says the token is gone (`tokenGone`, or `TOKEN_WAS_ALREADY_USED_FOR_*`).
    static func isTokenGone(_ name: String) -> Bool {
        tokenGone.contains(name) || name.hasPrefix("TOKEN_WAS_ALREADY_USED_FOR_")
    }

    /// Error names of processing failures that may pass on a retry with the same idempotency key.
    static let transientNames: Set<String> = [
        "GENERAL_PAYMENT_PROCESSING_ERROR", "PROCESSING_TIMEOUT", "THE_ISSUER_IS_UNAVAILABLE_OR_OFFLINE",
        "SYSTEM_TECHNICAL_ERROR", "NO_AVAILABLE_PROCESSORS", "BLS_CONNECTION_PROBLEM", "TRANSACTION_LOCKED",
    ]

    /// BlueSnap's decline names (code 14002) and the decline codes results report (SPEC §7's
    /// table speaks Stripe-style codes); a name not listed is reported lower-cased.
    static let declineCodes: [String: String] = [
        "INSUFFICIENT_FUNDS": "insufficient_funds",
        "CARD_LOST_OR_STOLEN": "lost_card",
        "PICKUP_CARD": "lost_card",
        "EXPIRED_CARD": "expired_card",
        "CVV_ERROR": "incorrect_cvc",
        "PROCESSING_GENERAL_DECLINE": "card_declined",
        "DO_NOT_HONOR": "card_declined",
        "CALL_ISSUER": "call_issuer",
        "RESTRICTED_CARD": "restricted_card",
        "LIMIT_EXCEEDED": "limit_exceeded",
        "INVALID_CARD_NUMBER": "incorrect_number",
        "HIGH_RISK_ERROR": "fraudulent",
        "THREE_D_SECURE_FAILURE": "authentication_required",
    ]

    /// The failure for a non-2xx response that is not a decline: token gone, transient,
    /// credentials refused, shopper missing, or refused with BlueSnap's error name.
    func failure(_ response: HTTPResponse, _ what: String) -> ProviderError {
        let errors = Self.errors(in: response.body)
        if let e = errors.first(where: { Self.isTokenGone($0.name) }) {
            return ProviderError(.tokenExpired, "BlueSnap: the payment-fields token has expired or was already used (\(e.name))")
        }
        if response.status == 409 {
            // BS-docs error-handling overview: a request with the same Idempotency-Key is still
            // in progress. Not a refusal: the first request may still charge, so retry the key.
            return ProviderError(
                .transient, "BlueSnap is still processing \(what) under this idempotency key (HTTP 409); retry with the same key")
        }
        if let e = errors.first(where: { Self.transientNames.contains($0.name) }) {
            return ProviderError(.transient, "BlueSnap could not complete \(what) (\(e.name)); retry with the same idempotency key")
        }
        if response.status == 401 || response.status == 403 || errors.contains(where: { $0.name == "USER_NOT_AUTHORIZED" }) {
            return ProviderError(.rejected, "BlueSnap refused the API credentials (HTTP \(response.status)) for \(what)")
        }
        if errors.contains(where: { $0.name == "SHOPPER_NOT_FOUND" }) {
            return ProviderError(.shopperNotFound, "BlueSnap has no such vaulted shopper")
        }
        if let e = errors.first {
            return ProviderError(.rejected, "BlueSnap refused \(what): \(e.name)\(e.code.isEmpty ? "" : " (\(e.code))")")
        }
        if response.status == 404 || response.status == 405 {
            return ProviderError(.rejected, "\(host) has no BlueSnap API for \(what) (HTTP \(response.status))")
        }
        return ProviderError(.rejected, "BlueSnap refused \(what) (HTTP \(response.status))")
    }
}

extension BlueSnapAPI.APIError {
    /// The declined transaction as the merchant's server needs it: BlueSnap's error `code`
    /// (14002) as the response code and its `description`, masked, as the message.
    func transaction(id: String, type: String, amount: Money?) -> Transaction {
        Transaction(
            id: id, type: type, status: "DECLINED", amount: amount, responseCode: code.isEmpty ? nil : code,
            responseMessage: ProviderText.maskedOrNil(description))
    }
}
