/// The names a condition's text reads, with where each is, for tools that point at them (the
/// language server's go to definition, references and rename of `outcome.<id>`).
package enum ConditionNameTokens {
    /// Each name token of `text` (`paymentMethod`, `outcome.charge`) and its range in Unicode
    /// scalars within `text`; nil when the text does not lex (a stray `&`, an open quote).
    /// Words in quotes are strings, not names, and are not listed.
    package static func names(in text: String) -> [(name: String, range: Range<Int>)]? {
        guard let tokens = try? ConditionLexer.tokens(Array(text.unicodeScalars)) else { return nil }
        return tokens.compactMap { token in
            if case .name(let name) = token.kind { return (name, token.range) }
            return nil
        }
    }

    /// The keywords of the language (`and`, `or`, `not`, `in`, `true`, `false`).
    package static var keywords: [String] { ConditionKeyword.allCases.map(\.rawValue) }

    /// The comparison operators, as written.
    package static var comparisons: [String] { ComparisonOperator.allCases.map(\.rawValue) }
}
