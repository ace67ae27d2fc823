package import CheckoutDomain
import Foundation

/// How a field is shown (SPEC §4, Maxpay/Stripe style).
package enum FieldPresence: String, Sendable, CaseIterable, Hashable {
    /// Asked, and must be answered.
    case required
    /// Asked; may be left empty.
    case optional
    /// Not asked; an answer for it is refused.
    case hidden
}

/// A custom field (Jumio BAM `addCustomField`): free text checked by a pattern, or a choice.
public struct CustomField: Sendable, Hashable {
    /// The id answers use (`custom.<id>`).
    public var id: String
    /// The label.
    public var title: String
    /// A regular expression the whole answer must match, exactly: `\A(?:pattern)\z`, so a
    /// trailing line break (`\n`, `\r`, U+2028) is not forgiven as `$` would.
    public var pattern: String?
    /// The allowed answers, when it is a choice.
    public var options: [String]?
    /// Whether an answer is required.
    public var required: Bool

    /// Creates a custom field.
    public init(id: String, title: String, pattern: String? = nil, options: [String]? = nil, required: Bool = false) {
        self.id = id
        self.title = title
        self.pattern = pattern
        self.options = options
        self.required = required
    }

    /// Why `value` is not an acceptable answer, or nil when it is.
    package func problem(with value: String?) -> FieldIssue? {
        let text = value ?? ""
        if text.isEmpty {
            return required ? FieldIssue(field: id, code: "required", message: "Enter \(title).") : nil
        }
        if let options, !options.contains(text) {
            return FieldIssue(field: id, code: "invalid_option", message: "Choose one of: \(options.joined(separator: ", ")).")
        }
        if let pattern, text.range(of: "\\A(?:\(pattern))\\z", options: .regularExpression) == nil {
            return FieldIssue(field: id, code: "invalid_format", message: "\(title) is not in the expected format.")
        }
        return nil
    }
}

/// `fields`: per-field presence overrides and custom fields.
package struct FieldSettings: Sendable, Hashable {
    /// Billing field overrides.
    public var billing: [AddressField: FieldPresence] = [:]
    /// Shipping field overrides.
    public var shipping: [AddressField: FieldPresence] = [:]
    /// Custom fields, in order.
    public var custom: [CustomField] = []
    /// Maxpay's available-fields flags (`showNameField: false`), as the billing fields they
    /// show or hide. A shown field keeps the request's presence, or becomes optional.
    public var available: [AddressField: Bool] = [:]
    /// `fields.allowedCountries.billing`: the only countries a billing address may be in
    /// (nil: any).
    public var allowedBillingCountries: [String]?
    /// `fields.allowedCountries.shipping`: the only countries the checkout ships to (nil: any).
    public var allowedShippingCountries: [String]?

    /// The countries an address of `section` (`billing`, `shipping`) may be in; nil: any.
    public func allowedCountries(_ section: String) -> [String]? {
        section == "billing" ? allowedBillingCountries : allowedShippingCountries
    }

    /// Maxpay's `PAYAvailableFields` flags and the billing fields each one shows or hides.
    public static let availableFlags: [(flag: String, fields: [AddressField])] = [
        ("showBillingAddressLayout", [.address, .city, .zip, .state, .country]),
        ("showNameField", [.name]), ("showPhoneField", [.phone]), ("showAddressField", [.address]),
        ("showCityField", [.city]), ("showZipField", [.zip]), ("showCountryField", [.country]),
        ("showBirthdayField", [.birthday]),
    ]

    /// Creates empty settings (the request decides every field).
    public init() {}

    /// The billing presence of every field: the request's rules (SPEC §3) with overrides.
    public func billingPresence(for r: CheckoutRequest) -> [AddressField: FieldPresence] {
        var p: [AddressField: FieldPresence] = [
            .name: .required, .country: .required, .zip: .required,
            .email: r.withEmail ? .required : .hidden,
            .address: r.fullBilling ? .required : .hidden,
            .city: r.fullBilling ? .required : .hidden,
            .state: r.fullBilling ? .required : .hidden,
            .phone: .hidden, .birthday: .hidden,
        ]
        for (field, shown) in available {
            p[field] = shown ? (p[field] == .required ? .required : .optional) : .hidden
        }
        p.merge(billing) { $1 }
        return p
    }

    /// `billingPresence(for:)` as a list by `AddressField.position`, without hashing.
    package func billingPresenceByPosition(for r: CheckoutRequest) -> [FieldPresence?] {
        let full: FieldPresence = r.fullBilling ? .required : .hidden
        // name, email, address, city, zip, country, state, phone, birthday
        var p: [FieldPresence?] = [
            .required, r.withEmail ? .required : .hidden, full, full, .required, .required, full, .hidden, .hidden,
        ]
        for (field, shown) in available {
            p[field.position] = shown ? (p[field.position] == .required ? .required : .optional) : .hidden
        }
        for (field, presence) in billing { p[field.position] = presence }
        return p
    }

    /// `shippingPresence(for:)` as a list by `AddressField.position` (the email and the
    /// birthday, which a shipping address has not, are nil).
    package func shippingPresenceByPosition() -> [FieldPresence?] {
        var p: [FieldPresence?] = [.required, nil, .required, .required, .required, .required, .required, .optional, nil]
        for (field, presence) in shipping { p[field.position] = presence }
        return p
    }

    /// `billingPresence(for:)[.email]` without building the table: the one billing field the
    /// validator's rules take from `fields` (a run asks for it once).
    public func billingEmailPresence(for r: CheckoutRequest) -> FieldPresence {
        var email: FieldPresence = r.withEmail ? .required : .hidden
        if let shown = available[.email] { email = shown ? (email == .required ? .required : .optional) : .hidden }
        return billing[.email] ?? email
    }

    /// `billingPresence(for:)[.phone]` without building the table: hidden unless
    /// `fields.billing.phone` or `fields.available` shows it (then optional).
    package var billingPhonePresence: FieldPresence {
        billing[.phone] ?? (available[.phone].map { $0 ? .optional : .hidden } ?? .hidden)
    }

    /// `billingPresence(for:)[.birthday]` without building the table: hidden unless
    /// `fields.billing.birthday` or `fields.available.showBirthdayField: true` asks for it.
    public var billingBirthdayPresence: FieldPresence {
        billing[.birthday] ?? (available[.birthday] == true ? .optional : .hidden)
    }

    /// The shipping presence of every field.
    public func shippingPresence(for r: CheckoutRequest) -> [AddressField: FieldPresence] {
        var p: [AddressField: FieldPresence] = [
            .name: .required, .address: .required, .city: .required, .zip: .required, .country: .required,
            .state: .required, .phone: .optional,
        ]
        p.merge(shipping) { $1 }
        return p
    }
}

/// `cards.storeCard`.
package enum StoreCardSetting: String, Sendable, CaseIterable, Hashable {
    /// The shopper may tick "securely store my card".
    case offer
    /// No switch; the card is not stored.
    case hidden
    /// The card is always stored (the switch is shown ticked and fixed).
    case required
}

/// `cards`: accepted brands and card-field settings (SPEC §5).
package struct CardSettings: Sendable, Hashable {
    /// Accepted brands; nil: all.
    public var accept: [CardBrand]?
    public var requireCvv = true
    public var requireExpiry = true
    public var requireHolderName = false
    /// A card scan also reads the UK sort code and account number (Jumio BAM
    /// `sortCodeAndAccountNumberRequired`); secret like the CVV.
    public var requireSortCodeAndAccountNumber = false
    /// nil: from `request.hideStoreCardSwitch`.
    public var storeCard: StoreCardSetting?
    /// Show numbers in results as Jumio BAM masks them: grouped, first 6 + last 4, the rest `X`.
    public var masking = false
    /// Identifies each card-scan attempt in the scan provider's reports (Jumio BAM
    /// `reportingCriteria`, Android `merchantReportingCriteria`): ≤ 100 characters, no card data.
    public var reportingCriteria: String?
    /// The shopper may correct the expiry a card scan read (BAM `expiryEditable`): the scan
    /// answer's `edited.expiry`.
    public var expiryEditable = false
    /// The shopper may correct the holder name a card scan read (BAM
    /// `cardHolderNameEditable`): the scan answer's `edited.name`, kept as entered.
    public var holderNameEditable = false

    /// Creates default settings.
    public init() {}

    /// The brands accepted.
    public var acceptedBrands: [CardBrand] { accept ?? CardBrand.allCases }
}
