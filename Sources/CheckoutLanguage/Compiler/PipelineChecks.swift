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
        case .card: "a 'creditCard' or 'savedCard' screen"
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
    /// Facts known on every path into each stage, as bits numbered by `facts`: `words` words per stage.
    private var knownBits: [UInt64] = []
    private var words = 1
    /// The facts the stages provide, numbered by position. A pipeline has a few dozen at most,
    /// so a scan comparing enum cases beats hashing their strings; past `scanLimit` facts,
    /// `factIndex` finds them.
    private var facts: [Fact] = []
    private var factIndex: [Fact: Int]?
    private static let scanLimit = 32
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

    static func outcomes(of kind: StageKind) -> [StageOutcome] {
        switch kind {
        case .screen: [.success]
        case .step(let s): s.outcomes
        }
    }

    /// Must-analysis: a fact is known at a stage when every path from the start provides it.
    /// Facts are numbered and sets are bit words, `words` per stage in one flat array, so the
    /// fixpoint neither hashes nor allocates.
    private mutating func computeKnown(initial: Set<Fact>) {
        let n = stages.count
        let provides = stages.map(Self.provides)
        for f in provides.joined() where index(of: f) == nil { number(f) }
        for f in initial where index(of: f) == nil { number(f) }
        let words = max((facts.count + 63) / 64, 1)
        self.words = words
        var provided = [UInt64](repeating: 0, count: n * words)
        for (i, stageFacts) in provides.enumerated() {
            for f in stageFacts { if let k = index(of: f) { provided[i * words + k / 64] |= 1 << UInt64(k % 64) } }
        }
        var start = [UInt64](repeating: 0, count: words)
        for f in initial { if let k = index(of: f) { start[k / 64] |= 1 << UInt64(k % 64) } }
        // `into[j]`: the facts on every path into stage j found so far; `seen[j]`: some path found.
        var into = [UInt64](repeating: ~0, count: n * words)
        var seen = [Bool](repeating: false, count: n)
        if n > 0 {
            for w in 0..<words { into[w] = start[w] }
            seen[0] = true
        }
        var merged = [UInt64](repeating: 0, count: words)
        // Buffers, not arrays, in the fixpoint: no uniqueness check or bounds check per word.
        into.withUnsafeMutableBufferPointer { into in
            seen.withUnsafeMutableBufferPointer { seen in
                merged.withUnsafeMutableBufferPointer { merged in
                    var changed = true
                    while changed {
                        changed = false
                        for i in 0..<n where reachable[i] && seen[i] {
                            for e in edges[i] {
                                guard let j = e.to else { continue }
                                for w in 0..<words {
                                    merged[w] = e.outcome == nil ? into[i * words + w] : into[i * words + w] | provided[i * words + w]
                                    if seen[j] {
                                        merged[w] &= into[j * words + w]
                                    } else if j == 0 {
                                        merged[w] &= start[w]
                                    }
                                }
                                var differs = !seen[j]
                                for w in 0..<words where merged[w] != into[j * words + w] { differs = true }
                                if differs {
                                    for w in 0..<words { into[j * words + w] = merged[w] }
                                    seen[j] = true
                                    changed = true
                                }
                            }
                        }
                    }
                }
            }
        }
        // A stage no path reaches knows everything (vacuously): its bits stay all ones.
        for j in 0..<n where !seen[j] { for w in 0..<words { into[j * words + w] = ~0 } }
        knownBits = into
    }

    /// True when every path into stage `i` provides `fact`.
    func knows(_ fact: Fact, at i: Int) -> Bool {
        guard let k = index(of: fact) else { return false }
        return knows(factAt: k, at: i)
    }

    /// The number of `fact` in the analysis; nil for a fact no stage provides.
    func index(of fact: Fact) -> Int? {
        if let factIndex { return factIndex[fact] }
        return facts.firstIndex(of: fact)
    }

    private mutating func number(_ fact: Fact) {
        facts.append(fact)
        if factIndex != nil {
            factIndex?[fact] = facts.count - 1
        } else if facts.count > Self.scanLimit {
            factIndex = Dictionary(uniqueKeysWithValues: facts.enumerated().map { ($1, $0) })
        }
    }

    /// `knows(_:at:)` for the fact numbered `k` (see `index(of:)`).
    func knows(factAt k: Int, at i: Int) -> Bool {
        knownBits[i * words + k / 64] & (1 << UInt64(k % 64)) != 0
    }

    static func provides(_ stage: PipelineStage) -> [Fact] {
        var facts: [Fact] = []
        switch stage.kind {
        case .screen(.paymentMethod): facts.append(.paymentMethod)
        case .screen(.creditCard), .screen(.savedCard): facts.append(.card)
        case .screen(.billing): facts.append(.billing)
        case .screen(.shipping): facts.append(.shipping)
        case .screen(.currency): facts.append(.currency)
        case .screen(.form): for id in stage.fields ?? [] { facts.append(.custom(id)) }
        case .step(.createToken): facts.append(.token)
        case .step(.tokenize): facts.append(.tokenized)
        case .step(.threeDS): facts.append(.threeDS)
        case .step(.sale), .step(.authorize), .step(.subscribe): facts.append(.charge)
        default: break
        }
        if case .step = stage.kind { facts.append(.outcome(stage.id)) }
        return facts
    }

    /// What a stage cannot run without.
    static func needs(_ kind: StageKind) -> [Fact] {
        switch kind {
        case .step(.tokenize): [.token, .card]
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
            if !d.isScreen, let routed = d.stage.routes.keys.first(where: { $0 != .success }) {
                let possible = PipelineGraphAnalysis.outcomes(of: d.stage.kind)
                for outcome in possible where outcome != .success && d.stage.routes[outcome] == nil {
                    ctx.report(
                        .outcomeRoute,
                        "'\(d.stage.id)' routes '\(routed.rawValue)' but not '\(outcome.rawValue)', which ends the run",
                        at: d.idRange, severity: .warning, notes: ["add 'on: { \(outcome.rawValue): end }' to say so"])
                }
            }
        }
        checkScreenFields(drafts, flow: flow, &ctx)
        guard !drafts.isEmpty else { return nil }
        let pipeline = Pipeline(stages: drafts.map(\.stage), paymentMethods: [])
        var initial: Set<Fact> = []
        if !drafts.contains(where: { $0.stage.kind == .screen(.paymentMethod) }) { initial.insert(.paymentMethod) }
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
            for need in PipelineGraphAnalysis.needs(d.stage.kind) where !g.knows(need, at: i) {
                ctx.report(
                    .missingStep,
                    "'\(d.stage.id)' needs \(need.providerWords) before it on every path", at: d.idRange)
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
