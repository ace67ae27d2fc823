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
}
