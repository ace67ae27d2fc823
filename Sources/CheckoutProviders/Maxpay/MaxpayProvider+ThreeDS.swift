package import CheckoutDomain
import CheckoutLanguage
package import CheckoutRuntime
import Foundation

/// A `SALE3D`/`AUTH3D` waiting for the shopper at the issuer's 3-D Secure page.
struct MaxpayChallenge: Sendable {
    /// The issuer's page (`acs_url`).
    var acsURL: URL
    /// `PaReq`, as Maxpay gave it.
    var pareq: String
    /// `MD`: Maxpay's reference for the transaction.
    var md: String
    /// The charge, to ask Maxpay again under its `transaction_unique_id` (no card data in it).
    var request: ChargeRequest
    /// Maxpay's final answer, once learned.
    var final: MaxpayResponse?

    init(acsURL: URL, pareq: String, md: String, request: ChargeRequest) {
        self.acsURL = acsURL
        self.pareq = pareq
        self.md = md
        self.request = request
    }
}

/// 3-D Secure inside Maxpay's charge. Maxpay answers a `SALE3D`/`AUTH3D` that needs the
/// shopper with `acs_url` and `pareq`; the shopper's browser posts `PaReq`, `MD` (the
/// reference) and `TermUrl` to `acs_url`, the issuer's page authenticates, tells Maxpay, and
/// Maxpay finishes the transaction. Headless there is no browser, so this adapter stands in for
/// it: it posts the form itself with the shopper's answer (`code`, or `cancel=true`), then
/// learns the final status by sending the same signed `SALE3D` again under the same
/// `transaction_unique_id`, which Maxpay answers with the transaction's answer (its
/// documented idempotency: the fake replays it). Against the real Maxpay an issuer's page is
/// an HTML form for a person; posting a code to it works only with test ACS pages that take
/// one, and none of this was checked against live Maxpay (docs/providers.md).
extension MaxpayProvider {
    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        guard var challenge = challenges[session] else { throw ProviderError(.rejected, "no Maxpay 3-D Secure challenge is open") }
        // Without a `pareq` the page is opened as it is (Android `ThreeDSFragment.kt`): only
        // `MD` and `TermUrl` go with the shopper's answer.
        var form = challenge.pareq.isEmpty ? [] : [("PaReq", challenge.pareq)]
        let termURL = challenge.request.returnURLs?.redirect ?? configuration.returnURLs.redirect
        form += [("MD", challenge.md), ("TermUrl", termURL.absoluteString)]
        switch response {
        case .code(let code): form.append(("code", code))
        case .cancel: form.append(("cancel", "true"))
        }
        let answer = try await transport.send(
            HTTPRequest(
                method: "POST", url: challenge.acsURL, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(Self.formEncoded(form).utf8)),
            timeout: configuration.requestTimeout)
        let acsHost = HTTPFailure.hostAndPort(challenge.acsURL)
        if answer.status >= 500 { throw HTTPFailure.serverFailure(status: answer.status, host: acsHost) }
        guard (200..<400).contains(answer.status) else {
            throw ProviderError(.rejected, "the issuer's 3-D Secure page at \(acsHost) refused the answer (HTTP \(answer.status))")
        }
        if case .cancel = response {
            // The run ends canceled (SPEC §8); Maxpay's transaction ends without a charge.
            challenges[session] = nil
            forget(challenge.request.card.token)
            return .authenticationCanceled
        }
        let final = try await send(challenge.request)
        if final.requiresAuthentication {
            throw ProviderError(.unavailable, "Maxpay has not finished the 3-D Secure transaction yet")
        }
        challenge.final = final
        challenges[session] = challenge
        return Self.authenticationResult(final, challenge.request) ?? .authenticationFailed
    }

    /// How the challenged charge ended: Maxpay's final answer, learned by `completeChallenge`
    /// (or asked again under the same `transaction_unique_id`).
    public func finishCharge(_ request: ChargeRequest, session: String) async throws -> ChargeOutcome {
        let final: MaxpayResponse
        if let known = challenges[session]?.final {
            final = known
        } else {
            final = try await send(request)
            if final.requiresAuthentication {
                throw ProviderError(.unavailable, "Maxpay has not finished the 3-D Secure transaction yet")
            }
        }
        challenges[session] = nil
        return try outcome(of: final, request)
    }

    /// The 3-D Secure result of a final answer to a `SALE3D`/`AUTH3D` (or a charge the
    /// runtime asked 3DS for): the answer's `three_ds_result` when it names one (the fake's
    /// field); else `success` → `AUTHENTICATION_SUCCEEDED` (Maxpay completed the authenticated
    /// transaction), the authentication decline (`MaxpayCodes.authenticationFailed`) →
    /// `AUTHENTICATION_FAILED`, anything else unknown (nil).
    static func authenticationResult(_ response: MaxpayResponse, _ request: ChargeRequest) -> ThreeDSResult? {
        let type = request.signed?.fields["transaction_type"] ?? ""
        guard request.threeDSRequested || type.uppercased().hasSuffix("3D") else { return nil }
        if let named = response.threeDSResult.flatMap(ThreeDSResult.init(rawValue:)) { return named }
        switch response.status.lowercased() {
        case "success": return .authenticationSucceeded
        case "decline" where response.code == MaxpayCodes.authenticationFailed.code: return .authenticationFailed
        default: return nil
        }
    }

    /// `application/x-www-form-urlencoded`: names and values percent-encoded but for RFC 3986's
    /// unreserved characters.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        func encode(_ s: String) -> String { s.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
