public import CheckoutDomain
public import CheckoutLanguage

extension ScreenPrompt {
    /// Creates a prompt, for a front end's own tests: the screen, its stage id, the price as it
    /// stands and the billing field rules. Set the other properties (methods offered, saved
    /// cards, pre-filled details, theme, …) on the value as the screen needs.
    public init(kind: ScreenKind, stageId: String, price: PriceState, requirements: AddressRequirements, theme: Theme = Theme()) {
        self.kind = kind
        self.stageId = stageId
        self.price = price
        self.requirements = requirements
        self.theme = theme
    }
}
