import CheckoutDomain
import Foundation

/// The `tax` table.
extension FlowCompiler {
    /// `tax: { COUNTRY or COUNTRY-STATE: percent }`. Tax tables can be large (a merchant's
    /// export of every subdivision), so the per-entry checks work on UTF-8 bytes.
    static func compileTax(_ node: YAMLNode, _ ctx: inout CompileContext) -> TaxTable {
        guard let pairs = node.mapping else {
            ctx.report(.typeMismatch, "'tax' must be a mapping of region to percent, found \(ctx.describe(node))", at: node.range)
            return TaxTable()
        }
        var table = TaxTable()
        // A row `  FR-123: 20.5` holds its rate's bytes (`FR-123`, 0xFF, `20.5`) and 3 more:
        // reserved from the rows' average length, trimmed at the end when that was too much.
        let rowBytes = (node.range.end.offset - node.range.start.offset) / max(pairs.count, 1)
        table.reserveCapacity(pairs.count, bytesPerRate: max(rowBytes - 3, 4))
        if let compact = pairs.compactTable {
            // Rows whose bytes are plainly valid go in as bytes; any other row is checked as
            // nodes, with its ranges for the finding.
            compact.forEachText { i, key, value in
                if isPlainlyValidRate(region: key, percent: value) {
                    table.append(regionBytes: key, percentBytes: value)
                } else {
                    compileRate(pairs, i, into: &table, &ctx)
                }
            }
        } else {
            for i in pairs.indices { compileRate(pairs, i, into: &table, &ctx) }
        }
        table.trim()
        return table
    }

    /// Row `i` of a tax table, checked: its rate is added, or a finding reported.
    private static func compileRate(_ pairs: YAMLPairs, _ i: Int, into table: inout TaxTable, _ ctx: inout CompileContext) {
        let key: YAMLScalar
        let value: YAMLScalar?
        if let scalars = pairs.scalars(at: i) {
            (key, value) = scalars
        } else {
            guard case .scalar(let k) = pairs.key(at: i).kind else { return }
            key = k
            value = pairs.value(at: i).scalar
        }
        let region = key.value
        guard isValidTaxRegion(region, at: { pairs.key(at: i).range }, &ctx) else { return }
        guard let value, let syntax = DecimalText.syntax(value.value) else {
            let node = pairs.value(at: i)
            ctx.report(
                .typeMismatch, "'tax.\(region)' must be a decimal number such as 10 or 10.50, found \(ctx.describe(node))",
                at: node.range)
            return
        }
        let text = value.value
        if !isPercent(text, syntax) {
            ctx.report(.outOfRange, "tax rate of \(region) must be a percent from 0 to 100, found \(text)", at: pairs.value(at: i).range)
            return
        }
        table.append(region: region, percentText: text)
    }

    /// True when a row's bytes are a valid rate on their own: a `COUNTRY` or
    /// `COUNTRY-SUBDIVISION` region of a country without named states, and a percent of up to
    /// two integer digits, not negative (what `compileRate` accepts without a finding).
    private static func isPlainlyValidRate(region: UnsafeBufferPointer<UInt8>, percent: UnsafeBufferPointer<UInt8>) -> Bool {
        switch regionShape(region) {
        case .country, .subdivision: break
        default: return false
        }
        guard let syntax = DecimalText.shortSyntax(percent) else { return false }
        return !syntax.negative && syntax.integerDigits < 3
    }

    /// 0...100, decided from the text; only three-digit numbers need the value.
    private static func isPercent(_ text: String, _ syntax: DecimalText.Syntax) -> Bool {
        if syntax.negative { return DecimalText.parse(text)?.value.isZero ?? false }
        if syntax.integerDigits != 3 { return syntax.integerDigits < 3 }
        return (DecimalText.parse(text)?.value ?? 101) <= 100
    }

    /// What the bytes of a tax region say.
    private enum RegionShape {
        case badCountry, country, subdivision, badSubdivision
        /// A region of a country whose states the compiler knows by name (US, CA, BR).
        case state(country: String, state: String)
    }

    /// What a region's UTF-8 bytes say.
    private static func regionShape(_ u: UnsafeBufferPointer<UInt8>) -> RegionShape {
        guard u.count >= 2, Country.isValid(u[0], u[1]) else { return .badCountry }
        if u.count == 2 { return .country }
        guard u[2] == UInt8(ascii: "-"), (4...6).contains(u.count) else { return .badSubdivision }
        let pair = (u[0], u[1])
        if pair == (0x55, 0x53) || pair == (0x43, 0x41) || pair == (0x42, 0x52) {  // US, CA, BR
            if Country.isState(u[0], u[1], UnsafeBufferPointer(rebasing: u[3...])) == true { return .subdivision }
            return .state(
                country: String(decoding: UnsafeBufferPointer(rebasing: u[0..<2]), as: UTF8.self),
                state: String(decoding: UnsafeBufferPointer(rebasing: u[3...]), as: UTF8.self))
        }
        let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        return u[3...].allSatisfy { upper ~= $0 || digit ~= $0 } ? .subdivision : .badSubdivision
    }

    private static func isValidTaxRegion(_ region: String, at range: () -> SourceRange, _ ctx: inout CompileContext) -> Bool {
        // Decided on the bytes: a valid region costs no allocation.
        let shape = region.utf8.withContiguousStorageIfAvailable { regionShape($0) } ?? .badCountry
        switch shape {
        case .country, .subdivision:
            return true
        case .badCountry:
            let suggested = region.uppercased()
            let suggestion = suggested != region && Country.isValid(String(suggested.prefix(2))) ? suggested : nil
            ctx.report(
                .invalidCountry,
                "tax region \(UserText.quoted(region)) must be COUNTRY or COUNTRY-STATE with an ISO 3166-1 alpha-2 country",
                at: range(), suggestion: suggestion)
            return false
        case .badSubdivision:
            ctx.report(
                .invalidFormat,
                "tax region \(UserText.quoted(region)) must be COUNTRY-SUBDIVISION with 1 to 3 upper-case letters or digits", at: range())
            return false
        case .state(let country, let sub):
            guard let states = Country.states(of: country), states[sub] == nil else { return true }
            ctx.report(
                .invalidFormat, "\(UserText.quoted(sub)) is not a state of \(country) in tax region \(UserText.quoted(region))",
                at: range(),
                suggestion: states[sub.uppercased()] != nil ? "\(country)-\(sub.uppercased())" : nil)
            return false
        }
    }
}
