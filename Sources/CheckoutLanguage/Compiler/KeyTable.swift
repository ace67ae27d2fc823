/// A list of key specs made ready for lookups, once per process: the compiler checks every
/// mapping of a flow against one of these.
///
/// A key is found among the specs of its UTF-8 length (a few at most) by comparing text, with
/// no hashing; the required keys are listed up front.
final class KeyTable: Sendable {
    /// The specs, in the order the language lists them.
    let specs: [KeySpec]
    /// The specs' names, in the same order.
    let names: [String]
    /// Positions of the required specs.
    let required: [Int]
    /// `bucket[bucketStart[n]..<bucketStart[n + 1]]`: positions of the specs whose names have n bytes.
    private let bucketStart: [Int]
    private let bucket: [Int]

    init(_ specs: [KeySpec]) {
        let names = specs.map(\.name)
        self.specs = specs
        self.names = names
        required = specs.indices.filter { specs[$0].required }
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

    /// The position of the spec named `key`; nil for a key the table does not have.
    func index(of key: String) -> Int? {
        let n = key.utf8.count
        guard n + 1 < bucketStart.count else { return nil }
        for b in bucketStart[n]..<bucketStart[n + 1] where names[bucket[b]] == key { return bucket[b] }
        return nil
    }
}

extension KeyTable {
    static let topLevel = KeyTable(FlowKeys.topLevel)
    static let provider = KeyTable(FlowKeys.provider)
    static let signature = KeyTable(FlowKeys.signature)
    static let request = KeyTable(FlowKeys.request)
    static let price = KeyTable(FlowKeys.price)
    static let prefill = KeyTable(FlowKeys.prefill)
    static let address = KeyTable(FlowKeys.address)
    static let fraud = KeyTable(FlowKeys.fraud)
    static let currencies = KeyTable(FlowKeys.currencies)
    static let theme = KeyTable(FlowKeys.theme)
    static let font = KeyTable(FlowKeys.font)
    static let fields = KeyTable(FlowKeys.fields)
    static let billingPresence = KeyTable(FlowKeys.billingPresence)
    static let shippingPresence = KeyTable(FlowKeys.shippingPresence)
    static let available = KeyTable(FlowKeys.available)
    static let customField = KeyTable(FlowKeys.customField)
    static let cards = KeyTable(FlowKeys.cards)
    static let screen = KeyTable(FlowKeys.screen)
    static let step = KeyTable(FlowKeys.step)
    static let retry = KeyTable(FlowKeys.retry)
    static let routes = KeyTable(FlowKeys.routes)
}
