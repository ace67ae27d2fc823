package import Foundation

/// The merchant's pages for Maxpay's 3-D Secure: where the issuer sends the shopper's browser
/// back (`redirect_url`, also the challenge's `TermUrl`) and where Maxpay posts the final
/// answer (`callback_url`). Both SDKs sign and send them with a `SALE3D` (iOS
/// `PAYSale3DRedirect`, Android `MainViewModel.prepareForPayment`), and Android posts the
/// redirect URL as `TermUrl` (`ThreeDSFragment`). A headless run serves no page and learns the
/// final answer by asking again, so the defaults are placeholders on a reserved domain that
/// never resolves (RFC 2606 `.invalid`), as for Spreedly's offsite pages (docs/providers.md).
package struct MaxpayReturnURLs: Sendable, Equatable {
    /// `redirect_url` and `TermUrl`.
    public var redirect: URL
    /// `callback_url`.
    public var callback: URL

    /// The default pages.
    public static let defaultRedirect = URL(string: "https://checkout.invalid/maxpay/return")!
    /// The default callback.
    public static let defaultCallback = URL(string: "https://checkout.invalid/maxpay/callback")!

    /// Creates the pair.
    public init(redirect: URL = MaxpayReturnURLs.defaultRedirect, callback: URL = MaxpayReturnURLs.defaultCallback) {
        self.redirect = redirect
        self.callback = callback
    }
}
