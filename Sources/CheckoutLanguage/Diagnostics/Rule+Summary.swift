extension Rule {
    /// One sentence on what the rule finds: the case's own doc comment (a test keeps the two
    /// the same), for SARIF's `shortDescription` and other tools that list the rules.
    public var summary: String {
        switch self {
        case .yamlSyntax: "The file is not well-formed YAML (libyaml's parser or scanner stopped)."
        case .yamlEncoding: "The file is not UTF-8."
        case .yamlMultipleDocuments: "More than one YAML document in a flow file."
        case .duplicateKey: "A mapping repeats a key."
        case .complexKey: "A key that is not a plain scalar (a list or mapping used as a key)."
        case .undefinedAlias: "An alias names an anchor that does not exist."
        case .aliasLimit: "Alias expansion exceeds the node budget (a \"billion laughs\" document)."
        case .depthLimit: "Nesting deeper than the limit."
        case .sizeLimit: "The file is larger than the limit."
        case .fileUnreadable: "The file could not be read."
        case .emptyDocument: "The document is empty."
        case .unknownKey: "A key the language does not know."
        case .missingKey: "A required key is missing."
        case .typeMismatch: "A value of the wrong type (a list where a mapping belongs, `yes` for a boolean)."
        case .invalidEnum: "A value outside an enumeration."
        case .invalidFormat: "A value that does not match its format (flow id, colour, email)."
        case .dslVersion: "An unsupported `dsl` version."
        case .invalidCurrency: "A currency code that is not ISO 4217."
        case .invalidCountry: "A country code that is not ISO 3166-1 alpha-2."
        case .unsupportedLocale: "A `locale` that names no supported language (`request.locale: ko`)."
        case .negativeAmount: "A negative amount."
        case .amountPrecision: "An amount with more decimals than its currency's minor units."
        case .zeroAmount: "A sale of a price that is always zero (providers refuse it; a zero check is an `auth`)."
        case .outOfRange: "A value out of its allowed range (tax rate over 100%, a rate of zero)."
        case .conflictingSettings: "Settings that cannot hold together (createPayment without a shopper)."
        case .ineffectiveSetting: "A setting with no effect given the others (processFailed3DS without 3DS)."
        case .inlineCredential: "A credential written inline instead of `${env:NAME}`."
        case .unsupported: "A feature that is part of the language but not available in this build."
        case .duplicateId: "Two stages (or custom fields) with the same id."
        case .fieldConflict: "A `fields` setting that contradicts the request (hiding a field the request requires)."
        case .hiddenField: "A screen asks for a field that `fields` hides."
        case .missingField: "A screen leaves out a field the request requires, or names a field that does not exist."
        case .unknownReference: "A route or field list names a stage or field that does not exist."
        case .unreachableStage: "A stage no route reaches."
        case .endlessLoop: "Stages that route to each other with no way to the end."
        case .outcomeRoute:
            "A route for an outcome the stage never has, or an outcome left to end the run by default where the stage routes its others."
        case .missingStep: "A step that needs something no earlier stage provides (a charge without a tokenize)."
        case .implicitScreen: "A screen kind that cannot be listed (`threeDSChallenge`, `result`)."
        case .extendsBase: "`extends` names a base flow that cannot be read or does not compile."
        case .conditionSyntax: "A condition that does not parse (`paymentMethod = card`)."
        case .unknownName: "A condition reads a name the language does not know."
        case .nameNotAvailable: "A condition reads a name that is not set yet at that point of the flow."
        case .conditionType: "A condition mixes types: ordering text, `and` on a number, a condition that is not true or false."
        case .impossibleComparison: "A comparison that can never hold: a value outside an enumeration or that this flow cannot produce."
        case .constantCondition: "A condition, or part of one, that is always true or always false."
        case .deadRoute: "A `when` the request decides: its stage never runs, or is never skipped (an edge no input takes)."
        }
    }

    /// Where the rule is explained, with a wrong and a right example: its section of
    /// docs/rules.md, on the project's documentation site (the host the JSON Schemas' `$id`
    /// names).
    public var helpURI: String { "https://checkoutflow.dev/docs/rules.md#" + rawValue }
}
