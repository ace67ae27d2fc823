import CheckoutDomain
import CheckoutJSON
import CheckoutRuntime

/// A generated scenario's own `sandbox:` (docs/testing.md, "Sandbox fixtures and chains"): the
/// run's shopper with another stored choice, written as a fixture shopper. Saved cards are
/// written as brand, last 4 and expiry only, never a full number.
extension AnswerDraft {
    /// The scenario's `sandbox:` lines, the key `indent` spaces in; none without a shopper.
    package func sandboxLines(indent: Int) -> [String] {
        guard let shopper else { return [] }
        let pad = String(repeating: " ", count: indent)
        var lines = [pad + "sandbox:", pad + "  shoppers:"]
        var fields: [JSONMember] = [JSONMember("id", .string(shopper.id))]
        let name = shopper.billing.name
        if let name { fields.append(JSONMember("name", .string(name))) }
        if let email = shopper.billing.email { fields.append(JSONMember("email", .string(email))) }
        let billing = Self.address(shopper.billing, leavingOut: [.name, .email])
        if !billing.isEmpty { fields.append(JSONMember("billing", .object(billing))) }
        if let shipping = shopper.shipping {
            fields.append(JSONMember("shipping", .object(Self.address(shipping, leavingOut: shipping.name == name ? [.name] : []))))
        }
        let cards = shopper.savedCards.map { card in
            JSONValue.object([
                JSONMember("brand", .string(card.brand.resultName)), JSONMember("last4", .string(card.last4)),
                JSONMember("expiry", .string(card.expiry.description)),
            ])
        }
        fields.append(JSONMember("savedCards", .array(cards)))
        if let chosen = shopper.chosenCardLast4 { fields.append(JSONMember("chosenCard", .string(chosen))) }
        if let wallet = shopper.chosenWallet { fields.append(JSONMember("chosenWallet", .string(wallet.rawValue))) }
        for (i, field) in fields.enumerated() {
            lines.append(pad + (i == 0 ? "    - " : "      ") + ResultSnapshot.key(field.key) + ": " + ResultSnapshot.flow(field.value))
        }
        return lines
    }

    /// An address's fields that are set, in `AddressField` order, without `leavingOut`.
    private static func address(_ address: Address, leavingOut: Set<AddressField>) -> [JSONMember] {
        AddressField.allCases.compactMap { field in
            guard !leavingOut.contains(field), let value = address[field] else { return nil }
            return JSONMember(field.rawValue, .string(value))
        }
    }
}
