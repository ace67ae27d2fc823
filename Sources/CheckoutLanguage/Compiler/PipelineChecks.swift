import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// Ids, references, field lists, reachability, loops and needs of an explicit pipeline.
    /// Returns the analysis for the condition checks (nil for an empty pipeline); with a route
    /// to an unknown stage, reachability and loops are not reported.
    static func checkPipeline(_ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) -> PipelineGraphAnalysis? {
        var ids = StageIds(capacity: drafts.count)
        for d in drafts {
            if let first = ids.insertUnlessSeen(d.stage.id, d.idRange) {
                let implicit = d.idRange.start == first.start ? "" : " (a stage's id is its kind unless it sets 'id')"
                ctx.report(
                    .duplicateId, "stage id \(UserText.quoted(d.stage.id)) is already used at line \(first.start.line)\(implicit)",
                    at: d.idRange)
            }
        }
        var sound = true
        for d in drafts where !d.stage.routes.isEmpty {
            for (outcome, target) in d.stage.routes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let range = d.routeRanges[outcome]
                let possible = d.stage.outcomes
                if !possible.contains(outcome) {
                    ctx.report(
                        .outcomeRoute, "\(UserText.quoted(d.stage.id)) never ends '\(outcome.rawValue)'", at: range,
                        notes: [
                            "a \(d.stage.kind.name) \(d.isScreen ? "screen" : "step") ends: \(possible.map(\.rawValue).joined(separator: ", "))"
                        ])
                }
                if case .stage(let id) = target, ids.firstRange(of: id) == nil {
                    sound = false
                    ctx.report(
                        .unknownReference, "no stage has the id \(UserText.quoted(id))", at: range,
                        notes: ["route to a stage id or to 'end'"],
                        suggestion: Suggestions.closest(to: id, in: ids.names.sorted() + ["end"]))
                }
            }
            if let routed = d.stage.routes.keys.sorted(by: { $0.rawValue < $1.rawValue }).first(where: { $0 != .success }) {
                let possible = d.stage.outcomes
                let unrouted = possible.filter { $0 != .success && d.stage.routes[$0] == nil }.map(\.rawValue)
                if let last = unrouted.last {
                    let names =
                        unrouted.count == 1
                        ? "\(UserText.quoted(last))"
                        : unrouted.dropLast().map { "\(UserText.quoted($0))" }.joined(separator: ", ") + " or \(UserText.quoted(last))"
                    ctx.report(
                        .outcomeRoute,
                        "\(UserText.quoted(d.stage.id)) routes '\(routed.rawValue)' but not \(names), which \(unrouted.count == 1 ? "ends" : "end") the run",
                        at: d.idRange, severity: .warning,
                        notes: ["add 'on: { \(unrouted.map { "\($0): end" }.joined(separator: ", ")) }' to say so"])
                }
            }
        }
        checkScreenFields(drafts, flow: flow, &ctx)
        guard !drafts.isEmpty else { return nil }
        let g = PipelineGraphAnalysis(drafts, initial: initialFacts(drafts))
        // A loop with no way out: report it once, at its first stage, naming the stages in it.
        // Stages before it that can only run into it, and stages after it that nothing else
        // reaches, are fallout and not reported again.
        var looping: Set<Int> = []
        // With a route to nowhere the graph is not the author's; only names are analysed.
        guard sound else { return g }
        for i in drafts.indices where g.reachable[i] && !g.reachesEnd[i] && !looping.contains(i) {
            guard let cycle = g.cycle(through: i) else { continue }
            looping.formUnion(g.reachableStages(from: i))
            let names = (cycle + [cycle[0]]).map { "\(UserText.quoted(drafts[$0].stage.id))" }.joined(separator: " → ")
            ctx.report(
                .endlessLoop, "stages \(names) loop with no way to the end", at: drafts[i].idRange,
                notes: ["route one of the loop's outcomes to 'end' or to a stage after the loop"])
        }
        for (i, d) in drafts.enumerated() {
            if !g.reachable[i] {
                if looping.isEmpty {
                    ctx.report(
                        .unreachableStage, "stage \(UserText.quoted(d.stage.id)) is never reached", at: d.idRange,
                        notes: ["every route before it goes elsewhere; route an outcome to \(UserText.quoted(d.stage.id)) or remove it"])
                }
                continue
            }
            for need in PipelineGraphAnalysis.needs(d.stage.kind, cardSource: d.cardSource) where !g.knows(need, at: i) {
                let upfront =
                    need == .card
                    ? ["or, when the app's own UI gives the card data up front, set 'source: upfront' on \(UserText.quoted(d.stage.id))"]
                    : []
                ctx.report(
                    .missingStep,
                    "\(UserText.quoted(d.stage.id)) needs \(need.providerWords) before it on every path", at: d.idRange, notes: upfront)
            }
        }
        return g
    }

    /// What is known before the first stage: without a chooser the method is fixed from the
    /// start, unless the card comes up front.
    static func initialFacts(_ drafts: [StageDraft]) -> Set<Fact> {
        var initial: Set<Fact> = []
        if !drafts.contains(where: { $0.stage.kind == .screen(.paymentMethod) }),
            !drafts.contains(where: { $0.stage.kind == .step(.tokenize) && $0.cardSource == .upfront })
        {
            initial.insert(.paymentMethod)
        }
        return initial
    }

    /// Field lists of billing, shipping and form screens against `fields` and the request.
    private static func checkScreenFields(_ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) {
        for d in drafts {
            guard case .screen(let kind) = d.stage.kind else { continue }
            switch kind {
            case .billing, .shipping:
                guard let listed = d.fields else { continue }
                let presence =
                    kind == .billing
                    ? flow.fields.billingPresenceByPosition(for: flow.request) : flow.fields.shippingPresenceByPosition()
                let allowed = kind == .billing ? AddressField.billing : AddressField.shipping
                for (j, name) in listed.enumerated() {
                    guard let field = AddressField.named(name), allowed.contains(field) else {
                        ctx.report(
                            .unknownReference, "a \(kind.rawValue) screen has no field \(UserText.quoted(name))", at: d.fieldRanges[j],
                            notes: ["\(kind.rawValue) fields: \(allowed.map(\.rawValue).joined(separator: ", "))"],
                            suggestion: Suggestions.closest(to: name, in: allowed.map(\.rawValue)))
                        continue
                    }
                    if presence[field.position] == .hidden {
                        let why =
                            flow.fields.billing[field] == .hidden || flow.fields.shipping[field] == .hidden
                            ? "'fields.\(kind.rawValue).\(name)' is hidden" : "the request does not ask for it"
                        ctx.report(
                            .hiddenField, "screen \(UserText.quoted(d.stage.id)) asks for \(UserText.quoted(name)), but \(why)",
                            at: d.fieldRanges[j],
                            notes: ["set 'fields.\(kind.rawValue).\(name): optional' to ask for it"])
                    }
                }
                let missing = allowed.filter { presence[$0.position] == .required && !listed.contains($0.rawValue) }
                if !missing.isEmpty {
                    ctx.report(
                        .missingField,
                        "screen \(UserText.quoted(d.stage.id)) does not ask for \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")), which the flow requires",
                        at: d.idRange)
                }
            case .form:
                let ids = flow.fields.custom.map(\.id)
                if ids.isEmpty {
                    ctx.report(.missingField, "a form screen asks for custom fields, but 'fields.custom' defines none", at: d.idRange)
                    continue
                }
                // A set: a form lists every custom field unless it names some, and looking each
                // up in the list made a form of many fields quadratic (issue 21).
                let known = Set(ids)
                for (j, name) in (d.fields ?? []).enumerated() where !known.contains(name) {
                    ctx.report(
                        .unknownReference, "no custom field has the id \(UserText.quoted(name))", at: d.fieldRanges[j],
                        suggestion: Suggestions.closest(to: name, in: ids))
                }
            default: break
            }
        }
    }
}

/// Ids (of stages, of custom fields) and where each is first used: a scan for the usual few
/// dozen, a dictionary past that.
struct StageIds {
    private(set) var names: [String] = []
    private var ranges: [SourceRange] = []
    private var index: [String: Int]?
    private static let scanLimit = 32

    init(capacity: Int) {
        names.reserveCapacity(capacity)
        ranges.reserveCapacity(capacity)
    }

    /// Where `id` was first used; nil for an id not seen.
    func firstRange(of id: String) -> SourceRange? {
        if let index { return index[id].map { ranges[$0] } }
        return Fields.index(of: id, in: names).map { ranges[$0] }
    }

    /// Adds `id` unless it was seen before; then returns where it was first used.
    mutating func insertUnlessSeen(_ id: String, _ range: SourceRange) -> SourceRange? {
        if index != nil {
            // One hash: put the id at its would-be position, and put the first one back if it was there.
            if let first = index!.updateValue(names.count, forKey: id) {
                index![id] = first
                return ranges[first]
            }
            names.append(id)
            ranges.append(range)
            return nil
        }
        if let first = firstRange(of: id) { return first }
        insert(id, range)
        return nil
    }

    /// Adds an id not seen before.
    mutating func insert(_ id: String, _ range: SourceRange) {
        names.append(id)
        ranges.append(range)
        if index != nil {
            index?[id] = names.count - 1
        } else if names.count > Self.scanLimit {
            // Room for every id the caller said would come: growing by doubling hashed each id
            // again at every step.
            var all = [String: Int](minimumCapacity: max(names.capacity, names.count))
            for (i, name) in names.enumerated() { all[name] = i }
            index = all
        }
    }
}
