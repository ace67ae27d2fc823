import Foundation

/// A billing or shipping address as collected (BlueSnap's contact-info fields). Every field is
/// optional here; `AddressValidator` decides what a flow requires.
///
/// Codable with the result keys of SPEC §10 (`name`, `email`, `address`, `city`, `zip`,
/// `country`, `state`, `phone`, `birthday`); `nil` fields are omitted.
public struct Address: Sendable, Hashable, Codable {
    /// Full name, "First Last".
    public var name: String?
    /// Email address (billing only).
    public var email: String?
    /// Street address.
    public var address: String?
    /// City.
    public var city: String?
    /// Postal code.
    public var zip: String?
    /// ISO 3166-1 alpha-2 country code, upper case.
    public var country: String?
    /// State or province code (US, CA and BR only).
    public var state: String?
    /// Phone number (shipping).
    public var phone: String?
    /// Date of birth, `YYYY-MM-DD` (billing only: the shopper's, Maxpay's `showBirthdayField`).
    /// Personal data: results carry it, traces and messages never do.
    public var birthday: String?

    /// Makes an address; all fields default to `nil`.
    public init(
        name: String? = nil, email: String? = nil, address: String? = nil, city: String? = nil,
        zip: String? = nil, country: String? = nil, state: String? = nil, phone: String? = nil,
        birthday: String? = nil
    ) {
        self.name = name
        self.email = email
        self.address = address
        self.city = city
        self.zip = zip
        self.country = country
        self.state = state
        self.phone = phone
        self.birthday = birthday
    }

    /// This address as a person would mean it: fields trimmed, empty fields `nil`, country and
    /// state upper-cased (`" us "` → `"US"`). Validation does not do this itself.
    public func normalized() -> Address {
        func clean(_ text: String?) -> String? {
            guard let text = text?.trimmingWhitespace(), !text.isEmpty else {
                return nil
            }
            return text
        }
        return Address(
            name: clean(name), email: clean(email), address: clean(address), city: clean(city),
            zip: clean(zip), country: clean(country)?.uppercased(), state: clean(state)?.uppercased(),
            phone: clean(phone), birthday: clean(birthday)
        )
    }
}
