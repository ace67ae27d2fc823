import CheckoutDomain

/// A fixed list of names, found by text without hashing: among the names of the same UTF-8
/// length (a few at most). A class: lookups borrow its tables.
final class NameLookup: Sendable {
    /// The names, in the order given.
    let names: [String]
    /// `bucket[bucketStart[n]..<bucketStart[n + 1]]`: positions of the names of n bytes.
    private let bucketStart: [Int]
    private let bucket: [Int]

    init(_ names: [String]) {
        self.names = names
        let longest = names.map(\.utf8.count).max() ?? 0
        var start = [Int](repeating: 0, count: longest + 2)
        var bucket: [Int] = []
        for n in 0...longest {
            start[n] = bucket.count
            bucket += names.indices.filter { names[$0].utf8.count == n }
        }
        start[longest + 1] = bucket.count
        bucketStart = start
        self.bucket = bucket
    }

    /// The position of `name`; nil for a name not in the list. Lengths are compared first,
    /// so a name spelled with other code points that Swift would call equal (a canonical
    /// equivalent) is not found.
    func index(of name: String) -> Int? {
        let n = name.utf8.count
        guard n + 1 < bucketStart.count else { return nil }
        for b in bucketStart[n]..<bucketStart[n + 1] where names[bucket[b]] == name { return bucket[b] }
        return nil
    }
}

/// A list of key specs made ready for lookups, once per process: the compiler checks every
/// mapping of a flow against one of these. The required keys are listed up front.
package final class KeyTable: Sendable {
    /// The specs, in the order the language lists them.
    package let specs: [KeySpec]
    /// The specs' names, in the same order.
    package let names: [String]
    /// Positions of the required specs.
    let required: [Int]
    /// The UTF-8 length of each name.
    let lengths: [Int]
    private let lookup: NameLookup
    /// Keys the language has elsewhere but not here, with why and where they belong: an
    /// error that explains instead of "unknown key" (`fields.shipping.birthday`).
    package let misplaced: [String: (why: String, instead: String)]

    package init(_ specs: [KeySpec], misplaced: [String: (why: String, instead: String)] = [:]) {
        self.specs = specs
        self.misplaced = misplaced
        names = specs.map(\.name)
        lookup = NameLookup(names)
        required = specs.indices.filter { specs[$0].required }
        lengths = specs.map(\.name.utf8.count)
    }

    /// The position of the spec named `key`; nil for a key the table does not have.
    package func index(of key: String) -> Int? { lookup.index(of: key) }
}

/// An enumeration whose cases are found by their raw text through a `NameLookup`: Swift's
/// `init(rawValue:)` compares the text with every case's in turn.
///
/// The tables are not generic: a generic class's metadata is instantiated at run time, and
/// checking its requirements (`RawRepresentable`, `CaseIterable`) scans every conformance
/// record in the process, about half a million instructions per type at start-up.
protocol RawValueLookup: RawRepresentable, CaseIterable where RawValue == String {
    /// The raw values of `allCases`, in order (`NameLookup(allCases.map(\.rawValue))`).
    static var rawValues: NameLookup { get }
    /// `allCases` as an array, read without building one.
    static var caseList: [Self] { get }
}

extension RawValueLookup {
    /// The case whose raw value is `text`, as `init(rawValue:)` finds it. Text that is not
    /// found by its bytes but is not ASCII goes to `init(rawValue:)`, which also matches
    /// canonically equivalent spellings.
    static func named(_ text: String) -> Self? {
        if let i = rawValues.index(of: text) { return caseList[i] }
        return text.utf8.allSatisfy { $0 < 0x80 } ? nil : Self(rawValue: text)
    }
}

extension ScreenKind: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension StepKind: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension StageOutcome: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension HookKind: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension Backoff: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension CardSourceSetting: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension AddressField: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension FieldPresence: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension StoreCardSetting: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension ThemePreset: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension CheckoutMode: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension TransactionType: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension ProviderName: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension PaymentMethodKind: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}
extension CardBrand: RawValueLookup {
    static let rawValues = NameLookup(allCases.map(\.rawValue))
    static let caseList = Array(allCases)
}

extension KeyTable {
    static let topLevel = KeyTable(FlowKeys.topLevel)
    static let provider = KeyTable(FlowKeys.provider)
    static let signature = KeyTable(FlowKeys.signature)
    static let returnURLs = KeyTable(FlowKeys.returnURLs)
    static let applePay = KeyTable(FlowKeys.applePay)
    static let taxService = KeyTable(FlowKeys.taxService)
    static let request = KeyTable(FlowKeys.request)
    static let translation = KeyTable(FlowKeys.translation)
    static let translatedField = KeyTable(FlowKeys.translatedField)
    static let translatedScreen = KeyTable(FlowKeys.translatedScreen)
    static let price = KeyTable(FlowKeys.price)
    static let prefill = KeyTable(FlowKeys.prefill)
    static let address = KeyTable(FlowKeys.address)
    static let fraud = KeyTable(FlowKeys.fraud)
    static let customer = KeyTable(FlowKeys.customer)
    static let currencies = KeyTable(FlowKeys.currencies)
    static let theme = KeyTable(FlowKeys.theme)
    static let font = KeyTable(FlowKeys.font)
    static let colorPair = KeyTable(FlowKeys.colorPair)
    static let fields = KeyTable(FlowKeys.fields)
    static let billingPresence = KeyTable(FlowKeys.billingPresence)
    static let shippingPresence = KeyTable(
        FlowKeys.shippingPresence,
        misplaced: [
            "birthday": (
                "a shipping address has no date of birth: the birthday is the shopper's, asked with billing",
                "use 'fields.billing.birthday'"
            )
        ])
    static let available = KeyTable(FlowKeys.available)
    static let allowedCountries = KeyTable(FlowKeys.allowedCountries)
    static let customField = KeyTable(FlowKeys.customField)
    static let cards = KeyTable(FlowKeys.cards)
    static let screen = KeyTable(FlowKeys.screen)
    static let step = KeyTable(FlowKeys.step)
    static let retry = KeyTable(FlowKeys.retry)
    static let routes = KeyTable(FlowKeys.routes)
}
