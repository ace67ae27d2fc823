import CheckoutDomain
import CheckoutJSON
import CheckoutRuntime

/// What the card PUT carries besides the card (provider-contract #5), as BS-iOS 043e660f
/// `BSApiManager.submitTokenizedDetails` puts it on the token: BlueSnap's demo charges with
/// the token alone ("all the data is on the token"), so this is where AVS and fraud screening
/// find the card holder.
extension BlueSnapProvider {
    /// `fraudSessionId`; `billingFirstName`/`billingLastName` (the card holder's name, else the
    /// billing name, split as `BSStringUtils.splitName`), `billingCountry`, `billingState`
    /// (BlueSnap's code: `Country.blueSnapState`), `billingCity`, `billingAddress`, `billingZip`,
    /// `email`; the same `shipping*` fields from the shipping details (no email, no phone: the
    /// SDK leaves the phone out). A field the run has not collected is left out, as the SDK does.
    static func addDetails(_ details: TokenizeDetails, holder: String?, to body: inout JSONObjectBuilder) {
        body.add("fraudSessionId", details.fraudSessionId)
        let billingName = [holder, details.billing?.name].compactMap { $0 }.first { !$0.isEmpty }
        addContact("billing", name: billingName, details.billing, to: &body)
        body.add("email", details.billing?.email)
        addContact("shipping", name: details.shipping?.name, details.shipping, to: &body)
    }

    /// `{prefix}FirstName`, `{prefix}LastName`, `{prefix}Country`, `{prefix}State`,
    /// `{prefix}City`, `{prefix}Address`, `{prefix}Zip`.
    private static func addContact(_ prefix: String, name: String?, _ address: Address?, to body: inout JSONObjectBuilder) {
        if let name, !name.isEmpty {
            let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
            body.add(prefix + "FirstName", parts.first)
            body.add(prefix + "LastName", parts.count > 1 ? parts[1] : nil)
        }
        guard let address else { return }
        body.add(prefix + "Country", address.country)
        if let state = address.state {
            body.add(prefix + "State", Country.blueSnapState(state, country: address.country ?? ""))
        }
        body.add(prefix + "City", address.city)
        body.add(prefix + "Address", address.address)
        body.add(prefix + "Zip", address.zip)
    }
}
