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
    /// `first second`, without building a `String`; nil for a country without states.
    public static func isState(_ first: UInt8, _ second: UInt8, _ state: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let codes = stateCodes[UInt16(first) << 8 | UInt16(second)] else { return nil }
        guard state.count <= 6 else { return false }
        var packed: UInt64 = 0
        for byte in state { packed = packed << 8 | UInt64(byte) }
        return codes.contains(packed)
    }

    /// Per country with states (its two letters as one number), its state codes' bytes packed
    /// into one number each.
    private static let stateCodes: [UInt16: Set<UInt64>] = {
        var table: [UInt16: Set<UInt64>] = [:]
        for country in ["US", "CA", "BR"] {
            guard let states = states(of: country) else { continue }
            let u = Array(country.utf8)
            table[UInt16(u[0]) << 8 | UInt16(u[1])] = Set(
                states.keys.filter { $0.utf8.count <= 6 }.map { $0.utf8.reduce(0) { $0 << 8 | UInt64($1) } })
        }
        return table
    }()
}
