import CheckoutDomain
import CheckoutLanguage

/// Phones (docs/running.md "Phones"): checked as numbers of the address's country when the
/// screen asks for them, kept and sent in E.164 form (`PhoneNumber`).
extension RunSession {
    /// `a` as the validator checks it: a phone the screen does not ask for is left out — an
    /// answered one is `not_offered` already, a pre-filled one is the app's and goes as it is.
    func phoneChecked(_ a: Address, asked: Bool) -> Address {
        guard !asked, a.phone != nil else { return a }
        var checked = a
        checked.phone = nil
        return checked
    }

    /// `a` as the run keeps it once valid: an asked-for phone in E.164 form.
    func phoneKept(_ a: Address, asked: Bool) -> Address {
        asked ? AddressValidator.withE164Phone(a) : a
    }
}
