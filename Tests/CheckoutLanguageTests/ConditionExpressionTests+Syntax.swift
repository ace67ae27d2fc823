import CheckoutLanguage
import Testing

/// A syntax error in a condition: one issue, with its exact message, position and fix.
struct SyntaxCase: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var range: Range<Int>
    var suggestion: String? = nil
    var notes: [String] = []

    var testDescription: String { text }
}

extension ConditionExpressionTests {
    static let syntaxErrors: [SyntaxCase] = [
        .init(text: "", message: "the condition is empty", range: 0..<0),
        .init(text: "   ", message: "the condition is empty", range: 0..<3),
        .init(text: "paymentMethod = card", message: "'=' is not an operator; did you mean '=='?", range: 14..<15, suggestion: "=="),
        .init(text: "a && b", message: "'&&' is not an operator; did you mean 'and'?", range: 2..<4, suggestion: "and"),
        .init(text: "a || b", message: "'||' is not an operator; did you mean 'or'?", range: 2..<4, suggestion: "or"),
        .init(text: "a & b", message: "'&' is not an operator; did you mean 'and'?", range: 2..<3, suggestion: "and"),
        .init(text: "!a", message: "'!' is not an operator; did you mean 'not'?", range: 0..<1, suggestion: "not"),
        .init(text: "a => 1", message: "'=>' is not an operator; did you mean '>='?", range: 2..<4, suggestion: ">="),
        .init(text: "a =< 1", message: "'=<' is not an operator; did you mean '<='?", range: 2..<4, suggestion: "<="),
        .init(text: "a <> b", message: "'<>' is not an operator; did you mean '!='?", range: 2..<4, suggestion: "!="),
        .init(text: "a === b", message: "'=' is not an operator; did you mean '=='?", range: 4..<5, suggestion: "=="),
        .init(text: "paymentMethod ==", message: "expected a value after '=='", range: 16..<16),
        .init(text: "paymentMethod == and b", message: "expected a value after '=='", range: 17..<20),
        .init(text: "a and", message: "expected a value after 'and'", range: 5..<5),
        .init(text: "a or or b", message: "expected a value after 'or'", range: 5..<7),
        .init(text: "and a", message: "expected a value before 'and'", range: 0..<3),
        .init(text: "not", message: "expected a value after 'not'", range: 3..<3),
        .init(text: "a == ,", message: "expected a value after '=='", range: 5..<6),
        .init(text: ", a", message: "expected a value", range: 0..<1),
        .init(text: "()", message: "expected a value after '('", range: 1..<2),
        .init(text: "(a and b", message: "unclosed '('", range: 0..<1),
        .init(text: "a and ((b)", message: "unclosed '('", range: 6..<7),
        .init(text: "a and b)", message: "unexpected ')'", range: 7..<8),
        .init(text: ")", message: "unexpected ')'", range: 0..<1),
        .init(text: "a == b == c", message: "comparisons do not chain; join them with 'and'", range: 7..<9),
        .init(text: "a == b in [c]", message: "comparisons do not chain; join them with 'and'", range: 7..<9),
        .init(text: "a in [b] not in [c]", message: "comparisons do not chain; join them with 'and'", range: 9..<15),
        .init(text: "a in b", message: "expected a list such as [a, b] after 'in'", range: 5..<6),
        .init(text: "a in", message: "expected a list such as [a, b] after 'in'", range: 4..<4),
        .init(text: "a in [x, ]", message: "expected a value after ','", range: 9..<10),
        .init(text: "a in [,]", message: "expected a value after '['", range: 6..<7),
        .init(text: "a in [x y]", message: "expected ',' or ']' in the list, found 'y'", range: 8..<9),
        .init(text: "a in [x", message: "unclosed '['", range: 5..<6),
        .init(text: "a in [x,", message: "unclosed '['", range: 5..<6),
        .init(text: "a in [b.c]", message: "a list holds values, not names; found 'b.c'", range: 6..<9),
        .init(text: "a not [x]", message: "expected 'in' after 'not'", range: 6..<7),
        .init(text: "a b", message: "unexpected 'b'; expected an operator, 'and' or 'or'", range: 2..<3),
        .init(text: "a == b c", message: "unexpected 'c'; expected 'and' or 'or'", range: 7..<8),
        .init(text: "(a == b \"c\")", message: "unexpected \"c\"; expected 'and', 'or' or ')'", range: 8..<11),
        .init(text: "a AND b", message: "unexpected 'AND'; did you mean 'and'?", range: 2..<5, suggestion: "and"),
        .init(text: "a == 'abc", message: "unclosed string; expected a closing '", range: 5..<9),
        .init(text: #"a == "x\ny""#, message: #"unknown escape '\n'; a string can only escape \\, \" and \'"#, range: 7..<9),
        .init(text: "a == 1.2.3", message: "'1.2.3' is not a number", range: 5..<10),
        .init(text: "a == 100.", message: "'100.' is not a number", range: 5..<9),
        .init(
            text: "a == 3ds", message: "'3ds' is not a number", range: 5..<8, notes: ["a name starts with a letter or '_'"]),
        .init(text: "a. == b", message: "expected a name after '.'", range: 1..<2),
        .init(text: "a.b. == c", message: "expected a name after '.'", range: 3..<4),
        .init(text: "a == -1", message: "unexpected character '-'", range: 5..<6),
        // Offsets count Unicode scalars: ö and ß are one each, and so is an emoji.
        .init(text: "größe == 1 =", message: "'=' is not an operator; did you mean '=='?", range: 11..<12, suggestion: "=="),
        .init(text: "a == '😀' =", message: "'=' is not an operator; did you mean '=='?", range: 9..<10, suggestion: "=="),
        .init(
            text: String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65),
            message: "the condition nests deeper than 64 levels of 'not' and parentheses", range: 64..<65),
        .init(
            text: String(repeating: "not ", count: 65) + "a",
            message: "the condition nests deeper than 64 levels of 'not' and parentheses", range: 256..<259),
    ]

    @Test func sixtyFourLevelsOfNestingAreEnough() throws {
        let text = String(repeating: "not (", count: 32) + "a" + String(repeating: ")", count: 32)
        #expect(try syntax(text).description == String(repeating: "not ", count: 32) + "a")
    }

    @Test(arguments: syntaxErrors)
    func aSyntaxErrorIsOneIssueWithItsPositionAndWhatWasExpected(_ c: SyntaxCase) {
        let expected = ConditionIssue(rule: .conditionSyntax, message: c.message, range: c.range, suggestion: c.suggestion, notes: c.notes)
        let result = Condition.check(c.text, in: Self.scope)
        #expect(result.issues == [expected])
        #expect(result.condition == nil)
        #expect(Condition.parse(c.text) == .failure(expected))
    }

    @Test func conditionIssuesAreDocumentedRules() {
        let ids = [
            Rule.conditionSyntax, .unknownName, .nameNotAvailable, .conditionType, .impossibleComparison, .constantCondition,
        ]
        #expect(
            ids.map(\.rawValue) == [
                "condition-syntax", "unknown-name", "name-not-available", "condition-type", "impossible-comparison",
                "constant-condition",
            ])
        #expect(ids.allSatisfy(Rule.all.contains))
    }
}
