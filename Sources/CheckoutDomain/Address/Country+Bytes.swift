extension Country {
    /// Whether two upper-case ASCII letters form an assigned ISO 3166-1 alpha-2 code, without
    /// building a `String`: for hot loops over large tables (a flow's tax regions).
    public static func isValid(_ first: UInt8, _ second: UInt8) -> Bool {
        let a = UInt8(ascii: "A")
        guard first >= a, first < a + 26, second >= a, second < a + 26 else { return false }
        return assignedPairs[Int(first - a) * 26 + Int(second - a)]
    }

    /// 26 × 26 flags, one per two-letter combination.
    private static let assignedPairs: [Bool] = {
        var flags = [Bool](repeating: false, count: 26 * 26)
        for code in allCodes {
            let u = Array(code.utf8)
            flags[Int(u[0] - UInt8(ascii: "A")) * 26 + Int(u[1] - UInt8(ascii: "A"))] = true
        }
        return flags
    }()

    /// Whether `state` (the UTF-8 bytes after `US-`, `CA-` or `BR-`) is a state of the country
    /// `first second`, without building a `String` for a two-letter state; nil for a country
    /// without states.
    public static func isState(_ first: UInt8, _ second: UInt8, _ state: UnsafeBufferPointer<UInt8>) -> Bool? {
        let country: Int
        switch (first, second) {
        case (UInt8(ascii: "U"), UInt8(ascii: "S")): country = 0
        case (UInt8(ascii: "C"), UInt8(ascii: "A")): country = 1
        case (UInt8(ascii: "B"), UInt8(ascii: "R")): country = 2
        default: return nil
        }
        let a = UInt8(ascii: "A")
        guard state.count == 2, state[0] >= a, state[0] < a + 26, state[1] >= a, state[1] < a + 26 else {
            let code = String(decoding: [first, second], as: UTF8.self)
            return states(of: code)?[String(decoding: state, as: UTF8.self)] != nil
        }
        return stateFlags[country * 676 + Int(state[0] - a) * 26 + Int(state[1] - a)]
    }

    /// For US, CA and BR in turn, 26 × 26 flags: which two-letter codes are states.
    private static let stateFlags: [Bool] = {
        var flags = [Bool](repeating: false, count: 3 * 676)
        for (n, country) in ["US", "CA", "BR"].enumerated() {
            guard let states = states(of: country) else { continue }
            for code in states.keys {
                let u = Array(code.utf8)
                let a = UInt8(ascii: "A")
                guard u.count == 2, u.allSatisfy({ $0 >= a && $0 < a + 26 }) else { continue }
                flags[n * 676 + Int(u[0] - a) * 26 + Int(u[1] - a)] = true
            }
        }
        return flags
    }()
}
