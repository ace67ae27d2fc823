import Foundation

extension Condition {
    /// Whether `self` holding decides `other`: true when `other` holds in every case `self`
    /// does, false when it holds in none of them, nil when the compiler cannot tell.
    ///
    /// Names compared only for equality (`==`, `!=`, `in`, `not in`) or read as booleans take,
    /// in turn, each value the two conditions name, a value neither names, and unset; names
    /// `known` pins down take its values; any other name is unknown. Both conditions are read
    /// as if their names had the same values at both stages. Past `limit` cases, nil.
    func decides(_ other: Condition, known: (String) -> [ConditionValue?]?, limit: Int = 512) -> Bool? {
        if self == other { return true }
        var domains: [String: [ConditionValue?]] = [:]
        var opaque: Set<String> = []
        Self.collect(expr, into: &domains, opaque: &opaque)
        Self.collect(other.expr, into: &domains, opaque: &opaque)
        // What `known` pins down, asked once per name rather than in every case (it parses the
        // name: most of a small flow's compile when guards were compared pairwise).
        var pinned: [String: [ConditionValue?]] = [:]
        for name in domains.keys where pinned[name] == nil { pinned[name] = known(name) }
        for name in opaque where pinned[name] == nil { pinned[name] = known(name) }
        var names: [String] = []
        var choices: [[ConditionValue?]] = []
        for name in domains.keys.sorted() where pinned[name] == nil && !opaque.contains(name) {
            // Every value written, one no condition names, and unset.
            var values: [ConditionValue?] = []
            for v in domains[name] ?? [] where !values.contains(v) { values.append(v) }
            values.append(.text("\u{1}another value"))
            values.append(nil)
            names.append(name)
            choices.append(values)
        }
        var cases = 1
        for c in choices {
            cases *= c.count
            if cases > limit { return nil }
        }
        var implies = true
        var excludes = true
        var picked = [Int](repeating: 0, count: names.count)
        // Each choice as the one-value list a case gives its name, made once (a list made at
        // every lookup of every case was most of what deciding a pair allocated).
        let single = choices.map { $0.map { [$0] } }
        for _ in 0..<cases {
            let lookup = { (name: String) -> [ConditionValue?]? in
                if let values = pinned[name] { return values }
                if let k = names.firstIndex(of: name) { return single[k][picked[k]] }
                // Every name the two conditions read was collected; `known` for any other.
                return domains[name] == nil && !opaque.contains(name) ? known(name) : nil
            }
            let holds = fixedValue(lookup)
            if holds != false {
                let then = other.fixedValue(lookup)
                if then != true { implies = false }
                if then != false { excludes = false }
                if !implies && !excludes { return nil }
            }
            // The next case, as an odometer.
            for k in picked.indices {
                picked[k] += 1
                if picked[k] < choices[k].count { break }
                picked[k] = 0
            }
        }
        return implies ? true : excludes ? false : nil
    }

    /// The values each name is compared with for equality; names used any other way are opaque.
    private static func collect(_ e: Expr, into domains: inout [String: [ConditionValue?]], opaque: inout Set<String>) {
        switch e {
        case .operand(let t): collect(t, into: &domains, opaque: &opaque)
        case .not(let x): collect(x, into: &domains, opaque: &opaque)
        case .and(let xs), .or(let xs): for x in xs { collect(x, into: &domains, opaque: &opaque) }
        case .compare(let l, let op, let r):
            switch (l, r) {
            case (.name(let n), .literal(let v)) where op == .equal || op == .notEqual,
                (.literal(let v), .name(let n)) where op == .equal || op == .notEqual:
                domains[n, default: []].append(v.value)
            default:
                opaque.formUnion(names(l))
                opaque.formUnion(names(r))
            }
        case .member(let l, _, let xs):
            if case .name(let n) = l {
                domains[n, default: []].append(contentsOf: xs.map(\.value))
            } else {
                opaque.formUnion(names(l))
            }
        }
    }

    /// A term read as a condition: a name is a boolean.
    private static func collect(_ t: Term, into domains: inout [String: [ConditionValue?]], opaque: inout Set<String>) {
        switch t {
        case .name(let n): domains[n, default: []].append(contentsOf: [.bool(true), .bool(false)])
        case .literal: break
        case .condition(let x): collect(x, into: &domains, opaque: &opaque)
        }
    }
}
