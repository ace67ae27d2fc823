package import Foundation

/// The type of a name or value in a condition.
package enum ConditionType: Sendable, Hashable, CustomStringConvertible {
    /// True or false; the only type a condition as a whole may have.
    case bool
    /// A decimal number, compared numerically; the only type `<`, `<=`, `>`, `>=` accept.
    case decimal
    /// Text, compared by exact string; the kind narrows which strings can occur.
    case text(TextKind)
    /// One value of a closed set of symbols (`card`, `savedCard`).
    case enumeration(ConditionEnum)

    /// The type as a noun for messages: `true or false`, `a number`, `a country code`.
    public var description: String {
        switch self {
        case .bool: "true or false"
        case .decimal: "a number"
        case .text(.any): "text"
        case .text(.currency): "a currency code"
        case .text(.country): "a country code"
        case .enumeration(let e): "a \(e.name) value"
        }
    }
}

/// Which strings a text name can hold.
package enum TextKind: Sendable, Hashable {
    /// Any string.
    case any
    /// An ISO 4217 currency code (`EUR`).
    case currency
    /// An ISO 3166-1 alpha-2 country code (`US`).
    case country
}

/// A closed set of symbols, e.g. the payment methods or a step's outcomes.
package struct ConditionEnum: Sendable, Hashable {
    /// The set's name as used in messages (`a paymentMethod value`).
    public var name: String
    /// Every value of the type, in the order messages list them.
    public var values: [String]
    /// The values this flow can actually produce; `nil` when it can produce all of them.
    /// Comparing with a value of `values` outside `possible` is an error, since it can never hold.
    public var possible: Set<String>?

    /// Creates an enumeration.
    public init(name: String, values: [String], possible: Set<String>? = nil) {
        self.name = name
        self.values = values
        self.possible = possible
    }
}

/// The value of a name when a condition is evaluated.
package enum ConditionValue: Sendable, Hashable {
    /// A boolean.
    case bool(Bool)
    /// A number, compared numerically.
    case decimal(Decimal)
    /// Text, compared by exact string.
    case text(String)
    /// An enumeration value, compared by string (so also equal to `.text` of the same string).
    case symbol(String)
}
