import CheckoutDomain
public import Foundation

/// `tax`: percentage rates keyed by `COUNTRY` or `COUNTRY-STATE` (e.g. `US-NY: 8.875`).
///
/// Rates keep their checked decimal text and become `Decimal` when looked up: a run looks up
/// one region, while a merchant's table can hold hundreds of thousands. So the table holds
/// every rate's text in one byte buffer — `region`, a 0xFF byte (never in UTF-8), the percent
/// — with one 32-bit end offset a rate: about 15 bytes for a row `FR-123: 20.5`, where an
/// array of two strings a rate took 32 (issue 21). `rates` reads them back as `Rate`s.
package struct TaxTable: Sendable, Hashable {
    /// One region's rate.
    public struct Rate: Sendable, Hashable {
        /// `COUNTRY` or `COUNTRY-SUBDIVISION`.
        public var region: String
        /// The percent as written (checked decimal syntax, 0 to 100).
        public var percentText: String
        /// The percent.
        public var percent: Decimal { DecimalText.parse(percentText)?.value ?? 0 }

        /// Creates a rate.
        public init(region: String, percentText: String) {
            self.region = region
            self.percentText = percentText
        }
    }

    /// The rates, in source order, read from the table's buffer.
    public struct Rates: RandomAccessCollection, Sendable {
        fileprivate let table: TaxTable

        public var startIndex: Int { 0 }
        public var endIndex: Int { table.ends.count }

        public subscript(position: Int) -> Rate {
            let start = position == 0 ? 0 : Int(table.ends[position - 1])
            let end = Int(table.ends[position])
            return table.text.withUnsafeBufferPointer { text in
                let record = UnsafeBufferPointer(rebasing: text[start..<end])
                let separator = record.firstIndex(of: Self.separator) ?? record.endIndex
                return Rate(
                    region: String(decoding: UnsafeBufferPointer(rebasing: record[..<separator]), as: UTF8.self),
                    percentText: String(decoding: UnsafeBufferPointer(rebasing: record[(separator + 1)...]), as: UTF8.self))
            }
        }

        /// Between a rate's region and its percent: 0xFF is never part of UTF-8 text.
        fileprivate static let separator: UInt8 = 0xFF
    }

    /// Every rate's `region`, 0xFF, `percentText`, back to back.
    private var text: [UInt8] = []
    /// Where each rate's bytes end in `text` (the next one starts there).
    private var ends: [UInt32] = []

    /// The rates, in source order; regions are unique (duplicate keys are compile errors).
    public var rates: Rates { Rates(table: self) }

    /// Creates a table.
    public init(rates: [Rate] = []) {
        for rate in rates { append(region: rate.region, percentText: rate.percentText) }
    }

    /// Adds a rate after the others.
    package mutating func append(region: String, percentText: String) {
        Self.append(region, to: &text)
        text.append(Rates.separator)
        Self.append(percentText, to: &text)
        ends.append(UInt32(text.count))
    }

    /// `bytes.append(contentsOf: string.utf8)`, copied in one go when the string is contiguous
    /// (the generic append goes byte by byte).
    private static func append(_ string: String, to bytes: inout [UInt8]) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: string.utf8)
        }
    }

    /// Adds a rate after the others, from the UTF-8 of its region and percent.
    package mutating func append(regionBytes: UnsafeBufferPointer<UInt8>, percentBytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: regionBytes)
        text.append(Rates.separator)
        text.append(contentsOf: percentBytes)
        ends.append(UInt32(text.count))
    }

    /// Makes room for `count` rates of about `bytesPerRate` bytes each.
    package mutating func reserveCapacity(_ count: Int, bytesPerRate: Int) {
        ends.reserveCapacity(count)
        text.reserveCapacity(count * bytesPerRate)
    }

    /// Gives back the room reserved and not used.
    package mutating func trim() {
        text = text.withoutSpareCapacity(over: 8)
        ends = ends.withoutSpareCapacity(over: 8)
    }

    /// The rate for an address: `COUNTRY-STATE` first, then `COUNTRY`; nil when neither is set.
    public func percent(country: String, state: String?) -> Decimal? {
        if let state, !state.isEmpty, let i = index(of: "\(country)-\(state)") { return rates[i].percent }
        return index(of: country).map { rates[$0].percent }
    }

    /// The position of the rate for `region`, compared as `Rate.region == region` is, on the
    /// bytes: a lookup made a `Rate` (two strings) of every row before it, and a table can hold
    /// 150,000. Rows or a region with non-ASCII text are also compared as strings (canonical
    /// equivalence); a compiled table's regions are ASCII.
    private func index(of region: String) -> Int? {
        var target = region
        return target.withUTF8 { r in
            let asciiTarget = !r.contains { $0 >= 0x80 }
            return text.withUnsafeBufferPointer { t in
                var start = 0
                for (i, end) in ends.enumerated() {
                    let record = UnsafeBufferPointer(rebasing: t[start..<Int(end)])
                    start = Int(end)
                    let name = UnsafeBufferPointer(rebasing: record[..<(record.firstIndex(of: Rates.separator) ?? record.endIndex)])
                    if name.elementsEqual(r) { return i }
                    if !asciiTarget || name.contains(where: { $0 >= 0x80 }), rates[i].region == region { return i }
                }
                return nil
            }
        }
    }

    /// True when no rate is set.
    public var isEmpty: Bool { ends.isEmpty }

    /// Equal when the rates are, as `[Rate]` compared them (strings by canonical equivalence).
    public static func == (lhs: TaxTable, rhs: TaxTable) -> Bool {
        if lhs.ends == rhs.ends, lhs.text == rhs.text { return true }
        return lhs.rates.elementsEqual(rhs.rates)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ends.count)
        for rate in rates { hasher.combine(rate) }
    }
}
