import CheckoutDomain
package import Foundation

/// `provider.returnURLs`: the merchant's pages for 3-D Secure inside a charge. `redirect`: where
/// the issuer sends the shopper's browser back (Maxpay's `redirect_url`, also the challenge's
/// `TermUrl`); `callback`: where the provider posts the final answer (Maxpay's `callback_url`).
/// Maxpay's SDKs sign and send both with every `SALE3D`/`AUTH3D` (iOS `PAYSale3DRedirect`,
/// Android `MainViewModel.prepareForPayment`). Checked by the compiler: https, a host, no
/// user or password, no query parameter that looks like a secret.
package struct ReturnURLs: Sendable, Hashable {
    /// `redirect_url` and `TermUrl`.
    package var redirect: URL
    /// `callback_url`.
    package var callback: URL

    /// Creates the pair.
    package init(redirect: URL, callback: URL) {
        self.redirect = redirect
        self.callback = callback
    }

    /// Query parameter names that carry secrets: a return page is sent to the issuer and
    /// echoed in traces, so it must not hold one.
    static let secretWords = ["secret", "token", "key", "password", "passwd", "signature", "auth", "session", "credential"]

    /// Why `text` cannot be a return page, or nil when it can.
    package static func problem(with text: String) -> String? {
        guard let url = URL(string: text), let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "is not a URL"
        }
        guard components.scheme?.lowercased() == "https" else {
            return "must be an https:// URL (the shopper's browser and Maxpay reach it)"
        }
        guard let host = components.host, !host.isEmpty else { return "has no host" }
        if components.user != nil || components.password != nil {
            return "must not carry a user or password: the URL is signed and sent to the issuer"
        }
        if text.contains("${env:") { return "must not hold an environment reference: the URL is sent as written" }
        for item in components.queryItems ?? [] {
            let name = item.name.lowercased()
            if let word = secretWords.first(where: { name.contains($0) }) {
                return
                    "must not carry a secret in its query (parameter \(UserText.quoted(item.name)) looks like a \(word)): the URL is signed and sent to the issuer"
            }
        }
        return nil
    }
}
