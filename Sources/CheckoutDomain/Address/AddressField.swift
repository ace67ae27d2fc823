/// The fields of a billing or shipping address, and the billing details asked with it
/// (`birthday`: the shopper's date of birth): the one list of address keys that flows,
/// answers, results, the validator and the terminal's forms use. `allCases` is their order.
public enum AddressField: String, Sendable, CaseIterable, Hashable, Comparable {
    /// The full name (a card holder's, or the addressee's).
    case name
    /// The email address (billing only).
    case email
    /// The street address.
    case address
    /// The city.
    case city
    /// The postal code.
    case zip
    /// The ISO 3166-1 alpha-2 country code.
    case country
    /// The state or province code (US, CA, BR).
    case state
    /// The phone number.
    case phone
    /// The date of birth, `YYYY-MM-DD` (billing only).
    case birthday

    /// The fields a billing screen can ask.
    public static let billing: [AddressField] = allCases
    /// The fields a shipping screen can ask (no email: the receipt goes to the billing email;
    /// no birthday: a parcel has none, the shopper's date of birth is a billing detail).
    public static let shipping: [AddressField] = [.name, .address, .city, .zip, .country, .state, .phone]
    /// The fields of an address proper, without the billing detail `birthday`, in order: the
    /// text fields the validator checks, a prefilled address's keys.
    public static let withoutBirthday: [AddressField] = allCases.filter { $0 != .birthday }

    /// The field's position in `allCases`.
    package var position: Int {
        switch self {
        case .name: 0
        case .email: 1
        case .address: 2
        case .city: 3
        case .zip: 4
        case .country: 5
        case .state: 6
        case .phone: 7
        case .birthday: 8
        }
    }

    public static func < (a: AddressField, b: AddressField) -> Bool {
        a.position < b.position
    }

    /// Hashes the case, not its raw value: an enum with a raw value otherwise hashes the text,
    /// and fields key the presence tables every billing and shipping screen is checked against.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
    }
}

extension Address {
    /// The value of one field.
    public subscript(field: AddressField) -> String? {
        get {
            switch field {
            case .name: name
            case .email: email
            case .address: address
            case .city: city
            case .zip: zip
            case .country: country
            case .state: state
            case .phone: phone
            case .birthday: birthday
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .email: email = newValue
            case .address: address = newValue
            case .city: city = newValue
            case .zip: zip = newValue
            case .country: country = newValue
            case .state: state = newValue
            case .phone: phone = newValue
            case .birthday: birthday = newValue
            }
        }
    }
}

extension FieldIssue {
    /// Makes an issue of an address field (`field` is its key, `zip`).
    public init(field: AddressField, code: String, message: String) {
        self.init(field: field.rawValue, code: code, message: message)
    }
}
