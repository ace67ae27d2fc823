import CheckoutDomain
import CheckoutLanguage

extension CardBrand {
    /// Every brand, as one array (`allCases` makes a new one each time it is read).
    static let every = CardBrand.allCases
    /// Every brand, as the set the card validator takes: made once, not per card answer.
    static let everySet = Set(CardBrand.allCases)
}
