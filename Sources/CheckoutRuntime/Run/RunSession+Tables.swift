import CheckoutDomain
import CheckoutLanguage

extension CardBrand {
    /// Every brand, as one array (`allCases` makes a new one each time it is read).
    static let every = CardBrand.allCases
    /// Every brand, as the set the card validator takes: made once, not per card answer.
    static let everySet = Set(CardBrand.allCases)
}

extension Address {
    /// The value of one field.
    subscript(field: AddressField) -> String? {
        switch field {
        case .name: name
        case .email: email
        case .address: address
        case .city: city
        case .zip: zip
        case .country: country
        case .state: state
        case .phone: phone
        }
    }
}
