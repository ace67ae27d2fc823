import Synchronization

/// Randomness for ids (tokens, transactions, fraud sessions, idempotency keys). Injected so a
/// seeded run is reproducible.
public protocol RandomSource: Sendable {
    /// The next 64 random bits.
    func next() -> UInt64
}

extension RandomSource {
    /// `count` lower-case hex digits.
    public func hex(_ count: Int) -> String {
        var out = ""
        while out.count < count {
            let s = String(next(), radix: 16)
            out += String(repeating: "0", count: 16 - s.count) + s
        }
        return String(out.prefix(count))
    }

    /// `count` decimal digits, not starting with 0.
    public func digits(_ count: Int) -> String {
        var out = String(1 + next() % 9)
        while out.count < count { out += String(next() % 10) }
        return out
    }
}

/// The system's cryptographic generator.
public struct SystemRandom: RandomSource {
    /// Creates it.
    public init() {}
    public func next() -> UInt64 {
        var g = SystemRandomNumberGenerator()
        return g.next()
    }
}

/// SplitMix64 from a seed: the same seed gives the same ids.
public final class SeededRandom: RandomSource {
    private let state: Mutex<UInt64>

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        state = Mutex(seed)
    }

    public func next() -> UInt64 {
        state.withLock { s in
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

extension SeededRandom {
    /// A generator seeded by the 64-bit FNV-1a hash of `text`: numbers derived from a value
    /// (a token, a run's fraud session id) instead of drawn from a run's randomness, so that
    /// deriving them changes no other seeded id.
    package convenience init(hashing text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.init(seed: hash)
    }
}
