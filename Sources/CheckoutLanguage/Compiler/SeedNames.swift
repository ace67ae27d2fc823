/// The seed SDKs whose options this language takes over, for findings that name them.
package enum SeedSDK: String, Sendable, CaseIterable {
    /// Jumio BAM Checkout (`BAMCheckoutConfiguration`).
    case bam = "Jumio BAM Checkout"
    /// Maxpay (`PAYAvailableFields`, `PAYPaymentInfo`).
    case maxpay = "Maxpay"
    /// BlueSnap (`BSSdkRequest`).
    case blueSnap = "BlueSnap"
}

/// One seed option: its name in the seed SDK and the key of this language that does the same,
/// as a path from the top level of a flow (`cards.requireCvv`).
package struct SeedName: Sendable, Hashable {
    /// The option's name in the seed SDK (`cvvRequired`).
    package let seed: String
    /// The SDK that has it.
    package let sdk: SeedSDK
    /// This language's key, as a path from the top level (`cards.requireCvv`).
    package let ours: String

    /// The path of the mapping that holds our key (`cards`; `""` for the top level).
    package var parent: String {
        guard let dot = ours.lastIndex(of: ".") else { return "" }
        return String(ours[..<dot])
    }

    /// Our key's own name, the last part of the path (`requireCvv`).
    package var key: String {
        guard let dot = ours.lastIndex(of: ".") else { return ours }
        return String(ours[ours.index(after: dot)...])
    }
}

/// The one list of seed option names and our keys for them. The compiler uses it wherever an
/// unknown key gets a suggestion: a flow that writes a seed's name (`cvvRequired`) is told ours
/// (`requireCvv` in `cards`, `cards.requireCvv` anywhere else), and a key of ours written in
/// the wrong mapping (`withEmail` at the top level) is told where it lives. docs/language.md's
/// mapping table ("Seed option names") is checked against it by a test.
package enum SeedNames {
    /// Every seed name, seeds first by SDK. A seed name that is ours too (BlueSnap's
    /// `withEmail`) is listed so that it is found when written at the wrong level.
    package static let all: [SeedName] =
        bam.map { SeedName(seed: $0.0, sdk: .bam, ours: $0.1) }
        + maxpay.map { SeedName(seed: $0.0, sdk: .maxpay, ours: $0.1) }
        + blueSnap.map { SeedName(seed: $0.0, sdk: .blueSnap, ours: $0.1) }
        + providerSettings.map { SeedName(seed: $0.1, sdk: $0.0, ours: $0.2) }

    /// Jumio BAM Checkout's `BAMCheckoutConfiguration` (mobile-sdk-ios
    /// docs/integration_bam-checkout.md, "Card details", "Transaction Identifiers"; Android's
    /// `setMerchantReportingCriteria` in mobile-sdk-android's).
    static let bam: [(String, String)] = [
        ("supportedCreditCardTypes", "cards.accept"),
        ("cvvRequired", "cards.requireCvv"),
        ("expiryRequired", "cards.requireExpiry"),
        ("cardHolderNameRequired", "cards.requireHolderName"),
        ("sortCodeAndAccountNumberRequired", "cards.requireSortCodeAndAccountNumber"),
        ("cardNumberMaskingEnabled", "cards.masking"),
        ("expiryEditable", "cards.expiryEditable"),
        ("cardHolderNameEditable", "cards.holderNameEditable"),
        ("reportingCriteria", "cards.reportingCriteria"),
        ("merchantReportingCriteria", "cards.reportingCriteria"),
    ]

    /// Maxpay's `PAYAvailableFields` flags, as the SDK spells them and in the short forms
    /// people write (`showPhone`).
    static let maxpay: [(String, String)] =
        FieldSettings.availableFlags.map { ($0.flag, "fields.available.\($0.flag)") }
        + [
            ("showBillingAddress", "fields.available.showBillingAddressLayout"),
            ("showName", "fields.available.showNameField"),
            ("showPhone", "fields.available.showPhoneField"),
            ("showAddress", "fields.available.showAddressField"),
            ("showCity", "fields.available.showCityField"),
            ("showZip", "fields.available.showZipField"),
            ("showCountry", "fields.available.showCountryField"),
            ("showBirthday", "fields.available.showBirthdayField"),
        ]

    /// BlueSnap's `BSSdkRequest`: mostly our names already (they are `request`'s keys), and its
    /// price and prefilled details under their names.
    static let blueSnap: [(String, String)] =
        ["withEmail", "withShipping", "fullBilling", "allowCurrencyChange", "hideStoreCardSwitch", "activate3DS"]
        .map { ($0, "request.\($0)") }
        + [
            ("priceDetails", "request.price"),
            ("billingDetails", "request.prefill.billing"),
            ("shippingDetails", "request.prefill.shipping"),
        ]

    /// The provider settings under their seeds' names (docs/language.md, "The seeds' names of
    /// the provider settings"): BlueSnap's `sdk-init` `paypalCurrencies` and
    /// `BSApplePayConfiguration.setIdentifier(merchantId:)`/`applePayCustomizePayLine`
    /// (bluesnap-ios 043e660f), Maxpay's `PAYSale3DRedirect.redirectURL`/`callbackURL` and their
    /// wire names `redirect_url`/`callback_url`, and its terms checkbox `termsAndPrivacy`
    /// (payment-sdk-ios f48df007 `PAYCheckboxConfiguration`).
    static let providerSettings: [(SeedSDK, String, String)] = [
        (.blueSnap, "paypalCurrencies", "provider.paypalCurrencies"),
        (.blueSnap, "merchantId", "provider.applePay.merchantIdentifier"),
        (.blueSnap, "merchantIdentifier", "provider.applePay.merchantIdentifier"),
        (.blueSnap, "applePayCustomizePayLine", "provider.applePay.payLine"),
        (.maxpay, "redirect_url", "provider.returnURLs.redirect"),
        (.maxpay, "redirectURL", "provider.returnURLs.redirect"),
        (.maxpay, "callback_url", "provider.returnURLs.callback"),
        (.maxpay, "callbackURL", "provider.returnURLs.callback"),
        (.maxpay, "termsAndPrivacy", "provider.requireTermsConsent"),
    ]

    private static let byName: [String: SeedName] = Dictionary(all.map { ($0.seed, $0) }, uniquingKeysWith: { first, _ in first })

    /// The seed option written as `key` in the mapping at `path` (`""`: the top level), and our
    /// key for it as written there: its own name when it lives in that mapping, else its whole
    /// path. Nil for a key that is no seed's name, or that is already ours at this level.
    package static func suggestion(for key: String, at path: String) -> (name: SeedName, suggestion: String)? {
        guard let name = byName[key] else { return nil }
        if name.parent == path { return name.key == key ? nil : (name, name.key) }
        return (name, name.ours)
    }
}
