import CheckoutDomain
import Foundation

/// The names conditions can read (docs/language.md "Conditions"), their types, and which
/// stage makes each known. The compiler builds each stage's scope from this table; the
/// runtime answers the same names.
public enum ConditionNames {
    /// A boolean request flag.
    public struct Flag: Sendable {
        public let name: String
        public let keyPath: any KeyPath<CheckoutRequest, Bool> & Sendable
    }

    /// The boolean flags of `request`, readable as `request.<name>`.
    public static let requestFlags: [Flag] = [
        Flag(name: "withEmail", keyPath: \.withEmail), Flag(name: "fullBilling", keyPath: \.fullBilling),
        Flag(name: "withShipping", keyPath: \.withShipping), Flag(name: "allowCurrencyChange", keyPath: \.allowCurrencyChange),
        Flag(name: "hideStoreCardSwitch", keyPath: \.hideStoreCardSwitch), Flag(name: "activate3DS", keyPath: \.activate3DS),
        Flag(name: "processFailed3DS", keyPath: \.processFailed3DS), Flag(name: "subscription", keyPath: \.subscription),
    ]

    /// Every name with its type and the fact that makes it known (nil: known from the start).
    static func table(flow: FlowDefinition, methods: [PaymentMethodKind], stepIds: [(String, StepKind)]) -> [(String, ConditionType, Fact?)]
    {
        var t: [(String, ConditionType, Fact?)] = []
        for flag in requestFlags { t.append(("request.\(flag.name)", .bool, nil)) }
        t.append(("request.mode", enumeration("mode", CheckoutMode.allCases.map(\.rawValue)), nil))
        t.append(("request.transactionType", enumeration("transaction type", TransactionType.allCases.map(\.rawValue)), nil))
        t.append(("request.shopperId", .text(.any), nil))
        t.append(("request.price.amount", .decimal, nil))
        t.append(("request.price.currency", .text(.currency), nil))
        t.append(("price.amount", .decimal, nil))
        t.append(("price.taxAmount", .decimal, nil))
        t.append(("price.total", .decimal, nil))
        t.append(("price.currency", .text(.currency), nil))
        t.append(
            (
                "paymentMethod",
                enumeration("payment method", PaymentMethodKind.allCases.map(\.rawValue), possible: methods.map(\.rawValue)), .paymentMethod
            ))
        let brands = CardBrand.allCases.map(\.rawValue)
        t.append(("card.brand", enumeration("card brand", brands, possible: flow.cards.acceptedBrands.map(\.rawValue)), .card))
        t.append(("card.storeCard", .bool, .card))
        t.append(("card.country", .text(.country), .tokenized))
        for (section, fact) in [("billing", Fact.billing), ("shipping", Fact.shipping)] {
            t.append(("\(section).country", .text(.country), fact))
            t.append(("\(section).state", .text(.any), fact))
            t.append(("\(section).zip", .text(.any), fact))
            t.append(("\(section).city", .text(.any), fact))
        }
        t.append(("shipping.sameAsBilling", .bool, .billing))
        t.append(("threeDS.result", enumeration("3-D Secure result", ThreeDSResult.allCases.map(\.rawValue)), .threeDS))
        t.append(("declineCode", .text(.any), .charge))
        for (id, kind) in stepIds {
            t.append(
                (
                    "outcome.\(id)", enumeration("outcome", StageOutcome.allCases.map(\.rawValue), possible: kind.outcomes.map(\.rawValue)),
                    .outcome(id)
                ))
        }
        for field in flow.fields.custom {
            let type: ConditionType = field.options.map { enumeration("'\(field.id)' option", $0) } ?? .text(.any)
            t.append(("custom.\(field.id)", type, .custom(field.id)))
        }
        return t
    }

    private static func enumeration(_ name: String, _ values: [String], possible: [String]? = nil) -> ConditionType {
        .enumeration(ConditionEnum(name: name, values: values, possible: possible.map(Set.init)))
    }
}

extension FlowCompiler {
    /// Parses and type-checks every `when` against the names known at its stage.
    static func checkConditions(
        _ drafts: inout [StageDraft], analysis: PipelineGraphAnalysis, flow: FlowDefinition, methods: [PaymentMethodKind],
        _ ctx: inout CompileContext
    ) {
        let steps = drafts.compactMap { d -> (String, StepKind)? in
            if case .step(let k) = d.stage.kind { return (d.stage.id, k) }
            return nil
        }
        guard drafts.contains(where: { $0.when != nil }) else { return }
        let table = ConditionNames.table(flow: flow, methods: methods, stepIds: steps)
        // One scope with every name, then per stage only the names not known there are
        // marked; each fact's reason is worded once.
        // One scope with every name; a name set by some stage sits behind that stage's fact
        // (a gate), and each stage closes the gates of the facts it does not know.
        var scope = ConditionScope()
        var gates: [Fact: Int] = [:]
        for (name, type, fact) in table {
            guard let fact else {
                scope.define(name, type)
                continue
            }
            let gate = gates[fact] ?? gates.count
            gates[fact] = gate
            scope.define(name, type, gate: gate)
        }
        let offered = methods.map(\.rawValue).joined(separator: ", ")
        scope.setImpossibleReason("paymentMethod", "this flow offers only \(offered)")
        scope.setImpossibleReason(
            "card.brand", "'cards.accept' lists only \(flow.cards.acceptedBrands.map(\.rawValue).joined(separator: ", "))")
        for (id, kind) in steps {
            scope.setImpossibleReason(
                "outcome.\(id)", "a \(kind.rawValue) step ends only \(kind.outcomes.map(\.rawValue).joined(separator: ", "))")
        }
        let reasons = gates.map {
            (fact: $0.key, gate: $0.value, reason: "it is set by \($0.key.providerWords), and not every path to this stage passes one")
        }
        for i in drafts.indices {
            guard let node = drafts[i].when, let text = node.scalar?.value else { continue }
            scope.closedGates = [:]
            for r in reasons where !analysis.knows(r.fact, at: i) { scope.closedGates[r.gate] = r.reason }
            let (condition, issues) = Condition.check(text, in: scope)
            for issue in issues {
                ctx.report(
                    issue.rule, issue.message, at: conditionRange(issue.range, in: node), severity: issue.severity, notes: issue.notes,
                    suggestion: issue.suggestion)
            }
            drafts[i].stage.condition = condition
        }
    }

    /// The source span of `range` (Unicode scalar offsets into the condition's text): exact for
    /// a condition written on one line without escapes, else the whole value.
    static func conditionRange(_ range: Range<Int>, in node: YAMLNode) -> SourceRange {
        guard let scalar = node.scalar, node.range.start.line == node.range.end.line else { return node.range }
        let quote: Int
        switch scalar.style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        default: return node.range
        }
        let written = node.range.end.column - node.range.start.column - 2 * quote
        guard written == scalar.value.unicodeScalars.count else { return node.range }
        let start = node.range.start
        let byteOffset = { (n: Int) -> Int in
            start.offset + quote + String(String.UnicodeScalarView(scalar.value.unicodeScalars.prefix(n))).utf8.count
        }
        let end = max(range.upperBound, range.lowerBound + 1)
        let clampedEnd = min(end, scalar.value.unicodeScalars.count)
        return SourceRange(
            start: SourceLocation(line: start.line, column: start.column + quote + range.lowerBound, offset: byteOffset(range.lowerBound)),
            end: SourceLocation(
                line: start.line, column: start.column + quote + max(clampedEnd, range.lowerBound),
                offset: byteOffset(max(clampedEnd, range.lowerBound))))
    }
}
