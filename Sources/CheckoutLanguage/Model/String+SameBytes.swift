import Foundation

extension String {
    /// The same UTF-8 bytes, so the same Unicode scalars: exact, with no normalisation (`==`
    /// takes canonically equivalent spellings as equal). Lengths first (a string's UTF-8 count
    /// is stored), then the bytes in place; `elementsEqual` over the two views walked them one
    /// index at a time.
    func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let inPlace = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in
                a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
        return (inPlace ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
