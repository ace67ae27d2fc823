/// An append-only list for the items or pairs of one open collection: a plain array while the
/// collection is small, fixed-size chunks once it is large, and one exact-size array at the end.
///
/// Large mappings (a tax table with 100 000 rates) are the case this is for. An array growing by
/// doubling allocates about twice the final size, in blocks so large that the allocator maps
/// fresh pages for each; chunks stay small enough to be recycled, the final array is allocated
/// once at its exact size, and elements are moved into it, not copied.
///
/// Copies of this value share the chunks: it is only ever owned by one builder frame.
struct YAMLChunkedArray<Element> {
    /// The elements while there are at most `YAMLChunkStore.chunkSize` of them.
    private var small: [Element] = []
    /// All the elements once there are more.
    private var large: YAMLChunkStore<Element>?

    /// An empty list.
    init() {}

    /// The number of elements.
    var count: Int { large?.count ?? small.count }

    /// Appends an element.
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if let large {
            large.append(element)
        } else if small.count < YAMLChunkStore<Element>.chunkSize {
            small.append(element)
        } else {
            let store = YAMLChunkStore<Element>(copying: small)
            small = []
            store.append(element)
            large = store
        }
    }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        large?[index] ?? small[index]
    }

    /// The index of the first element that satisfies `predicate` (meant for small lists).
    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        if let large {
            return (0..<large.count).first { predicate(large[$0]) }
        }
        return small.firstIndex(where: predicate)
    }

    /// All elements as one array of exactly their number; the list is used up.
    consuming func array() -> [Element] {
        large?.moveToArray() ?? small
    }
}

/// Elements in fixed-size, manually managed chunks, so that they can be moved (not copied and
/// released one by one) into the final array.
final class YAMLChunkStore<Element> {
    /// Elements per chunk: 2048 pairs are about 360 KiB.
    static var chunkSize: Int { 2048 }

    private var chunks: [UnsafeMutablePointer<Element>] = []
    /// Initialized elements; all chunks but the last are full.
    private(set) var count = 0

    /// A store holding copies of `elements`.
    init(copying elements: [Element]) {
        for element in elements { append(element) }
    }

    deinit {
        var remaining = count
        for chunk in chunks {
            let n = min(remaining, Self.chunkSize)
            chunk.deinitialize(count: n)
            chunk.deallocate()
            remaining -= n
        }
    }

    /// Appends an element.
    @inline(__always)
    func append(_ element: consuming Element) {
        let offset = count % Self.chunkSize
        if offset == 0, count / Self.chunkSize == chunks.count {
            chunks.append(.allocate(capacity: Self.chunkSize))
        }
        (chunks[count / Self.chunkSize] + offset).initialize(to: element)
        count += 1
    }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        chunks[index / Self.chunkSize][index % Self.chunkSize]
    }

    /// Moves every element into one exact-size array; the store is left empty.
    func moveToArray() -> [Element] {
        let total = count
        let result = [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            var moved = 0
            if let base = buffer.baseAddress {
                for chunk in chunks where moved < total {
                    let n = min(total - moved, Self.chunkSize)
                    (base + moved).moveInitialize(from: chunk, count: n)
                    chunk.deallocate()
                    moved += n
                }
            }
            initialized = moved
        }
        chunks = []
        count = 0
        return result
    }
}
