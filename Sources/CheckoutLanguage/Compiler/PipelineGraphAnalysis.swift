import CheckoutDomain

/// What a stage makes known to the stages after it, for the "needs" checks and for the
/// names conditions may read.
enum Fact: Hashable, Comparable {
    case token, paymentMethod, card, tokenized, billing, shipping, currency, threeDS, charge, authorized, settled
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
        case .authorized: "an 'authorize' step"
        case .settled: "a 'sale' or 'capture' step"
        case .outcome(let id): "the step \(UserText.quoted(id))"
        case .custom(let id): "a 'form' screen asking \(UserText.quoted(id))"
        }
    }

    /// How many cases have no id.
    static let caseCount = 11

    /// The position of a case without an id (`token` is 0 … `settled` is 10); nil for `outcome`
    /// and `custom`.
    var caseNumber: Int? {
        switch self {
        case .token: 0
        case .paymentMethod: 1
        case .card: 2
        case .tokenized: 3
        case .billing: 4
        case .shipping: 5
        case .currency: 6
        case .threeDS: 7
        case .charge: 8
        case .authorized: 9
        case .settled: 10
        case .outcome, .custom: nil
        }
    }
}

/// The pipeline's control flow: which stage follows which, and what is known where.
///
/// Built from the drafts while they are checked, in flat arrays: the edges of every stage in
/// one list, the facts known at every stage in one list of bit words.
package struct PipelineGraphAnalysis: Sendable {
    /// The words conditions may name a step's or a field's id with (`idWords(in:)`).
    let idWords: Set<Substring>
    /// Successors, all stages' in one list: stage `i`'s are `edgeTo[edgeStart[i]..<edgeStart[i + 1]]`,
    /// a stage index or -1 for the end; `edgeProvides` says whether the edge carries the facts
    /// the stage provides (a card scan that ended with an error provides nothing).
    ///
    /// A stage with a `when` counts as run unless `guards` says otherwise: the names
    /// conditions read are checked so (at run time a name whose stage was skipped is unset,
    /// which conditions handle: `outcome.verify != failed`), and the "needs" checks build one
    /// analysis per way the guards can go (`FlowCompiler.checkSkippedNeeds`), where a skipped
    /// stage has a skip edge to the next one that provides nothing.
    private var edgeStart: [Int] = [0]
    private var edgeTo: [Int] = []
    private var edgeProvides: [Bool] = []
    /// The facts without an id known on every path into each stage, one word per stage, a
    /// bit per case (`Fact.caseNumber`; there are `Fact.caseCount` of them, fewer than 64).
    private var knownBits: [UInt64] = []
    /// Which of the facts without an id some stage provides (or the start), by case number.
    private var numberedCases: UInt64 = 0
    /// The facts with an id (`outcome(id)`, `custom(id)`) some stage provides or the start
    /// knows, numbered `Fact.caseCount` + position. A pipeline has a few dozen at most, so a
    /// scan beats hashing their strings; past `scanLimit`, `idFactIndex` finds them.
    private var idFacts: [Fact] = []
    private var idFactIndex: [Fact: Int]?
    private static let scanLimit = 32
    /// Per fact with an id: the stages providing it, whether the start knows it, and, for a
    /// fact several stages provide, where it is known; the rest is asked of `factPaths`.
    private var idFactProviders: [[Int]] = []
    private var idFactInitial: [Bool] = []
    private var idFactKnown: [[Bool]?] = []
    private var factPaths: ProvidedFactPaths?
    private(set) var reachable: [Bool] = []
    private(set) var reachesEnd: [Bool] = []

    /// How a guarded stage's edges are drawn in one analysis.
    enum GuardEdges: Hashable {
        /// The stage runs: its outcome edges only.
        case run
        /// The stage is skipped: only the skip edge to the next stage (or the end).
        case skip
        /// Either: both.
        case either
    }

    /// Analyses `drafts` from the facts `initial`; `guards[i]` draws stage `i`'s edges (every
    /// stage runs when it is empty).
    /// `idWords` are `Self.idWords(in: drafts)`, when an analysis of the same drafts made them.
    init(_ drafts: [StageDraft], initial: Set<Fact>, guards: [GuardEdges] = [], idWords: Set<Substring>? = nil) {
        let n = drafts.count
        self.idWords = idWords ?? Self.idWords(in: drafts)
        edgeTo.reserveCapacity(n * 2)
        edgeProvides.reserveCapacity(n * 2)
        edgeStart.reserveCapacity(n + 1)
        // Route targets by id: the first stage with the id. The table is made on the first
        // route: a search of the stages per route made a flow of routed steps quadratic (issue 21).
        var firstById: [String: Int]?
        func index(of id: String) -> Int? {
            if firstById == nil {
                var table: [String: Int] = [:]
                table.reserveCapacity(n)
                for (i, d) in drafts.enumerated() where table[d.stage.id] == nil { table[d.stage.id] = i }
                firstById = table
            }
            return firstById?[id]
        }
        for i in 0..<n {
            let d = drafts[i]
            let kind = d.stage.kind
            let routes = d.stage.routes
            let isScan = kind == .screen(.cardScan)
            let mode = i < guards.count ? guards[i] : .run
            for outcome in d.stage.outcomes where mode != .skip {
                let to: Int?
                switch routes.isEmpty ? nil : routes[outcome] {
                case .stage(let id): to = index(of: id)
                case .end: to = nil
                case nil: to = outcome == .success && i + 1 < n ? i + 1 : nil
                }
                edgeTo.append(to ?? -1)
                edgeProvides.append(outcome == .success || !isScan)
            }
            // The skip edge: on to the next stage, providing nothing.
            if mode != .run {
                edgeTo.append(i + 1 < n ? i + 1 : -1)
                edgeProvides.append(false)
            }
            edgeStart.append(edgeTo.count)
        }
        reachable = Array(repeating: false, count: n)
        var queue = n > 0 ? [0] : []
        if n > 0 { reachable[0] = true }
        while let i = queue.popLast() {
            for e in edgeStart[i]..<edgeStart[i + 1] {
                let j = edgeTo[e]
                if j >= 0, !reachable[j] {
                    reachable[j] = true
                    queue.append(j)
                }
            }
        }
        reachesEnd = Self.stagesReachingTheEnd(n: n, edgeStart: edgeStart, edgeTo: edgeTo)
        computeKnown(drafts, initial: initial)
    }

    /// Which stages have a way to the end: walked backwards from the end over the reversed
    /// edges, each edge once (issue 21: a pass that marked one more stage each time it went
    /// forward over every stage took 11.5 s for 100,000 stages).
    package static func stagesReachingTheEnd(n: Int, edgeStart: [Int], edgeTo: [Int]) -> [Bool] {
        var reaches = Array(repeating: false, count: n)
        // Predecessors of each stage, in one flat array (counting sort by target).
        var predecessorStart = Array(repeating: 0, count: n + 1)
        for j in edgeTo where j >= 0 { predecessorStart[j + 1] += 1 }
        for k in 0..<n { predecessorStart[k + 1] += predecessorStart[k] }
        var fill = predecessorStart
        var predecessors = Array(repeating: 0, count: predecessorStart[n])
        var stack: [Int] = []
        for i in 0..<n {
            for e in edgeStart[i]..<edgeStart[i + 1] {
                let j = edgeTo[e]
                if j < 0 {
                    if !reaches[i] {
                        reaches[i] = true
                        stack.append(i)
                    }
                } else {
                    predecessors[fill[j]] = i
                    fill[j] += 1
                }
            }
        }
        while let j = stack.popLast() {
            for p in predecessors[predecessorStart[j]..<predecessorStart[j + 1]] where !reaches[p] {
                reaches[p] = true
                stack.append(p)
            }
        }
        return reaches
    }

    /// Successors of stage `k`: stage indices, nil for the end.
    private func successors(of k: Int) -> [Int?] {
        (edgeStart[k]..<edgeStart[k + 1]).map { edgeTo[$0] < 0 ? nil : edgeTo[$0] }
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
            for to in successors(of: k) {
                guard let j = to else { continue }
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
            for to in successors(of: i) { if let j = to, seen.insert(j).inserted { queue.append(j) } }
        }
        return seen
    }

    static func outcomes(of kind: StageKind) -> [StageOutcome] { kind.outcomes }

    /// The words after `outcome.` and `custom.` in the drafts' conditions, and their parts
    /// between `-`: every id a condition may read, and more.
    static func idWords(in drafts: [StageDraft]) -> Set<Substring> {
        // Only conditions read a fact with an id (`outcome.<id>`, `custom.<id>`): an id no
        // condition names is never asked about, and a bit for every step's outcome at every
        // stage made the sets grow with the square of the flow (issue 21). The words of the
        // conditions' text over-approximate the ids they name. Ids are ASCII (letters, digits,
        // `_`, `-`), so the words are runs of those bytes: any other byte ends one (classifying
        // Characters by Unicode property cost an eighth of a 10 MB flow's compile).
        var named = Set<Substring>()
        func isWordByte(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        // Only the word after `outcome.` or `custom.` can name such a fact (a name is one token:
        // no space around its dots); it and its parts between `-` are kept. Every word of every
        // condition was hashed into the set before, a tenth of a flow of 100,000 conditions.
        for d in drafts where d.when?.mayNameIds == true {
            guard let text = d.when?.text else { continue }
            var bytesOfText = text
            bytesOfText.withUTF8 { bytes in
                var i = 0
                while i < bytes.count {
                    guard GuardText.isIdPrefix(endingAt: i, in: bytes) else {
                        i += 1
                        continue
                    }
                    var end = i + 1
                    while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
                    if end > i + 1 {
                        let utf8 = text.utf8
                        let word = Substring(
                            utf8[utf8.index(utf8.startIndex, offsetBy: i + 1)..<utf8.index(utf8.startIndex, offsetBy: end)])
                        named.insert(word)
                        if word.utf8.contains(UInt8(ascii: "-")) { for part in word.split(separator: "-") { named.insert(part) } }
                    }
                    i = end
                }
            }
        }
        return named
    }

    /// Must-analysis: a fact is known at a stage when every path from the start provides it.
    /// The facts without an id are one bit word per stage, so the fixpoint neither hashes nor
    /// allocates; those with an id are answered by dominators
    /// (`ProvidedFactPaths`), as a bit per stage for each of them grew with the square of the
    /// flow.
    private mutating func computeKnown(_ drafts: [StageDraft], initial: Set<Fact>) {
        let n = drafts.count
        let named = idWords
        func asked(_ f: Fact) -> Bool {
            switch f {
            case .outcome(let id), .custom(let id): named.contains(Substring(id))
            default: true
            }
        }
        // Number the facts; those with an id are asked of the dominators (`ProvidedFactPaths`),
        // those without one stay bits.
        var providesAsked = [Bool](repeating: false, count: n)
        for i in 0..<n {
            Self.forEachFact(providedBy: drafts[i]) { f in
                guard asked(f) else { return }
                guard let k = number(f) else { return }
                providesAsked[i] = true
                if idFactProviders[k].last != i { idFactProviders[k].append(i) }
            }
        }
        for f in initial { if let k = number(f) { idFactInitial[k] = true } }
        var provided = [UInt64](repeating: 0, count: n)
        for i in 0..<n {
            Self.forEachFact(providedBy: drafts[i]) { f in
                if let c = f.caseNumber { provided[i] |= 1 << UInt64(c) }
            }
        }
        var start: UInt64 = 0
        for f in initial { if let c = f.caseNumber { start |= 1 << UInt64(c) } }
        // `into[j]`: the facts on every path into stage j found so far; `seen[j]`: some path found.
        var into = [UInt64](repeating: ~0, count: n)
        var seen = [Bool](repeating: false, count: n)
        if n > 0 {
            into[0] = start
            seen[0] = true
        }
        // Buffers, not arrays, in the fixpoint: no uniqueness check or bounds check per stage.
        into.withUnsafeMutableBufferPointer { into in
            seen.withUnsafeMutableBufferPointer { seen in
                var changed = true
                while changed {
                    changed = false
                    for i in 0..<n where reachable[i] && seen[i] {
                        for e in edgeStart[i]..<edgeStart[i + 1] {
                            let j = edgeTo[e]
                            guard j >= 0 else { continue }
                            var merged = edgeProvides[e] ? into[i] | provided[i] : into[i]
                            if seen[j] { merged &= into[j] }
                            if !seen[j] || merged != into[j] {
                                into[j] = merged
                                seen[j] = true
                                changed = true
                            }
                        }
                    }
                }
            }
        }
        // A stage no path reaches knows everything (vacuously): its bits stay all ones.
        knownBits = into
        guard !idFacts.isEmpty else { return }
        let paths = ProvidedFactPaths(n: n, edgeStart: edgeStart, edgeTo: edgeTo, edgeProvides: edgeProvides, provides: providesAsked)
        for k in idFacts.indices where idFactProviders[k].count > 1 && !idFactInitial[k] {
            idFactKnown[k] = paths.known(providedBy: idFactProviders[k])
        }
        factPaths = paths
    }

    /// True when every path into stage `i` provides `fact`.
    func knows(_ fact: Fact, at i: Int) -> Bool {
        guard let k = index(of: fact) else { return false }
        return knows(factAt: k, at: i)
    }

    /// The number of `fact` in the analysis; nil for a fact no stage provides.
    func index(of fact: Fact) -> Int? {
        if let c = fact.caseNumber { return numberedCases & (1 << UInt64(c)) != 0 ? c : nil }
        if let idFactIndex { return idFactIndex[fact].map { Fact.caseCount + $0 } }
        return idFacts.firstIndex(of: fact).map { Fact.caseCount + $0 }
    }

    /// Numbers `fact`; returns its position among the facts with an id, nil for one without.
    @discardableResult
    private mutating func number(_ fact: Fact) -> Int? {
        if let c = fact.caseNumber {
            numberedCases |= 1 << UInt64(c)
            return nil
        }
        if let k = index(of: fact) { return k - Fact.caseCount }
        idFacts.append(fact)
        idFactProviders.append([])
        idFactInitial.append(false)
        idFactKnown.append(nil)
        if idFactIndex != nil {
            idFactIndex?[fact] = idFacts.count - 1
        } else if idFacts.count > Self.scanLimit {
            idFactIndex = Dictionary(uniqueKeysWithValues: idFacts.enumerated().map { ($1, $0) })
        }
        return idFacts.count - 1
    }

    /// `knows(_:at:)` for the fact numbered `k` (see `index(of:)`).
    func knows(factAt k: Int, at i: Int) -> Bool {
        guard k >= Fact.caseCount else { return knownBits[i] & (1 << UInt64(k)) != 0 }
        let f = k - Fact.caseCount
        if idFactInitial[f] { return true }
        if let known = idFactKnown[f] { return known[i] }
        return factPaths?.knows(providedOnlyBy: idFactProviders[f][0], at: i) ?? false
    }

    /// Calls `body` with each fact the stage provides, without collecting them.
    static func forEachFact(providedBy d: StageDraft, _ body: (Fact) -> Void) {
        let kind = d.stage.kind
        switch kind {
        case .screen(.paymentMethod): body(.paymentMethod)
        case .screen(.creditCard), .screen(.savedCard), .screen(.cardScan): body(.card)
        case .screen(.billing): body(.billing)
        case .screen(.shipping): body(.shipping)
        case .screen(.currency): body(.currency)
        case .screen(.form): for id in d.fields ?? [] { body(.custom(id)) }
        case .step(.createToken): body(.token)
        case .step(.tokenize):
            body(.tokenized)
            // Own UI: the card (and with it the payment method) arrives with the step.
            if d.cardSource == .upfront {
                body(.card)
                body(.paymentMethod)
            }
        case .step(.threeDS): body(.threeDS)
        case .step(.sale), .step(.authorize), .step(.subscribe): body(.charge)
        default: break
        }
        switch kind {
        case .step(.authorize): body(.authorized)
        case .step(.sale), .step(.capture): body(.settled)
        default: break
        }
        if case .step = kind { body(.outcome(d.stage.id)) }
    }

    /// What a stage cannot run without.
    static func needs(_ stage: PipelineStage) -> [Fact] {
        needs(stage.kind, cardSource: stage.cardSource)
    }

    /// What a stage of `kind` cannot run without.
    static func needs(_ kind: StageKind, cardSource: CardSourceSetting) -> [Fact] {
        switch kind {
        case .step(.tokenize): cardSource == .upfront ? [.token] : [.token, .card]
        case .step(.threeDS), .step(.sale), .step(.authorize), .step(.subscribe), .step(.storeShopper): [.tokenized]
        case .step(.capture), .step(.void): [.authorized]
        case .step(.refund): [.settled]
        default: []
        }
    }
}
