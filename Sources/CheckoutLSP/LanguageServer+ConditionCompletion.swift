import CheckoutDomain
import CheckoutLanguage

/// Completion inside a `when:` condition: names where a name can go (`ConditionName`'s list,
/// `outcome.<id>` for each step, `custom.<id>` for each custom field), operators after a
/// name, the values of the name's type after an operator, `and`/`or` after a value.
extension LanguageServer {
    static func conditionItems(_ written: String, names: DocumentNames) -> [Completion] {
        // A quoted condition's text after its opening quote.
        let text = written.first == "\"" || written.first == "'" ? String(written.dropFirst()) : written
        let partial = CursorContext.trailingWord(text)
        let tokens = conditionTokens(String(text.dropLast(partial.count)))
        let last = tokens.last
        let operators = ComparisonOperatorWords.all
        if last == nil || ["and", "or", "not", "("].contains(last) {
            return nameItems(names) + (last == "not" ? [] : [keyword("not", "negates what follows")])
        }
        if let last, operators.contains(last) || last == "in" || last == "[" || last == "," {
            guard let name = tokens.last(where: { ConditionName($0) != nil }) else { return [] }
            return conditionValues(name, names: names)
        }
        if let last, last == "]" || tokens.count >= 2 && (operators.contains(tokens[tokens.count - 2]) || tokens[tokens.count - 2] == "in")
        {
            return [keyword("and", "both must hold"), keyword("or", "either may hold")]
        }
        return operators.map { op in
            Completion(
                label: op, kind: .operator, detail: "comparison", documentation: ComparisonOperatorWords.summary(op), insert: op + " ")
        } + [keyword("in", "one of a list: `in [a, b]`"), keyword("not in", "none of a list: `not in [a, b]`")]
    }

    private static func keyword(_ word: String, _ summary: String) -> Completion {
        Completion(label: word, kind: .keyword, detail: "keyword", documentation: summary, insert: word + " ")
    }

    /// Every name a condition of this document may read.
    static func nameItems(_ names: DocumentNames) -> [Completion] {
        let steps = names.stages.filter { !$0.isScreen }.map { ConditionName.outcome(stage: $0.id) }
        let custom = names.customFields.map { ConditionName.custom(field: $0) }
        return (ConditionName.fixed + steps + custom).map { name in
            Completion(label: name.text, kind: .variable, detail: "condition name", documentation: name.summary)
        }
    }

    /// The values `name` can be compared with.
    static func conditionValues(_ name: String, names: DocumentNames) -> [Completion] {
        func values(_ list: [String], _ what: String) -> [Completion] {
            list.map { Completion(label: $0, kind: .enumMember, detail: what) }
        }
        switch ConditionName(name) {
        case .paymentMethod?: return valueItems(.cases(PaymentMethodKind.self))
        case .cardBrand?: return values(CardBrand.allCases.map(\.rawValue), "card brand")
        case .outcome?: return values(StageOutcome.allCases.map(\.rawValue), "outcome")
        case .threeDSResult?: return values(ThreeDSResult.allCases.map(\.rawValue), "3-D Secure result")
        case .requestMode?: return valueItems(.cases(CheckoutMode.self))
        case .requestTransactionType?: return valueItems(.cases(TransactionType.self))
        case .requestFlag?, .cardStoreCard?, .shippingSameAsBilling?: return valueItems(.bool)
        case .cardCountry?, .address(_, .country)?: return countryItems()
        case .priceCurrency?, .requestPriceCurrency?: return currencyItems()
        default: return []
        }
    }

    /// The condition before the word being typed, as tokens: words, operators and brackets.
    static func conditionTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        func flush() {
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        for c in text {
            if c == " " || c == "\t" || c.isNewline {
                flush()
            } else if "()[],".contains(c) {
                flush()
                tokens.append(String(c))
            } else if "=!<>".contains(c) {
                if let w = word.last, !"=!<>".contains(w) { flush() }
                word.append(c)
            } else {
                if let w = word.last, "=!<>".contains(w) { flush() }
                word.append(c)
            }
        }
        flush()
        return tokens
    }
}

/// The comparison operators and their words.
enum ComparisonOperatorWords {
    static let all = ConditionNameTokens.comparisons

    static func summary(_ op: String) -> String {
        switch op {
        case "==": "equal"
        case "!=": "not equal"
        case "<": "less than (numbers)"
        case "<=": "at most (numbers)"
        case ">": "more than (numbers)"
        default: "at least (numbers)"
        }
    }
}
