import CheckoutDomain
import Foundation

/// The names conditions can read (docs/language.md "Conditions"), their types, and which
/// stage makes each known. The compiler builds each stage's scope from this table; the
/// runtime answers the same names.
package enum ConditionNames {
    /// The type of each name every flow has, and the fact that makes it known (nil: known from
    /// the start); nil for the names whose values are the flow's own (`paymentMethod`,
    /// `card.brand`, `outcome.<id>`, `custom.<id>`), which `scope(flow:methods:stepIds:)` adds.
    /// No `default`: a new `ConditionName` needs its type here.
    private static func common(_ name: ConditionName) -> (ConditionType, Fact?)? {
        switch name {
        case .requestFlag: (.bool, nil)
        case .requestMode: (enumeration("mode", CheckoutMode.allCases.map(\.rawValue)), nil)
        case .requestTransactionType: (enumeration("transaction type", TransactionType.allCases.map(\.rawValue)), nil)
        case .requestShopperId: (.text(.any), nil)
        case .requestPriceAmount, .priceAmount, .priceTaxAmount, .priceTotal: (.decimal, nil)
        case .requestPriceCurrency, .priceCurrency: (.text(.currency), nil)
        case .cardStoreCard: (.bool, .card)
        case .cardCountry: (.text(.country), .tokenized)
        case .address(let section, let part):
            (part == .country ? .text(.country) : .text(.any), section == .billing ? .billing : .shipping)
        case .shippingSameAsBilling: (.bool, .billing)
        case .threeDSResult: (enumeration("3-D Secure result", ThreeDSResult.allCases.map(\.rawValue)), .threeDS)
        case .declineCode: (.text(.any), .charge)
        case .paymentMethod, .cardBrand, .outcome, .custom: nil
        }
    }

    /// The gates of the facts every flow has; a flow's scope adds one per step id and custom field.
    private static let commonGates: [Fact] = [.paymentMethod, .card, .tokenized, .billing, .shipping, .threeDS, .charge]

    /// The names `common` types, as a scope, built once per process; each flow's scope adds its own names
    /// to a copy without copying these.
    private static let commonScope: ConditionScope = {
        var scope = ConditionScope()
        for name in ConditionName.fixed {
            guard let (type, fact) = common(name) else { continue }
            if let fact, let gate = commonGates.firstIndex(of: fact) {
                scope.define(name.text, type, gate: gate)
            } else {
                scope.define(name.text, type)
            }
        }
        return scope.sharingDefinitions()
    }()

    private static let paymentMethodNames = PaymentMethodKind.allCases.map(\.rawValue)
    private static let brandNames = CardBrand.allCases.map(\.rawValue)

    /// The type of `outcome.<id>` for a step of each kind.
    private static let outcomeTypes: [StepKind: ConditionType] = Dictionary(
        uniqueKeysWithValues: StepKind.allCases.map { kind in
            (kind, enumeration("outcome", StageOutcome.allCases.map(\.rawValue), possible: kind.outcomes.map(\.rawValue)))
        })

    /// The type of `outcome.<id>` for a `taxUpdate` step that calls the flow's `taxService`.
    private static let taxServiceOutcomeType = enumeration(
        "outcome", StageOutcome.allCases.map(\.rawValue), possible: [StageOutcome.success, .failed].map(\.rawValue))

    /// Every name a condition of this flow may read, each behind the gate of the fact that makes
    /// it known (nil: known from the start); `FlowNames.fact(ofGate:)` is the fact of a gate.
    /// The flow's own names are defined only when a condition reads them.
    static func scope(flow: FlowDefinition, methods: [PaymentMethodKind], stepIds: [(String, StepKind)]) -> (ConditionScope, FlowNames) {
        var scope = commonScope
        let names = FlowNames(
            methods: methods, accepted: flow.cards.acceptedBrands, steps: stepIds, custom: flow.fields.custom,
            taxService: flow.taxService != nil)
        scope.source = names
        return (scope, names)
    }

    /// A flow's own names: `paymentMethod` and `card.brand` with the values this flow can
    /// produce, `outcome.<id>` per step, `custom.<id>` per custom field. Gates are numbered
    /// `commonGates`, then one per step (by position), then one per custom field.
    final class FlowNames: ConditionNameSource {
        let methods: [PaymentMethodKind]
        let accepted: [CardBrand]
        let steps: [(id: String, kind: StepKind)]
        let custom: [CustomField]
        /// The flow has a `taxService`: its `taxUpdate` steps can end `failed`.
        let taxService: Bool
        /// The last step with each id, and the first custom field with each: by table, as a
        /// search per condition made a flow of conditions quadratic (issue 21).
        private let lastStep: [String: Int]
        private let firstCustom: [String: Int]

        init(
            methods: [PaymentMethodKind], accepted: [CardBrand], steps: [(String, StepKind)], custom: [CustomField],
            taxService: Bool = false
        ) {
            self.taxService = taxService
            self.methods = methods
            self.accepted = accepted
            self.steps = steps
            self.custom = custom
            var last: [String: Int] = [:]
            for (i, step) in steps.enumerated() { last[step.0] = i }
            lastStep = last
            var first: [String: Int] = [:]
            for (i, field) in custom.enumerated() where first[field.id] == nil { first[field.id] = i }
            firstCustom = first
        }

        /// The fact whose stage opens gate `gate`.
        func fact(ofGate gate: Int) -> Fact {
            if gate < commonGates.count { return commonGates[gate] }
            if gate < commonGates.count + steps.count { return .outcome(steps[gate - commonGates.count].id) }
            return .custom(custom[gate - commonGates.count - steps.count].id)
        }

        func entry(_ name: String) -> ConditionScope.Entry? {
            switch ConditionName(name) {
            case .paymentMethod?:
                let type = enumeration("payment method", paymentMethodNames, possible: methods.map(\.rawValue))
                return ConditionScope.Entry(type: type, laterReason: nil, gate: commonGates.firstIndex(of: .paymentMethod))
            case .cardBrand?:
                let type = enumeration("card brand", brandNames, possible: accepted.map(\.rawValue))
                return ConditionScope.Entry(type: type, laterReason: nil, gate: commonGates.firstIndex(of: .card))
            case .outcome(let id)?:
                // A later step with the same id replaces an earlier one, as its name does.
                guard let s = lastStep[id] else { return nil }
                let type = taxService && steps[s].kind == .taxUpdate ? taxServiceOutcomeType : outcomeTypes[steps[s].kind]
                return ConditionScope.Entry(type: type ?? .text(.any), laterReason: nil, gate: commonGates.count + s)
            case .custom(let id)?:
                guard let c = firstCustom[id] else { return nil }
                let type: ConditionType = custom[c].options.map { enumeration("\(UserText.quoted(id)) option", $0) } ?? .text(.any)
                return ConditionScope.Entry(type: type, laterReason: nil, gate: commonGates.count + steps.count + c)
            default:
                return nil
            }
        }

        var names: [String] {
            [ConditionName.paymentMethod, .cardBrand].map(\.text) + steps.map { ConditionName.outcome(stage: $0.id).text }
                + custom.map { ConditionName.custom(field: $0.id).text }
        }

        // Worded only if a condition compares with a value the flow rules out.
        func impossibleReason(of name: String) -> String? {
            switch ConditionName(name) {
            case .paymentMethod?: return "this flow offers only \(methods.map(\.rawValue).joined(separator: ", "))"
            case .cardBrand?: return "'cards.accept' lists only \(accepted.map(\.rawValue).joined(separator: ", "))"
            case .outcome(let id)?:
                guard let kind = steps.last(where: { $0.id == id })?.kind else { return nil }
                let outcomes = taxService && kind == .taxUpdate ? [.success, .failed] : kind.outcomes
                return "a \(kind.rawValue) step ends only \(outcomes.map(\.rawValue).joined(separator: ", "))"
            default: return nil
            }
        }
    }

    private static func enumeration(_ name: String, _ values: [String], possible: [String]? = nil) -> ConditionType {
        .enumeration(ConditionEnum(name: name, values: values, possible: possible.map(Set.init)))
    }
}

extension FlowCompiler {
    /// Parses and type-checks every `when` against the names known at its stage. Returns, per
    /// stage, the number of its checked condition: stages with the same number have the same
    /// condition (-1: none).
    static func checkConditions(
        _ drafts: [StageDraft], analysis: PipelineGraphAnalysis, flow: FlowDefinition, methods: [PaymentMethodKind],
        _ ctx: inout CompileContext
    ) -> [Int32] {
        let steps = drafts.compactMap { d -> (String, StepKind)? in
            if case .step(let k) = d.stage.kind { return (d.stage.id, k) }
            return nil
        }
        var numbers = [Int32](repeating: -1, count: drafts.count)
        guard drafts.contains(where: { $0.when != nil }) else { return numbers }
        // One scope with every name; a name set by some stage sits behind that stage's fact
        // (a gate), and each stage closes the gates of the facts it does not know. Reasons are
        // worded only for a name a condition reads behind a closed gate.
        let (flowScope, names) = ConditionNames.scope(flow: flow, methods: methods, stepIds: steps)
        var scope = flowScope
        // A gate is closed at a stage when the fact behind it is not known there; asked only
        // for the names a condition reads.
        scope.closedGateReason = { @Sendable (gate: Int, stage: Int) -> String? in
            let fact = names.fact(ofGate: gate)
            if let k = analysis.index(of: fact), analysis.knows(factAt: k, at: stage) { return nil }
            return "it is set by \(fact.providerWords), and not every path to this stage passes one"
        }
        // A text checked at an earlier stage gives the same result here when each gate it read
        // is open or closed for the same reason (a flow repeats its guards: `paymentMethod ==
        // card` on several stages). The issues' ranges are within the text; each stage's are
        // placed at its own `when` below. Reused conditions share their storage. A text's entry
        // is the last result checked for it: a text read at points that differ is checked again.
        // A flow whose texts hardly repeat (each names the step before it) stops remembering
        // them: the table cost more than it saved.
        var checked: [String: Int32] = [:]
        var results: [CheckedCondition] = []
        var reused = 0
        var gates: [(gate: Int, reason: String?)] = []
        for (i, d) in drafts.enumerated() {
            guard let written = d.when else { continue }
            let text = written.text
            scope.point = i
            let remembers = results.count < Self.rememberedWithoutReuse || reused * 2 >= results.count
            var k = remembers ? checked[text] ?? -1 : -1
            if k >= 0, results[Int(k)].holds(for: text, in: scope) {
                reused += 1
            } else {
                let (condition, issues) = Condition.check(text, in: scope, gatesRead: &gates)
                let resolved = condition.map(StageGuard.init)
                k = -1
                if remembers {
                    k = Int32(results.count)
                    results.append(CheckedCondition(text: text, condition: condition, resolved: resolved, issues: issues, gates: gates))
                    checked[text] = k
                }
                report(issues, at: written, &ctx)
                d.stage.setCondition(condition, resolved: resolved)
                numbers[i] = k
                continue
            }
            numbers[i] = k
            report(results[Int(k)].issues, at: written, &ctx)
            d.stage.setCondition(results[Int(k)].condition, resolved: results[Int(k)].resolved)
        }
        return numbers
    }

    /// Texts checked before `checkConditions` stops remembering them unless at least every
    /// other one was reused.
    package static let rememberedWithoutReuse = 1_024

    private static func report(_ issues: [ConditionIssue], at written: GuardText, _ ctx: inout CompileContext) {
        for issue in issues {
            ctx.report(
                issue.rule, issue.message, at: conditionRange(issue.range, in: written), severity: issue.severity, notes: issue.notes,
                suggestion: issue.suggestion)
        }
    }

    /// A condition's text checked at one stage, and the gates its names read there, each with
    /// why it was closed (nil: open).
    private struct CheckedCondition {
        let text: String
        let condition: Condition?
        /// `condition` as the interpreter evaluates it, made once for every stage that reuses it.
        let resolved: StageGuard?
        let issues: [ConditionIssue]
        let gates: [(gate: Int, reason: String?)]

        /// The same check of `text` at `scope`'s point would give this result. The text must be
        /// the same scalars, not only equal as strings: canonically equivalent spellings place
        /// their issues at different offsets.
        func holds(for text: String, in scope: ConditionScope) -> Bool {
            self.text.hasSameBytes(as: text) && gates.allSatisfy { scope.reason(closing: $0.gate) == $0.reason }
        }
    }

    /// The source span of `range` (Unicode scalar offsets into the condition's text): exact for
    /// a condition written on one line without escapes, else the whole value.
    static func conditionRange(_ range: Range<Int>, in node: GuardText) -> SourceRange {
        let scalar = node.scalar
        guard node.range.start.line == node.range.end.line else { return node.range }
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
