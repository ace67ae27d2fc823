/// A source file's bytes, for rendering snippets. Lines are found only when a snippet is
/// rendered, so compiling a file that has no problems never pays for it.
public struct SourceFile: Sendable {
    /// The path as the user named it.
    public let path: String
    /// The file's UTF-8 bytes (shared with the compiler's input, not copied).
    public let bytes: [UInt8]

    /// Creates a source file from its bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates a source file from its text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of 1-based line `number` without its terminator, if it exists. Lines break
    /// where libyaml breaks them (and so where positions count them): LF, CR, CR LF, NEL, LS, PS.
    public func line(_ number: Int) -> Substring? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var i = 0
        let n = bytes.count
        while current < number {
            while i < n, breakLength(at: i) == 0 { i += 1 }
            guard i < n else { return nil }
            i += breakLength(at: i)
            start = i
            current += 1
        }
        var end = start
        while end < n, breakLength(at: end) == 0 { end += 1 }
        return Substring(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The length in bytes of the line break at `i`, 0 when there is none.
    func breakLength(at i: Int) -> Int {
        switch bytes[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2: return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }
}
