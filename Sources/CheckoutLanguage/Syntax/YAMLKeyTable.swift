/// The keys of one large mapping, for duplicate detection: an open-addressing hash table over
/// the keys' UTF-8 bytes.
///
/// Swift's `Dictionary<String, Int>` spends most of its time in SipHash, which made it the
/// largest cost of reading a mapping with 100 000 keys. This table uses a multiply-xorshift hash
/// with a per-process random seed (so crafted keys cannot be made to collide ahead of time).
/// Keys are compared by their UTF-8 bytes, as YAML compares scalars (code point by code point).
struct YAMLKeyTable {
    /// Per slot: the hash's upper 32 bits, then entry index + 1 (0 = empty). The slot's place
    /// comes from those same 32 bits, so growing never rehashes a key. Entry `i` is the key of
    /// the mapping's pair `i`; the table keeps no text of its own.
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    private static let seed = UInt64.random(in: .min ... .max)

    /// An empty table sized for `capacity` keys.
    init(capacity: Int) {
        var size = 64
        while !Self.holds(size, capacity) { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The entry index of `text` if it is already a key; otherwise adds it as the next entry
    /// and returns `nil`. `keyText(i)` gives the text of entry `i`.
    mutating func firstIndex(orInsert text: String, keyText: (Int) -> String) -> Int? {
        let hash = Self.hash(text)
        let check = hash >> 32
        var i = Int(truncatingIfNeeded: check) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { break }
            if slot >> 32 == check {
                let entry = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if Self.sameText(keyText(entry), text) { return entry }
            }
            i = (i + 1) & mask
        }
        count += 1
        slots[i] = check << 32 | UInt64(count)
        if !Self.holds(slots.count, count) { grow() }
        return nil
    }

    /// Makes room for `capacity` keys in all, so that adding them never grows the table.
    mutating func reserve(_ capacity: Int) {
        var size = slots.count
        while !Self.holds(size, capacity) { size <<= 1 }
        if size > slots.count { grow(to: size) }
    }

    /// Whether `size` slots hold `count` keys: at most three quarters full. (Half full, the
    /// slots of a 150,000-row table were 4.2 MB, 1.9 times its file and the biggest part of
    /// reading it once its pairs were compact; three probes of the same cache line more a key
    /// on average cost nothing measurable. Issue 21.)
    @inline(__always)
    private static func holds(_ size: Int, _ count: Int) -> Bool { count * 4 <= size * 3 }

    private mutating func grow(to size: Int? = nil) {
        let size = size ?? slots.count * 2
        var bigger = [UInt64](repeating: 0, count: size)
        let newMask = size - 1
        for slot in slots where slot != 0 {
            var i = Int(truncatingIfNeeded: slot >> 32) & newMask
            while bigger[i] != 0 { i = (i + 1) & newMask }
            bigger[i] = slot
        }
        slots = bigger
        mask = newMask
    }

    /// True when two keys have the same UTF-8 bytes. `==` alone would also equate canonically
    /// equivalent text (NFC and NFD forms); it goes first because it is fast for unequal
    /// strings, and byte-equal strings are always `==`.
    @inline(__always)
    static func sameText(_ a: String, _ b: String) -> Bool {
        a == b && a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    private static func hash(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(text.utf8).withUnsafeBytes { hash($0) }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var i = 0
        while i + 8 <= bytes.count {
            h = mix(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < bytes.count {
                tail |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = mix(h ^ tail)
        }
        return mix(h)
    }

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        var h = x &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        h = h &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}
