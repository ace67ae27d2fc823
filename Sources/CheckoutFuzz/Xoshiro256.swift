/// xoshiro256** seeded through SplitMix64 (https://prng.di.unimi.it): small, fast, and the
/// same sequence for a seed on every platform and toolchain, so the seed printed at the start
/// of a run reproduces it. Bounded draws are done here too rather than with the standard
/// library's `random(in:using:)`, whose algorithm may change between Swift releases.
struct Xoshiro256 {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is four SplitMix64 outputs of `seed`.
    init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        let result = rotate(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotate(s3, 45)
        return result
    }

    /// A number in `0..<bound` (0 when `bound` ≤ 0). Multiply-high, without rejection: the
    /// bias is below 2⁻³² for the bounds a mutator uses.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A random element; `nil` for an empty collection.
    mutating func element<C: RandomAccessCollection>(of collection: C) -> C.Element? where C.Index == Int {
        collection.isEmpty ? nil : collection[collection.startIndex + below(collection.count)]
    }

    /// A size that is usually small and sometimes large: 1, 2, 4, … up to `max`, then uniform
    /// below that power of two.
    mutating func size(max: Int) -> Int {
        var limit = 1
        while limit < max, chance(50) { limit *= 2 }
        return 1 + below(min(limit, max))
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
