import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// A vaulted shopper as `GET services/2/vaulted-shoppers/{id}` returns it: contact fields at
/// the top, `shippingContactInfo`, `paymentSources.creditCardInfo[].creditCard` (last four
/// digits, type, expiry; never a number) and the SDK's `chosenPaymentMethod`.
enum BlueSnapShopper {
    static func read(_ body: JSONValue, id: String, host: String) throws -> StoredShopper {
        func name(_ v: JSONValue?) -> String? {
            let parts = [v?["firstName"]?.text, v?["lastName"]?.text].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }
        func address(_ v: JSONValue?, email: Bool) -> Address? {
            guard let v else { return nil }
            let country = v["country"]?.text?.uppercased()
            // BlueSnap's own state codes (Brazil's XA–XI, Canada's NF) read as ISO's.
            let state = v["state"]?.text.map { Country.state(fromBlueSnap: $0.uppercased(), country: country ?? "") }
            return Address(
                name: name(v), email: email ? v["email"]?.text : nil, address: v["address1"]?.text ?? v["address"]?.text,
                city: v["city"]?.text, zip: v["zip"]?.text, country: country, state: state, phone: v["phone"]?.text)
        }
        guard let billing = address(body, email: true) else {
            throw HTTPFailure.malformed("a vaulted shopper", host: host)
        }
        var cards: [StoredCard] = []
        for info in body["paymentSources"]?["creditCardInfo"]?.items ?? [] {
            let card = info["creditCard"]
            // A card of a type the project has no brand for (Carte Bleue, Cabal, …) is left out
            // of the saved cards instead of failing the whole shopper.
            if let type = card?["cardType"]?.text, BlueSnapProvider.brand(ccType: type) == nil { continue }
            guard let last4 = card?["cardLastFourDigits"]?.text, let type = card?["cardType"]?.text,
                let brand = BlueSnapProvider.brand(ccType: type), let month = card?["expirationMonth"]?.text.flatMap({ Int($0) }),
                let year = card?["expirationYear"]?.text.flatMap({ Int($0) })
            else { throw HTTPFailure.malformed("a vaulted shopper's card", host: host) }
            cards.append(StoredCard(brand: brand, last4: last4, expiry: CardExpiry(month: month, year: year)))
        }
        // BS-iOS 043e660f `BSApiCaller.parseChosenPaymentMethodsJSON`: `chosenPaymentMethodType`
        // (CC, PAYPAL, APPLE_PAY) and, for CC, the card; `BSCreatePaymentViewController.start`
        // pays by that type. A type the project has no method for is no choice.
        let choice = body["chosenPaymentMethod"]
        let type = choice?["chosenPaymentMethodType"]?.text?.uppercased()
        let wallet = [PaymentMethodKind.paypal, .applePay].first { $0.paymentType == type }
        let chosen = type == nil || type == "CC" ? choice?["creditCard"]?["cardLastFourDigits"]?.text : nil
        return StoredShopper(
            id: body["vaultedShopperId"]?.text ?? id, billing: billing, shipping: address(body["shippingContactInfo"], email: false),
            savedCards: cards, chosenCardLast4: chosen, chosenWallet: wallet)
    }
}
