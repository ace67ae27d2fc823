import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

/// A `SALE3D`/`AUTH3D` waiting for the shopper at the fake's ACS page.
struct PendingAuthentication: Sendable {
    /// The merchant's `transaction_unique_id`.
    var key: String
    /// The `pareq` the answer carried.
    var pareq: String
    /// The transaction's signed fields.
    var fields: [String: String]
    /// The card's behaviour (never the card).
    var behavior: SandboxCardBehavior
    /// Set once the ACS page has had the shopper's answer.
    var completed = false
}

/// 3-D Secure as the fake Maxpay runs it inside `SALE3D`/`AUTH3D`, per the sandbox's card
/// table (SPEC §7): a frictionless card's answer is final and carries its result
/// (`three_ds_result`, the fake's own field); a result that does not pass (failed,
/// unavailable, error, card not supported) is declined with `MaxpayCodes.authenticationFailed`
/// and charges nothing. A challenge card is answered `success` with `acs_url` (this server's
/// `/acs/{reference}`) and `pareq`; the ACS page takes `PaReq`, `MD`, `TermUrl` and the
/// shopper's `code` (`1234` passes) or `cancel=true`, finishes the transaction (charging only
/// when authentication passed), and from then on the transaction's `transaction_unique_id`
/// is answered with its final answer.
extension FakeMaxpay {
    /// The code the fake ACS page accepts (the sandbox's).
    package static let challengeCode = SandboxData.challengeCode

    /// How often the ACS page was posted to.
    package var acsPosts: Int { state.withLock { $0.acsPosts } }

    func authenticate(
        _ behavior: SandboxCardBehavior, fields: [String: String], reference: String, state s: inout State
    ) -> MaxpayResponse {
        let key = fields["transaction_unique_id"] ?? ""
        let result: ThreeDSResult
        switch behavior.threeDS {
        case .frictionless(let r): result = r
        case .fingerprintFrictionless: result = .authenticationSucceeded
        case .challenge, .fingerprintThenChallenge:
            let pareq = "PAREQ-\(reference)-\(key.prefix(8))"
            s.pending[reference] = PendingAuthentication(key: key, pareq: pareq, fields: fields, behavior: behavior)
            return MaxpayResponse(
                status: "success", code: MaxpayCodes.success.code, message: "3-D Secure authentication required", reference: reference,
                transactionUniqueId: key, acsURL: HTTPFailure.joined(baseURL, "acs/\(reference)"), pareq: pareq)
        }
        return finish(behavior, fields: fields, reference: reference, result: result, state: &s)
    }

    /// The transaction's final answer once authentication gave `result`.
    func finish(
        _ behavior: SandboxCardBehavior, fields: [String: String], reference: String, result: ThreeDSResult, state s: inout State
    ) -> MaxpayResponse {
        guard result.proceeds(processFailed3DS: false) else {
            let e = MaxpayCodes.authenticationFailed
            return MaxpayResponse(
                status: "decline", code: e.code, message: e.message, reference: reference,
                transactionUniqueId: fields["transaction_unique_id"], threeDSResult: result.rawValue)
        }
        return Self.charge(behavior, fields: fields, reference: reference, threeDS: result, state: &s)
    }

    /// The issuer's page: checks `PaReq` and `MD` against the pending transaction, takes the
    /// shopper's answer once (a second post of a finished one changes nothing), and answers
    /// with the page that would send the browser back to `TermUrl`, which must be the
    /// transaction's signed `redirect_url` when it has one.
    func acs(_ request: ServerRequest, reference: String) -> ServerResponse {
        let form = Self.formFields(request.body)
        return state.withLock { s -> ServerResponse in
            s.acsPosts += 1
            guard var pending = s.pending[reference], form["MD"] == reference, form["PaReq"] == pending.pareq,
                let term = form["TermUrl"], !term.isEmpty
            else { return Self.page(400, "Unknown or malformed 3-D Secure request") }
            // The SDKs post the merchant's redirect URL as `TermUrl` (Android `ThreeDSFragment`).
            if let redirect = pending.fields["redirect_url"], term != redirect {
                return Self.page(400, "TermUrl is not the transaction's redirect_url")
            }
            if !pending.completed {
                let result: ThreeDSResult =
                    form["cancel"] == "true"
                    ? .authenticationCanceled : form["code"] == Self.challengeCode ? .authenticationSucceeded : .authenticationFailed
                let final = finish(pending.behavior, fields: pending.fields, reference: reference, result: result, state: &s)
                s.answered[pending.key] = final.json()
                pending.completed = true
                s.pending[reference] = pending
            }
            return Self.page(200, "Authentication complete: returning to \(term)")
        }
    }

    static func page(_ status: Int, _ text: String) -> ServerResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/html; charset=utf-8")
        return ServerResponse(status: status, headers: headers, body: Data("<html><body><p>\(text)</p></body></html>".utf8))
    }

    /// An `application/x-www-form-urlencoded` body's fields.
    static func formFields(_ body: Data) -> [String: String] {
        var out: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            out[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return out
    }
}
