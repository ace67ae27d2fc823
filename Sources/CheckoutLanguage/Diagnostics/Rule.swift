/// A stable rule id. Ids never change once shipped; each is documented in `docs/rules.md`
/// (`DocumentationTests` checks that every case has its section). The cases are the one list.
public enum Rule: String, CaseIterable, Sendable, CustomStringConvertible {
    // MARK: YAML and file limits
    /// The file is not well-formed YAML (libyaml's parser or scanner stopped).
    case yamlSyntax = "yaml-syntax"
    /// The file is not UTF-8.
    case yamlEncoding = "yaml-encoding"
    /// More than one YAML document in a flow file.
    case yamlMultipleDocuments = "yaml-multiple-documents"
    /// A mapping repeats a key.
    case duplicateKey = "duplicate-key"
    /// A key that is not a plain scalar (a list or mapping used as a key).
    case complexKey = "complex-key"
    /// An alias names an anchor that does not exist.
    case undefinedAlias = "undefined-alias"
    /// Alias expansion exceeds the node budget (a "billion laughs" document).
    case aliasLimit = "alias-limit"
    /// Nesting deeper than the limit.
    case depthLimit = "depth-limit"
    /// The file is larger than the limit.
    case sizeLimit = "size-limit"
    /// The file could not be read.
    case fileUnreadable = "file-unreadable"
    /// The document is empty.
    case emptyDocument = "empty-document"

    // MARK: Shape and types
    /// A key the language does not know.
    case unknownKey = "unknown-key"
    /// A required key is missing.
    case missingKey = "missing-key"
    /// A value of the wrong type (a list where a mapping belongs, `yes` for a boolean).
    case typeMismatch = "type-mismatch"
    /// A value outside an enumeration.
    case invalidEnum = "invalid-enum"
    /// A value that does not match its format (flow id, colour, email).
    case invalidFormat = "invalid-format"
    /// An unsupported `dsl` version.
    case dslVersion = "dsl-version"

    // MARK: Payment semantics
    /// A currency code that is not ISO 4217.
    case invalidCurrency = "invalid-currency"
    /// A country code that is not ISO 3166-1 alpha-2.
    case invalidCountry = "invalid-country"
    /// A `locale` that names no supported language (`request.locale: ko`).
    case unsupportedLocale = "unsupported-locale"
    /// A negative amount.
    case negativeAmount = "negative-amount"
    /// An amount with more decimals than its currency's minor units.
    case amountPrecision = "amount-precision"
    /// A sale of a price that is always zero (providers refuse it; a zero check is an `auth`).
    case zeroAmount = "zero-amount"
    /// A value out of its allowed range (tax rate over 100%, a rate of zero).
    case outOfRange = "out-of-range"
    /// Settings that cannot hold together (createPayment without a shopper).
    case conflictingSettings = "conflicting-settings"
    /// A setting with no effect given the others (processFailed3DS without 3DS).
    case ineffectiveSetting = "ineffective-setting"
    /// A credential written inline instead of `${env:NAME}`.
    case inlineCredential = "inline-credential"
    /// A feature that is part of the language but not available in this build.
    case unsupported = "unsupported"

    // MARK: Fields and pipelines
    /// Two stages (or custom fields) with the same id.
    case duplicateId = "duplicate-id"
    /// A `fields` setting that contradicts the request (hiding a field the request requires).
    case fieldConflict = "field-conflict"
    /// A screen asks for a field that `fields` hides.
    case hiddenField = "hidden-field"
    /// A screen leaves out a field the request requires, or names a field that does not exist.
    case missingField = "missing-field"
    /// A route or field list names a stage or field that does not exist.
    case unknownReference = "unknown-reference"
    /// A stage no route reaches.
    case unreachableStage = "unreachable-stage"
    /// Stages that route to each other with no way to the end.
    case endlessLoop = "endless-loop"
    /// A route for an outcome the stage never has, or an outcome left to end the run by default
    /// where the stage routes its others.
    case outcomeRoute = "outcome-route"
    /// A step that needs something no earlier stage provides (a charge without a tokenize).
    case missingStep = "missing-step"
    /// A screen kind that cannot be listed (`threeDSChallenge`, `result`).
    case implicitScreen = "implicit-screen"
    /// `extends` names a base flow that cannot be read or does not compile.
    case extendsBase = "extends-base"

    // MARK: Conditions (`when:`)
    /// A condition that does not parse (`paymentMethod = card`).
    case conditionSyntax = "condition-syntax"
    /// A condition reads a name the language does not know.
    case unknownName = "unknown-name"
    /// A condition reads a name that is not set yet at that point of the flow.
    case nameNotAvailable = "name-not-available"
    /// A condition mixes types: ordering text, `and` on a number, a condition that is not true or false.
    case conditionType = "condition-type"
    /// A comparison that can never hold: a value outside an enumeration or that this flow cannot produce.
    case impossibleComparison = "impossible-comparison"
    /// A condition, or part of one, that is always true or always false.
    case constantCondition = "constant-condition"
    /// A `when` the request decides: its stage never runs, or is never skipped (an edge no input takes).
    case deadRoute = "dead-route"

    /// Every rule, in the order of the cases, for documentation and tooling.
    public static var all: [Rule] { allCases }

    public var description: String { rawValue }
}
