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

    /// The text of 1-based line `number` without its terminator, if it exists.
    public func line(_ number: Int) -> Substring? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var i = 0
        let n = bytes.count
        while current < number {
            while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            guard i < n else { return nil }
            i += 1
            start = i
            current += 1
        }
        var end = start
        while end < n, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return Substring(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
