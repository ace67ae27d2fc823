/// `provider.applePay`: what BlueSnap's SDK puts on the Apple Pay sheet
/// (bluesnap-ios 043e660f `BSApplepayViewController.applePayPressed`): the merchant identifier
/// (`BSApplePayConfiguration.setIdentifier(merchantId:)` → `PKPaymentRequest.merchantIdentifier`)
/// and the pay line, the label of the total's `PKPaymentSummaryItem`
/// (`applePayCustomizePayLine`, else the merchant's name, else "Payment").
package struct ApplePaySettings: Sendable, Hashable {
    /// Apple's merchant identifier, `merchant.` and a reverse domain.
    package var merchantIdentifier: String?
    /// The total's label on the sheet; nil: "Payment".
    package var payLine: String?

    /// Creates the settings.
    package init(merchantIdentifier: String? = nil, payLine: String? = nil) {
        self.merchantIdentifier = merchantIdentifier
        self.payLine = payLine
    }

    /// The label the total gets: the pay line, else BlueSnap's fallback "Payment".
    package var totalLabel: String { payLine ?? "Payment" }
}
