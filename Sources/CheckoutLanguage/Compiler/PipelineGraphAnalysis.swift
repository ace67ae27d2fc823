import CheckoutDomain

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

    static func outcomes(of kind: StageKind) -> [StageOutcome] { kind.outcomes }

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
        let isScan = stages.map { $0.kind == .screen(.cardScan) }
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
                                // A skipped stage provides nothing; a card scan that ended with an error
                                // provides no card (a step's other outcomes still set what they set).
                                let provides = e.outcome == .success || (e.outcome != nil && !isScan[i])
                                for w in 0..<words {
                                    merged[w] = provides ? into[i * words + w] | provided[i * words + w] : into[i * words + w]
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
        case .screen(.creditCard), .screen(.savedCard), .screen(.cardScan): facts.append(.card)
        case .screen(.billing): facts.append(.billing)
        case .screen(.shipping): facts.append(.shipping)
        case .screen(.currency): facts.append(.currency)
        case .screen(.form): for id in stage.fields ?? [] { facts.append(.custom(id)) }
        case .step(.createToken): facts.append(.token)
        case .step(.tokenize):
            facts.append(.tokenized)
            // Own UI: the card (and with it the payment method) arrives with the step.
            if stage.cardSource == .upfront { facts += [.card, .paymentMethod] }
        case .step(.threeDS): facts.append(.threeDS)
        case .step(.sale), .step(.authorize), .step(.subscribe): facts.append(.charge)
        default: break
        }
        if case .step = stage.kind { facts.append(.outcome(stage.id)) }
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
