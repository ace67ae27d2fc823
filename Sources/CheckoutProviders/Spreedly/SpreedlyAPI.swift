import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// The plumbing under `SpreedlyProvider`: URLs under `v1/`, Basic auth, and Spreedly's answers
/// read into `SpreedlyTransaction`s or `ProviderError`s with stable codes. No message carries
/// a request body, a credential or Spreedly's free-text messages.
struct SpreedlyAPI: Sendable {
    let configuration: SpreedlyConfiguration
    let transport: any HTTPTransport

    var host: String { HTTPFailure.hostAndPort(configuration.baseURL) }

    /// POSTs `body` to `v1/PATH` and returns the response; a 5xx is thrown as `unavailable`
    /// (retryable), any other status is returned for the caller to read.
    func post(_ path: String, body: JSONValue) async throws -> HTTPResponse {
        try await send("POST", path, body: body)
    }

    /// POSTs to `v1/PATH` with no body (`complete.json`), with the same handling as `post`.
    func post(_ path: String) async throws -> HTTPResponse {
        try await send("POST", path, body: nil)
    }

    /// POSTs the shopper's challenge `code`, form-encoded, to the issuer's page at `url` (a
    /// transaction's `challenge_url`, relative to the base URL if not absolute), as the
    /// shopper's browser would: no Spreedly credentials go there. Any answer below 400 counts
    /// as posted; Spreedly's `complete.json` then says how the challenge ended.
    func postChallenge(_ code: String, to text: String) async throws {
        guard let url = URL(string: text, relativeTo: configuration.baseURL)?.absoluteURL,
            url.scheme == "https" || url.scheme == "http"
        else {
            throw ProviderError(.rejected, "Spreedly's challenge_url is not a URL")
        }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = "code=" + (code.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        let request = HTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(body.utf8))
        let response = try await transport.send(request, timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: HTTPFailure.hostAndPort(url)) }
        guard response.status < 400 else {
            throw ProviderError(.rejected, "the issuer's challenge page refused the answer (HTTP \(response.status))")
        }
    }

    /// GETs `v1/PATH` (a transaction read back), with the same handling as `post`.
    func get(_ path: String) async throws -> HTTPResponse {
        try await send("GET", path, body: nil)
    }

    private func send(_ method: String, _ path: String, body: JSONValue?) async throws -> HTTPResponse {
        guard let url = URL(string: HTTPFailure.joined(configuration.baseURL, "v1/" + path)) else {
            throw ProviderError(.rejected, "the Spreedly base URL is not a URL")
        }
        var headers: HTTPHeaders = ["Accept": "application/json", "Authorization": configuration.credentials.authorization]
        if body != nil { headers.set("Content-Type", "application/json") }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body?.data)
        let response = try await transport.send(request, timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: host) }
        return response
    }

    /// The transaction in a response: Spreedly answers a succeeded or pending transaction with
    /// 200/201 and a failed one with 422, both with `{"transaction": {…}}`. Anything else is a
    /// failure (`failure(_:_:)`).
    func transaction(_ response: HTTPResponse, _ what: String) throws -> SpreedlyTransaction {
        guard response.isSuccess || response.status == 422 else { throw failure(response, what) }
        guard let body = JSONParser.parse(response.body) else { throw HTTPFailure.malformed(what, host: host) }
        guard let t = body["transaction"] else {
            if response.isSuccess { throw HTTPFailure.malformed(what, host: host) }
            throw failure(response, what)
        }
        guard let token = t["token"]?.text, let state = t["state"]?.text else {
            throw HTTPFailure.malformed(what, host: host)
        }
        return SpreedlyTransaction(json: t, token: token, state: state)
    }

    /// The failure for a response that holds no transaction: credentials refused, an unknown
    /// gateway or payment method, or refused with Spreedly's error keys (never its messages).
    func failure(_ response: HTTPResponse, _ what: String) -> ProviderError {
        if response.status == 401 || response.status == 403 {
            return ProviderError(.rejected, "Spreedly refused the environment key and access secret (HTTP \(response.status)) for \(what)")
        }
        let keys = Self.errorKeys(in: response.body)
        if !keys.isEmpty {
            return ProviderError(.rejected, "Spreedly refused \(what): \(keys.joined(separator: ", "))")
        }
        if response.status == 404 || response.status == 405 {
            return ProviderError(.rejected, "\(host) has no Spreedly API for \(what) (HTTP \(response.status))")
        }
        return ProviderError(.rejected, "Spreedly refused \(what) (HTTP \(response.status))")
    }

    /// The `key`s of `{"errors": [{"attribute": …, "key": "errors.invalid", "message": …}]}`,
    /// at the top or under `transaction.payment_method` (a card Spreedly did not accept),
    /// each with its attribute: `number errors.invalid`. Keys and attributes are Spreedly's
    /// fixed words; messages are left out (they may quote what was sent).
    static func errorKeys(in body: Data) -> [String] {
        guard let json = JSONParser.parse(body) else { return [] }
        let lists = [json["errors"], json["transaction"]?["payment_method"]?["errors"], json["transaction"]?["errors"]]
        return lists.compactMap { $0?.items }.joined().compactMap { e -> String? in
            guard let key = e["key"]?.text, Self.isWord(key) else { return nil }
            if let attribute = e["attribute"]?.text, Self.isWord(attribute) { return "\(attribute) \(key)" }
            return key
        }
    }

    /// Letters, digits, `_` and `.` only, at most 64: a key, not free text.
    static func isWord(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
    }
}

/// One of Spreedly's transactions as the adapter reads it.
struct SpreedlyTransaction: Sendable {
    /// The whole `transaction` object.
    var json: JSONValue
    /// Its token (the transaction's id).
    var token: String
    /// `succeeded`, `failed`, `pending`, `gateway_processing_failed`, …
    var state: String

    /// `required_action` of a pending transaction (`device_fingerprint`, `challenge`), else nil.
    var requiredAction: String? {
        guard let a = json["required_action"]?.text, a != "none" else { return nil }
        return a
    }

    /// The gateway's `response.error_code` of a failed transaction.
    var errorCode: String? {
        guard let code = json["response"]?["error_code"]?.text, SpreedlyAPI.isWord(code) else { return nil }
        return code.lowercased()
    }

    /// The gateway's `response.message` ("Successful purchase"), masked: what the merchant's
    /// server keeps with the transaction.
    var responseMessage: String? { ProviderText.maskedOrNil(json["response"]?["message"]?.text) }

    /// The gateway's own id of the transaction (`gateway_transaction_id`; for PayPal, PayPal's).
    var gatewayTransactionId: String? {
        guard let id = json["gateway_transaction_id"]?.text, SpreedlyAPI.isWord(id) else { return nil }
        return id
    }

    /// The 3-D Secure result the transaction carries (`three_ds_result`, the fake's field; see
    /// docs/providers.md), else what its state says: succeeded → authenticated, else failed.
    var threeDSResult: ThreeDSResult {
        if let text = json["three_ds_result"]?.text, let r = ThreeDSResult(rawValue: text) { return r }
        return state == "succeeded" ? .authenticationSucceeded : .authenticationFailed
    }

    /// The states worth sending again with the same `order_id`: the gateway did not give a
    /// definite answer.
    static let transientStates: Set<String> = ["gateway_processing_failed", "gateway_processing_result_unknown", "processing"]

    var isTransient: Bool { Self.transientStates.contains(state) }
}
