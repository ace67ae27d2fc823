import CheckoutLanguage
import Foundation
import Testing

/// The condition language of `when:`: parsing, printing, evaluation and the builders.
/// Checking (names, types, impossible values) is in `ConditionExpressionTests+Checking.swift`.
@Suite struct ConditionExpressionTests {
    static let paymentMethod = ConditionEnum(
        name: "payment method", values: ["card", "paypal", "applePay", "savedCard"], possible: ["card", "paypal", "savedCard"])
    static let chargeOutcome = ConditionEnum(name: "charge outcome", values: ["approved", "declined", "failed"])
    static let threeDSResult = ConditionEnum(
        name: "3-D Secure result", values: ["AUTHENTICATION_SUCCEEDED", "AUTHENTICATION_FAILED", "AUTHENTICATION_UNAVAILABLE"])

    /// The names of a point after billing and the charge.
    static var scope: ConditionScope {
        var s = ConditionScope()
        s.define("paymentMethod", .enumeration(paymentMethod))
        s.setImpossibleReason("paymentMethod", "this flow does not offer applePay")
        s.define("shipping.sameAsBilling", .bool)
        s.define("price.total", .decimal)
        s.define("price.currency", .text(.currency))
        s.define("billing.country", .text(.country))
        s.define("customer.email", .text(.any))
        s.define("outcome.charge", .enumeration(chargeOutcome))
        s.define("threeDS.result", .enumeration(threeDSResult))
        return s
    }

    func check(_ text: String, in scope: ConditionScope = Self.scope) throws -> Condition {
        let result = Condition.check(text, in: scope)
        #expect(result.issues.isEmpty, "\(text): \(result.issues.map(\.message))")
        return try #require(result.condition, "\(text) does not check")
    }

    func syntax(_ text: String) throws -> ConditionSyntax {
        try Condition.parse(text).get()
    }

    // MARK: Parsing and printing

    static let canonical: [(String, String)] = [
        ("paymentMethod == card", "paymentMethod == card"),
        ("paymentMethod   in [ card,savedCard ]", "paymentMethod in [card, savedCard]"),
        ("paymentMethod not in [paypal]", "paymentMethod not in [paypal]"),
        ("not shipping.sameAsBilling", "not shipping.sameAsBilling"),
        ("price.total >= 100.00 and billing.country in ['US', \"CA\"]", "price.total >= 100.00 and billing.country in [\"US\", \"CA\"]"),
        (
            "outcome.charge == declined or threeDS.result != AUTHENTICATION_SUCCEEDED",
            "outcome.charge == declined or threeDS.result != AUTHENTICATION_SUCCEEDED"
        ),
        ("(a and b)", "a and b"),
        ("a and (b and c)", "a and b and c"),
        ("a or (b and c)", "a or b and c"),
        ("(a or b) and c", "(a or b) and c"),
        ("not (a and b)", "not (a and b)"),
        ("not (a == b)", "not a == b"),
        ("not not a", "not not a"),
        ("((a))", "a"),
        ("(a == b) == false", "(a == b) == false"),
        ("a<=1 or a<2 or a>3 or a>=4", "a <= 1 or a < 2 or a > 3 or a >= 4"),
        (#"a == 'it\'s "x" \\'"#, #"a == "it's \"x\" \\""#),
        ("a in []", "a in []"),
        ("größe == 1", "größe == 1"),
        ("_x1 == true", "_x1 == true"),
    ]

    @Test(arguments: canonical)
    func printsCanonicalTextThatParsesBackToItself(input: String, expected: String) throws {
        let printed = try syntax(input).description
        #expect(printed == expected)
        #expect(try syntax(printed).description == printed)
    }

    @Test func aCheckedConditionPrintsLikeItsSyntax() throws {
        let text = "price.total >= 100.00 and not (paymentMethod in [card, savedCard] or customer.email == \"a\\\"b\")"
        #expect(try check(text).description == text)
        #expect(try syntax(text).description == text)
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        let tree = try syntax("not a and b or c")
        guard case .or(let parts) = tree.node, parts.count == 2, case .and(let left) = parts[0].node, left.count == 2,
            case .not(let negated) = left[0].node
        else {
            Issue.record("unexpected shape \(tree)")
            return
        }
        #expect(negated.node == .name("a"))
        #expect(left[1].node == .name("b"))
        #expect(parts[1].node == .name("c"))
        #expect(tree.range == 0..<16)
        #expect(parts[0].range == 0..<11)
    }

    @Test func notAppliesToAWholeComparison() throws {
        let tree = try syntax("not a == b")
        guard case .not(let inner) = tree.node, case .comparison(let l, .equal, let r) = inner.node else {
            Issue.record("unexpected shape \(tree)")
            return
        }
        #expect(l.node == .name("a") && r.node == .name("b"))
    }

    @Test func literalsAreReadAsWritten() throws {
        let tree = try syntax(#"x in [1, 2.50, "a b", 'c', true, false, sym]"#)
        guard case .membership(_, negated: false, let xs) = tree.node else {
            Issue.record("unexpected shape \(tree)")
            return
        }
        #expect(
            xs.map(\.node) == [
                .literal(.number("1")), .literal(.number("2.50")), .literal(.string("a b")), .literal(.string("c")),
                .literal(.bool(true)), .literal(.bool(false)), .name("sym"),
            ])
        #expect(xs.map(\.range) == [6..<7, 9..<13, 15..<20, 22..<25, 27..<31, 33..<38, 40..<43])
    }

    @Test(arguments: [false, true])
    func precedenceDecidesEvaluation(c: Bool) throws {
        for a in [false, true] {
            for b in [false, true] {
                let values = ["a": a, "b": b, "c": c]
                let lookup: (String) -> ConditionValue? = { values[$0].map(ConditionValue.bool) }
                var scope = ConditionScope()
                for name in values.keys { scope.define(name, .bool) }
                #expect(try check("not a and b or c", in: scope).evaluate(lookup) == ((!a && b) || c))
                #expect(try check("a or b and c", in: scope).evaluate(lookup) == (a || (b && c)))
                #expect(try check("not (a or b) and c", in: scope).evaluate(lookup) == (!(a || b) && c))
            }
        }
    }

    // MARK: Evaluation

    static let values: [String: ConditionValue] = [
        "paymentMethod": .symbol("card"),
        "shipping.sameAsBilling": .bool(false),
        "price.total": .decimal(Decimal(string: "100.5")!),
        "price.currency": .text("EUR"),
        "billing.country": .text("US"),
        "customer.email": .text("a@example.com"),
        "outcome.charge": .symbol("declined"),
        "threeDS.result": .symbol("AUTHENTICATION_SUCCEEDED"),
    ]

    static let evaluations: [(String, Bool)] = [
        ("paymentMethod == card", true),
        ("paymentMethod != card", false),
        ("paymentMethod == savedCard", false),
        ("paymentMethod in [card, savedCard] and not shipping.sameAsBilling", true),
        ("paymentMethod not in [card, savedCard]", false),
        ("price.total >= 100.00 and billing.country in [\"US\", \"CA\"]", true),
        ("price.total > 100.50 or price.total < 100.5", false),
        ("price.total == 100.500 and price.total <= 100.5 and price.total >= 100.50", true),
        ("outcome.charge == declined or threeDS.result != AUTHENTICATION_SUCCEEDED", true),
        ("outcome.charge == approved or threeDS.result != AUTHENTICATION_SUCCEEDED", false),
        ("billing.country == US and US == billing.country and billing.country != CA", true),
        ("customer.email == \"A@example.com\"", false),
        ("paymentMethod == \"card\"", true),
        ("(paymentMethod == card) == false", false),
        ("price.currency in [USD, EUR]", true),
        ("shipping.sameAsBilling == false", true),
    ]

    @Test(arguments: evaluations)
    func evaluatesAgainstValues(text: String, expected: Bool) throws {
        #expect(try check(text).evaluate { Self.values[$0] } == expected)
    }

    static let unset: [(String, Bool)] = [
        ("paymentMethod == card", false),
        ("paymentMethod != card", true),
        ("paymentMethod in [card]", false),
        ("paymentMethod not in [card]", true),
        ("price.total < 1", false), ("price.total <= 1", false), ("price.total > 1", false), ("price.total >= 1", false),
        ("shipping.sameAsBilling", false),
        ("not shipping.sameAsBilling", true),
        ("shipping.sameAsBilling == false", false),
    ]

    @Test(arguments: unset)
    func anUnsetNameFailsEveryComparisonButNotEqualAndNotIn(text: String, expected: Bool) throws {
        #expect(try check(text).evaluate { _ in nil } == expected)
    }

    @Test func textAndSymbolsCompareByExactStringAndOtherTypesNeverEqual() throws {
        let condition = try check("customer.email == \"caf\u{E9}\"")
        #expect(condition.evaluate { _ in .text("caf\u{E9}") })
        #expect(!condition.evaluate { _ in .text("cafe\u{301}") })
        #expect(condition.evaluate { _ in .symbol("caf\u{E9}") })
        let total = try check("price.total == 100")
        #expect(!total.evaluate { _ in .text("100") })
        #expect(try check("price.total != 100").evaluate { _ in .text("100") })
    }

    // MARK: Builders

    @Test func buildersPrintLikeTheLanguage() {
        let card = Condition.equals("paymentMethod", "card")
        let cards = Condition.isIn("paymentMethod", ["card", "savedCard"])
        let same = Condition.name("shipping.sameAsBilling")
        #expect(card.description == "paymentMethod == card")
        #expect(cards.description == "paymentMethod in [card, savedCard]")
        #expect(Condition.not(same).description == "not shipping.sameAsBilling")
        #expect(Condition.all([cards, .not(same)]).description == "paymentMethod in [card, savedCard] and not shipping.sameAsBilling")
        #expect(Condition.not(.all([card, same])).description == "not (paymentMethod == card and shipping.sameAsBilling)")
        #expect(
            Condition.all([card, .any([same, cards])]).description
                == "paymentMethod == card and (shipping.sameAsBilling or paymentMethod in [card, savedCard])")
        #expect(Condition.all([card]) == card)
        #expect(Condition.all([]).description == "true")
        #expect(Condition.equals("x", "in").description == #"x == "in""#)
        #expect(Condition.equals("x", "a \"b\"").description == #"x == "a \"b\"""#)
    }

    @Test func buildersEqualTheCheckedTextAndEvaluateLikeIt() throws {
        let built = Condition.all([.isIn("paymentMethod", ["card", "savedCard"]), .not(.name("shipping.sameAsBilling"))])
        let checked = try check("paymentMethod in [card, savedCard] and not shipping.sameAsBilling")
        #expect(built == checked)
        #expect(Condition.equals("paymentMethod", "card") == (try check("paymentMethod == card")))
        #expect(built.evaluate { Self.values[$0] })
        #expect(!built.evaluate { $0 == "paymentMethod" ? .symbol("paypal") : Self.values[$0] })
        #expect(Condition.all([]).evaluate { _ in nil })
        #expect(built.names == ["paymentMethod", "shipping.sameAsBilling"])
    }

    @Test func nestedAndsAndOrsMergeSoEqualConditionsAreEqual() throws {
        let a = Condition.name("shipping.sameAsBilling")
        let b = Condition.equals("paymentMethod", "card")
        let c = Condition.equals("billing.country", "US")
        #expect(
            Condition.all([a, .all([b, c])]) == (try check("shipping.sameAsBilling and (paymentMethod == card and billing.country == US)")))
        #expect(
            Condition.all([.all([a, b]), c]) == (try check("shipping.sameAsBilling and paymentMethod == card and billing.country == US")))
        #expect(
            Condition.any([a, .any([b, c])]) == (try check("(shipping.sameAsBilling or paymentMethod == card) or billing.country == US")))
        #expect(
            Condition.any([a, .all([b, c])]) != (try check("(shipping.sameAsBilling or paymentMethod == card) and billing.country == US")))
    }

    @Test func namesAreTheNamesRead() throws {
        let condition = try check("paymentMethod == card and (price.total > 1 or not shipping.sameAsBilling) and billing.country == US")
        #expect(condition.names == ["paymentMethod", "price.total", "shipping.sameAsBilling", "billing.country"])
        #expect(try check("(paymentMethod in [card]) == true").names == ["paymentMethod"])
    }
}
