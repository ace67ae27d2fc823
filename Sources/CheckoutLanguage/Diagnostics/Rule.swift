/// A stable rule id. Ids never change once shipped; each is documented in `docs/rules.md`.
public struct Rule: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

extension Rule {
    // MARK: YAML and file limits
    /// The file is not well-formed YAML (libyaml's parser or scanner stopped).
    public static let yamlSyntax = Rule(rawValue: "yaml-syntax")
    /// The file is not UTF-8.
    public static let yamlEncoding = Rule(rawValue: "yaml-encoding")
    /// More than one YAML document in a flow file.
    public static let yamlMultipleDocuments = Rule(rawValue: "yaml-multiple-documents")
    /// A mapping repeats a key.
    public static let duplicateKey = Rule(rawValue: "duplicate-key")
    /// A key that is not a plain scalar (a list or mapping used as a key).
    public static let complexKey = Rule(rawValue: "complex-key")
    /// An alias names an anchor that does not exist.
    public static let undefinedAlias = Rule(rawValue: "undefined-alias")
    /// Alias expansion exceeds the node budget (a "billion laughs" document).
    public static let aliasLimit = Rule(rawValue: "alias-limit")
    /// Nesting deeper than the limit.
    public static let depthLimit = Rule(rawValue: "depth-limit")
    /// The file is larger than the limit.
    public static let sizeLimit = Rule(rawValue: "size-limit")
    /// The file could not be read.
    public static let fileUnreadable = Rule(rawValue: "file-unreadable")
    /// The document is empty.
    public static let emptyDocument = Rule(rawValue: "empty-document")

    // MARK: Shape and types
    /// A key the language does not know.
    public static let unknownKey = Rule(rawValue: "unknown-key")
    /// A required key is missing.
    public static let missingKey = Rule(rawValue: "missing-key")
    /// A value of the wrong type (a list where a mapping belongs, `yes` for a boolean).
    public static let typeMismatch = Rule(rawValue: "type-mismatch")
    /// A value outside an enumeration.
    public static let invalidEnum = Rule(rawValue: "invalid-enum")
    /// A value that does not match its format (flow id, colour, email).
    public static let invalidFormat = Rule(rawValue: "invalid-format")
    /// An unsupported `dsl` version.
    public static let dslVersion = Rule(rawValue: "dsl-version")

    // MARK: Payment semantics
    /// A currency code that is not ISO 4217.
    public static let invalidCurrency = Rule(rawValue: "invalid-currency")
    /// A country code that is not ISO 3166-1 alpha-2.
    public static let invalidCountry = Rule(rawValue: "invalid-country")
    /// A negative amount.
    public static let negativeAmount = Rule(rawValue: "negative-amount")
    /// An amount with more decimals than its currency's minor units.
    public static let amountPrecision = Rule(rawValue: "amount-precision")
    /// A value out of its allowed range (tax rate over 100%, a rate of zero).
    public static let outOfRange = Rule(rawValue: "out-of-range")
    /// Settings that cannot hold together (createPayment without a shopper).
    public static let conflictingSettings = Rule(rawValue: "conflicting-settings")
    /// A setting with no effect given the others (processFailed3DS without 3DS).
    public static let ineffectiveSetting = Rule(rawValue: "ineffective-setting")
    /// A credential written inline instead of `${env:NAME}`.
    public static let inlineCredential = Rule(rawValue: "inline-credential")
    /// A feature that is part of the language but not available in this build.
    public static let unsupported = Rule(rawValue: "unsupported")

    // MARK: Fields and pipelines
    /// Two stages (or custom fields) with the same id.
    public static let duplicateId = Rule(rawValue: "duplicate-id")
    /// A `fields` setting that contradicts the request (hiding a field the request requires).
    public static let fieldConflict = Rule(rawValue: "field-conflict")
    /// A screen asks for a field that `fields` hides.
    public static let hiddenField = Rule(rawValue: "hidden-field")
    /// A screen leaves out a field the request requires, or names a field that does not exist.
    public static let missingField = Rule(rawValue: "missing-field")
    /// A route or field list names a stage or field that does not exist.
    public static let unknownReference = Rule(rawValue: "unknown-reference")
    /// A stage no route reaches.
    public static let unreachableStage = Rule(rawValue: "unreachable-stage")
    /// Stages that route to each other with no way to the end.
    public static let endlessLoop = Rule(rawValue: "endless-loop")
    /// A route for an outcome the stage never has, or an outcome left to end the run by default
    /// where the stage routes its others.
    public static let outcomeRoute = Rule(rawValue: "outcome-route")
    /// A step that needs something no earlier stage provides (a charge without a tokenize).
    public static let missingStep = Rule(rawValue: "missing-step")
    /// A screen kind that cannot be listed (`threeDSChallenge`, `result`).
    public static let implicitScreen = Rule(rawValue: "implicit-screen")
    /// `extends` names a base flow that cannot be read or does not compile.
    public static let extendsBase = Rule(rawValue: "extends-base")

    // MARK: Conditions (`when:`)
    /// A condition that does not parse (`paymentMethod = card`).
    public static let conditionSyntax = Rule(rawValue: "condition-syntax")
    /// A condition reads a name the language does not know.
    public static let unknownName = Rule(rawValue: "unknown-name")
    /// A condition reads a name that is not set yet at that point of the flow.
    public static let nameNotAvailable = Rule(rawValue: "name-not-available")
    /// A condition mixes types: ordering text, `and` on a number, a condition that is not true or false.
    public static let conditionType = Rule(rawValue: "condition-type")
    /// A comparison that can never hold: a value outside an enumeration or that this flow cannot produce.
    public static let impossibleComparison = Rule(rawValue: "impossible-comparison")
    /// A condition, or part of one, that is always true or always false.
    public static let constantCondition = Rule(rawValue: "constant-condition")

    /// Every rule, for documentation and tooling.
    public static let all: [Rule] = [
        .yamlSyntax,
        .yamlEncoding,
        .yamlMultipleDocuments,
        .duplicateKey,
        .complexKey,
        .undefinedAlias,
        .aliasLimit,
        .depthLimit,
        .sizeLimit,
        .fileUnreadable,
        .emptyDocument,
        .unknownKey,
        .missingKey,
        .typeMismatch,
        .invalidEnum,
        .invalidFormat,
        .dslVersion,
        .invalidCurrency,
        .invalidCountry,
        .negativeAmount,
        .amountPrecision,
        .outOfRange,
        .conflictingSettings,
        .ineffectiveSetting,
        .inlineCredential,
        .unsupported,
        .duplicateId,
        .fieldConflict,
        .hiddenField,
        .missingField,
        .unknownReference,
        .unreachableStage,
        .endlessLoop,
        .outcomeRoute,
        .missingStep,
        .implicitScreen,
        .extendsBase,
        .conditionSyntax,
        .unknownName,
        .nameNotAvailable,
        .conditionType,
        .impossibleComparison,
        .constantCondition,
    ]
}
