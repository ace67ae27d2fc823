import CheckoutDomain
import Foundation

/// What a stage makes known to the stages after it, for the "needs" checks and for the
/// names conditions may read.
enum Fact: Hashable, Comparable {
    case token, paymentMethod, card, tokenized, billing, shipping, currency, threeDS, charge
    case outcome(String)
    case custom(String)

    /// The stage kind that provides the fact, in words.
    var providerWords: String {
        switch self {
        case .token: "a 'createToken' step"
        case .paymentMethod: "a 'paymentMethod' screen"
        case .card: "a 'creditCard', 'cardScan' or 'savedCard' screen"
        case .tokenized: "a 'tokenize' step"
        case .billing: "a 'billing' screen"
        case .shipping: "a 'shipping' screen"
        case .currency: "a 'currency' screen"
        case .threeDS: "a 'threeDS' step"
        case .charge: "a 'sale', 'authorize' or 'subscribe' step"
        case .outcome(let id): "the step '\(id)'"
        case .custom(let id): "a 'form' screen asking '\(id)'"
        }
    }
}

/// The pipeline's control flow: which stage follows which, and what is known where.
struct PipelineGraphAnalysis {
    let stages: [PipelineStage]
    /// Successors per stage: stage index, or nil for the end, with the outcome (nil: skipped).
    private(set) var edges: [[(outcome: StageOutcome?, to: Int?)]] = []
    /// Facts known on every path into each stage, as bits of `factIndex`.
    private var knownBits: [[UInt64]] = []
    private var factIndex: [Fact: Int] = [:]
    private(set) var reachable: [Bool] = []
    private(set) var reachesEnd: [Bool] = []

    init(_ pipeline: Pipeline, initial: Set<Fact>) {
        stages = pipeline.stages
        let n = stages.count
        for i in 0..<n {
            var out: [(StageOutcome?, Int?)] = []
            for outcome in Self.outcomes(of: stages[i].kind) { out.append((outcome, pipeline.successor(of: i, on: outcome))) }
            if stages[i].condition != nil { out.append((nil, i + 1 < n ? i + 1 : nil)) }
            edges.append(out)
        }
        reachable = Array(repeating: false, count: n)
        var queue = n > 0 ? [0] : []
        if n > 0 { reachable[0] = true }
        while let i = queue.popLast() {
            for e in edges[i] { if let j = e.to, !reachable[j] { reachable[j] = true; queue.append(j) } }
        }
        reachesEnd = Array(repeating: false, count: n)
        var changed = true
        while changed {
            changed = false
            for i in 0..<n where !reachesEnd[i] && edges[i].contains(where: { $0.to == nil || reachesEnd[$0.to!] }) {
                reachesEnd[i] = true
                changed = true
            }
        }
        computeKnown(initial: initial)
    }

    /// The shortest cycle from stage `i` back to itself, as stage indices starting at `i`;
    /// nil when `i` is not on a cycle.
    func cycle(through i: Int) -> [Int]? {
        var parent: [Int: Int] = [:]
        var queue = [i]
        var head = 0
        while head < queue.count {
            let k = queue[head]
            head += 1
            for e in edges[k] {
                guard let j = e.to else { continue }
                if j == i {
                    var path = [k]
                    while let p = parent[path[0]] { path.insert(p, at: 0) }
                    return path
                }
                if parent[j] == nil, j != i {
                    parent[j] = k
                    queue.append(j)
                }
            }
        }
        return nil
    }

    /// Every stage reachable from `start`, itself included.
    func reachableStages(from start: Int) -> Set<Int> {
        var seen: Set<Int> = [start]
        var queue = [start]
        while let i = queue.popLast() {
            for e in edges[i] { if let j = e.to, seen.insert(j).inserted { queue.append(j) } }
        }
        return seen
    }

    static func outcomes(of kind: StageKind) -> [StageOutcome] { kind.outcomes }

    /// Must-analysis: a fact is known at a stage when every path from the start provides it.
    /// Facts are numbered and sets are bit words, so the fixpoint does no hashing.
    private mutating func computeKnown(initial: Set<Fact>) {
        let n = stages.count
        let provides = stages.map(Self.provides)
        for set in provides + [initial] { for f in set where factIndex[f] == nil { factIndex[f] = factIndex.count } }
        let words = (factIndex.count + 63) / 64
        func bits(_ set: Set<Fact>) -> [UInt64] {
            var b = [UInt64](repeating: 0, count: words)
            for f in set { let k = factIndex[f]!; b[k / 64] |= 1 << UInt64(k % 64) }
            return b
        }
        let provided = provides.map(bits)
        let start = bits(initial)
        let universe = [UInt64](repeating: ~0, count: words)
        var into: [[UInt64]?] = Array(repeating: nil, count: n)
        if n > 0 { into[0] = start }
        var changed = true
        while changed {
            changed = false
            for i in 0..<n where reachable[i] {
                guard let inSet = into[i] else { continue }
                for e in edges[i] {
                    guard let j = e.to else { continue }
                    // A skipped stage provides nothing; a card scan that ended with an error
                    // provides no card (a step's other outcomes still set what they set).
                    let provides = e.outcome == .success || (e.outcome != nil && stages[i].kind != .screen(.cardScan))
                    var merged = provides ? zip(inSet, provided[i]).map { $0 | $1 } : inSet
                    if let old = into[j] {
                        merged = zip(old, merged).map { $0 & $1 }
                    } else if j == 0 {
                        merged = zip(start, merged).map { $0 & $1 }
                    }
                    if merged != into[j] {
                        into[j] = merged
                        changed = true
                    }
                }
            }
        }
        knownBits = into.map { $0 ?? universe }
    }

    /// True when every path into stage `i` provides `fact`.
    func knows(_ fact: Fact, at i: Int) -> Bool {
        guard let k = factIndex[fact] else { return false }
        return knownBits[i][k / 64] & (1 << UInt64(k % 64)) != 0
    }

    static func provides(_ stage: PipelineStage) -> Set<Fact> {
        var facts: Set<Fact> = []
        switch stage.kind {
        case .screen(.paymentMethod): facts.insert(.paymentMethod)
        case .screen(.creditCard), .screen(.savedCard), .screen(.cardScan): facts.insert(.card)
        case .screen(.billing): facts.insert(.billing)
        case .screen(.shipping): facts.insert(.shipping)
        case .screen(.currency): facts.insert(.currency)
        case .screen(.form): for id in stage.fields ?? [] { facts.insert(.custom(id)) }
        case .step(.createToken): facts.insert(.token)
        case .step(.tokenize):
            facts.insert(.tokenized)
            // Own UI: the card (and with it the payment method) arrives with the step.
            if stage.cardSource == .upfront { facts.formUnion([.card, .paymentMethod]) }
        case .step(.threeDS): facts.insert(.threeDS)
        case .step(.sale), .step(.authorize), .step(.subscribe): facts.insert(.charge)
        default: break
        }
        if case .step = stage.kind { facts.insert(.outcome(stage.id)) }
        return facts
    }

    /// What a stage cannot run without.
    static func needs(_ stage: PipelineStage) -> [Fact] {
        switch stage.kind {
        case .step(.tokenize): stage.cardSource == .upfront ? [.token] : [.token, .card]
        case .step(.threeDS), .step(.sale), .step(.authorize), .step(.subscribe), .step(.storeShopper): [.tokenized]
        default: []
        }
    }
}

extension FlowCompiler {
    /// Ids, references, field lists, reachability, loops and needs of an explicit pipeline.
    /// Returns the analysis for the condition checks (nil for an empty pipeline); with a route
    /// to an unknown stage, reachability and loops are not reported.
    static func checkPipeline(_ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) -> PipelineGraphAnalysis? {
        var ids: [String: SourceRange] = [:]
        for d in drafts {
            if let first = ids[d.stage.id] {
                let implicit = d.idRange.start == first.start ? "" : " (a stage's id is its kind unless it sets 'id')"
                ctx.report(
                    .duplicateId, "stage id '\(d.stage.id)' is already used at line \(first.start.line)\(implicit)", at: d.idRange)
            } else {
                ids[d.stage.id] = d.idRange
            }
        }
        var sound = true
        for d in drafts {
            for (outcome, target) in d.stage.routes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let range = d.routeRanges[outcome]
                let possible = PipelineGraphAnalysis.outcomes(of: d.stage.kind)
                if !possible.contains(outcome) {
                    ctx.report(
                        .outcomeRoute, "'\(d.stage.id)' never ends '\(outcome.rawValue)'", at: range,
                        notes: [
                            "a \(d.stage.kind.name) \(d.isScreen ? "screen" : "step") ends: \(possible.map(\.rawValue).joined(separator: ", "))"
                        ])
                }
                if case .stage(let id) = target, ids[id] == nil {
                    sound = false
                    ctx.report(
                        .unknownReference, "no stage has the id '\(id)'", at: range,
                        notes: ["route to a stage id or to 'end'"],
                        suggestion: Suggestions.closest(to: id, in: Array(ids.keys).sorted() + ["end"]))
                }
            }
            if let routed = d.stage.routes.keys.sorted(by: { $0.rawValue < $1.rawValue }).first(where: { $0 != .success }) {
                let possible = PipelineGraphAnalysis.outcomes(of: d.stage.kind)
                let unrouted = possible.filter { $0 != .success && d.stage.routes[$0] == nil }.map(\.rawValue)
                if let last = unrouted.last {
                    let names =
                        unrouted.count == 1 ? "'\(last)'" : unrouted.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(last)'"
                    ctx.report(
                        .outcomeRoute,
                        "'\(d.stage.id)' routes '\(routed.rawValue)' but not \(names), which \(unrouted.count == 1 ? "ends" : "end") the run",
                        at: d.idRange, severity: .warning,
                        notes: ["add 'on: { \(unrouted.map { "\($0): end" }.joined(separator: ", ")) }' to say so"])
                }
            }
        }
        checkScreenFields(drafts, flow: flow, &ctx)
        guard !drafts.isEmpty else { return nil }
        let pipeline = Pipeline(stages: drafts.map(\.stage), paymentMethods: [])
        var initial: Set<Fact> = []
        // Without a chooser the method is fixed from the start, unless the card comes up front.
        if !drafts.contains(where: { $0.stage.kind == .screen(.paymentMethod) }), !pipeline.takesCardUpfront {
            initial.insert(.paymentMethod)
        }
        let g = PipelineGraphAnalysis(pipeline, initial: initial)
        // A loop with no way out: report it once, at its first stage, naming the stages in it.
        // Stages before it that can only run into it, and stages after it that nothing else
        // reaches, are fallout and not reported again.
        var looping: Set<Int> = []
        // With a route to nowhere the graph is not the author's; only names are analysed.
        guard sound else { return g }
        for i in drafts.indices where g.reachable[i] && !g.reachesEnd[i] && !looping.contains(i) {
            guard let cycle = g.cycle(through: i) else { continue }
            looping.formUnion(g.reachableStages(from: i))
            let names = (cycle + [cycle[0]]).map { "'\(drafts[$0].stage.id)'" }.joined(separator: " → ")
            ctx.report(
                .endlessLoop, "stages \(names) loop with no way to the end", at: drafts[i].idRange,
                notes: ["route one of the loop's outcomes to 'end' or to a stage after the loop"])
        }
        for (i, d) in drafts.enumerated() {
            if !g.reachable[i] {
                if looping.isEmpty {
                    ctx.report(
                        .unreachableStage, "stage '\(d.stage.id)' is never reached", at: d.idRange,
                        notes: ["every route before it goes elsewhere; route an outcome to '\(d.stage.id)' or remove it"])
                }
                continue
            }
            for need in PipelineGraphAnalysis.needs(d.stage) where !g.knows(need, at: i) {
                let upfront =
                    need == .card
                    ? ["or, when the app's own UI gives the card data up front, set 'source: upfront' on '\(d.stage.id)'"] : []
                ctx.report(
                    .missingStep,
                    "'\(d.stage.id)' needs \(need.providerWords) before it on every path", at: d.idRange, notes: upfront)
            }
        }
        return g
    }

    /// Field lists of billing, shipping and form screens against `fields` and the request.
    private static func checkScreenFields(_ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) {
        for d in drafts {
            guard case .screen(let kind) = d.stage.kind else { continue }
            switch kind {
            case .billing, .shipping:
                let presence =
                    kind == .billing
                    ? flow.fields.billingPresence(for: flow.request) : flow.fields.shippingPresence(for: flow.request)
                let allowed = kind == .billing ? AddressField.billing : AddressField.shipping
                guard let listed = d.stage.fields else { continue }
                for (j, name) in listed.enumerated() {
                    guard let field = AddressField(rawValue: name), allowed.contains(field) else {
                        ctx.report(
                            .unknownReference, "a \(kind.rawValue) screen has no field '\(name)'", at: d.fieldRanges[j],
                            notes: ["\(kind.rawValue) fields: \(allowed.map(\.rawValue).joined(separator: ", "))"],
                            suggestion: Suggestions.closest(to: name, in: allowed.map(\.rawValue)))
                        continue
                    }
                    if presence[field] == .hidden {
                        let why =
                            flow.fields.billing[field] == .hidden || flow.fields.shipping[field] == .hidden
                            ? "'fields.\(kind.rawValue).\(name)' is hidden" : "the request does not ask for it"
                        ctx.report(
                            .hiddenField, "screen '\(d.stage.id)' asks for '\(name)', but \(why)", at: d.fieldRanges[j],
                            notes: ["set 'fields.\(kind.rawValue).\(name): optional' to ask for it"])
                    }
                }
                let missing = allowed.filter { presence[$0] == .required && !listed.contains($0.rawValue) }
                if !missing.isEmpty {
                    ctx.report(
                        .missingField,
                        "screen '\(d.stage.id)' does not ask for \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")), which the flow requires",
                        at: d.idRange)
                }
            case .form:
                let ids = flow.fields.custom.map(\.id)
                if ids.isEmpty {
                    ctx.report(.missingField, "a form screen asks for custom fields, but 'fields.custom' defines none", at: d.idRange)
                    continue
                }
                for (j, name) in (d.stage.fields ?? []).enumerated() where !ids.contains(name) {
                    ctx.report(
                        .unknownReference, "no custom field has the id '\(name)'", at: d.fieldRanges[j],
                        suggestion: Suggestions.closest(to: name, in: ids))
                }
            default: break
            }
        }
    }
}
