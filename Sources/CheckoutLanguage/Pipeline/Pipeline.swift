import CheckoutDomain

/// Screen kinds: where the shopper is asked something (SPEC §8).
public enum ScreenKind: String, Sendable, CaseIterable {
    case paymentMethod, savedCard, creditCard, billing, shipping, currency, review, form, cardScan
    case threeDSChallenge, result
}

/// Provider step kinds: where the runtime talks to the provider (SPEC §8).
public enum StepKind: String, Sendable, CaseIterable {
    /// Obtain a checkout token (BlueSnap `generateTokenFunc`).
    case createToken
    /// Submit the card (or the chosen stored card) to the provider's vault under the token.
    case tokenize
    /// 3-D Secure authentication (BlueSnap results; Spreedly fingerprint/challenge lifecycle).
    case threeDS
    /// Recalculate tax from the shipping address.
    case taxUpdate
    /// Convert the price to the currency the shopper chose.
    case currencyUpdate
    /// Charge: capture now.
    case sale
    /// Charge: authorize only.
    case authorize
    /// Start a subscription charge.
    case subscribe
    /// Pay through the wallet the shopper chose (PayPal, Apple Pay).
    case walletPayment
    /// Store the shopper's chosen payment method (choosePayment).
    case storeShopper
}

/// A condition on a stage, evaluated at run time against the run so far.
///
/// The derived standard checkout uses these; explicit pipelines compile their conditions to
/// the same tree, so the interpreter has one evaluator.
public indirect enum StageCondition: Sendable, Hashable, CustomStringConvertible {
    /// The shopper chose one of these payment methods.
    case paymentMethod(in: Set<PaymentMethodKind>)
    /// The shopper ticked "shipping same as billing".
    case shippingSameAsBilling
    /// The negation.
    case not(StageCondition)
    /// All must hold.
    case all([StageCondition])

    public var description: String {
        switch self {
        case .paymentMethod(let set):
            let names = set.map(\.rawValue).sorted()
            return names.count == 1 ? "paymentMethod == \(names[0])" : "paymentMethod in [\(names.joined(separator: ", "))]"
        case .shippingSameAsBilling: return "shipping.sameAsBilling"
        case .not(let c): return "not (\(c))"
        case .all(let cs): return cs.map(\.description).joined(separator: " and ")
        }
    }
}

/// What a stage is.
public enum StageKind: Sendable, Hashable {
    case screen(ScreenKind)
    case step(StepKind)

    /// The kind's name (`creditCard`, `tokenize`).
    public var name: String {
        switch self {
        case .screen(let s): s.rawValue
        case .step(let s): s.rawValue
        }
    }
}

/// One stage of a compiled pipeline.
public struct PipelineStage: Sendable, Hashable {
    /// The stage's id, unique in the pipeline (the kind's name for derived pipelines).
    public var id: String
    /// Screen or step.
    public var kind: StageKind
    /// Runs only when this holds; nil: always.
    public var condition: StageCondition?

    /// Creates a stage.
    public init(id: String? = nil, _ kind: StageKind, when condition: StageCondition? = nil) {
        self.id = id ?? kind.name
        self.kind = kind
        self.condition = condition
    }
}

/// A compiled pipeline: stages in order. Outcomes other than success end the run at the
/// `result` screen with the outcome's status.
public struct Pipeline: Sendable, Hashable {
    /// The stages, in order.
    public var stages: [PipelineStage]
    /// The payment methods this checkout can offer (the runtime narrows by provider state,
    /// e.g. a shopper without saved cards).
    public var paymentMethods: [PaymentMethodKind]

    /// Creates a pipeline.
    public init(stages: [PipelineStage], paymentMethods: [PaymentMethodKind]) {
        self.stages = stages
        self.paymentMethods = paymentMethods
    }

    /// True when a stage of this kind is in the pipeline.
    public func contains(_ kind: StageKind) -> Bool { stages.contains { $0.kind == kind } }
}
