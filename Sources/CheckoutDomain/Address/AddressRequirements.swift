/// Which billing fields a checkout requires, from the request flags (SPEC §3, BlueSnap semantics).
public struct AddressRequirements: Sendable, Hashable {
    /// `withEmail`: the billing email is required.
    public var withEmail: Bool
    /// `fullBilling`: billing address, city and (US/CA/BR) state are required.
    public var fullBilling: Bool

    /// Makes requirements from the request flags.
    public init(withEmail: Bool, fullBilling: Bool) {
        self.withEmail = withEmail
        self.fullBilling = fullBilling
    }
}
