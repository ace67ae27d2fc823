/// Memory for collections.
///
/// Most collections are small and repeat a shape (a list of custom fields, each with the same
/// five keys). Grown one append at a time, each would be reallocated three or four times; so a
/// new collection reserves the length of the last one closed at the same depth, up to
/// `hintLimit`. A wrong guess costs one small over- or under-allocation, and the next
/// collection guesses again.
///
/// A mapping with 100 000 pairs (a tax table) holds about 17 MB of nodes. Grown by doubling,
/// its array would be allocated and copied some 13 times, and with glibc the large blocks come
/// fresh from the kernel each time; reading such a file then costs more in page faults than in
/// parsing. So once a collection is clearly large, its capacity is reserved for the length the
/// rest of the input suggests, at the rate the collection has used bytes so far.
extension YAMLTreeBuilder {
    /// Depths that keep a length hint.
    static var hintDepths: Int { 64 }
    /// The largest length a hint reserves.
    static var hintLimit: Int { 16 }

    /// Reserves room in a new collection, opened at `depth`, for the length of the last one.
    @inline(__always)
    func reserveFromHint(_ frame: inout Frame) {
        guard depth < Self.hintDepths else { return }
        if frame.isMapping {
            let hint = mappingHints[depth]
            if hint > 0 { frame.pairs.reserveCapacity(hint) }
        } else {
            let hint = sequenceHints[depth]
            if hint > 0 { frame.items.reserveCapacity(hint) }
        }
    }

    /// Remembers the length of a collection just closed (`depth` is now its parent's).
    @inline(__always)
    mutating func recordHint(_ frame: Frame) {
        guard depth < Self.hintDepths else { return }
        if frame.isMapping {
            mappingHints[depth] = min(frame.pairs.count, Self.hintLimit)
        } else {
            sequenceHints[depth] = min(frame.items.count, Self.hintLimit)
        }
    }

    /// Reserves capacity in the collection on top (which just reached `largeCollection`
    /// elements, the last one ending at byte `offset`) for its estimated final length.
    mutating func reserveForLargeCollection(at offset: Int) {
        let count = Self.largeCollection
        let used = max(offset - top.start.offset, 1)
        let remaining = max(map.byteCount - offset, 0)
        // Floating point: the product can exceed Int for huge limits; the result cannot.
        let more = Double(remaining) * Double(count) / Double(used)
        // At most 64 times the current length: a misjudged estimate must stay a modest allocation.
        let estimate = count + Int(min(more * 1.125, Double(count * 63)))
        if top.isMapping {
            top.pairs.reserveCapacity(estimate)
            top.keyTable?.reserve(estimate)
        } else {
            top.items.reserveCapacity(estimate)
        }
    }

    /// `array`, reallocated at its size when the estimate left much of its capacity unused
    /// (the collection ended well before the input did).
    static func trimmed<Element>(_ array: [Element]) -> [Element] {
        array.count >= largeCollection ? array.withoutSpareCapacity(over: 4) : array
    }
}
