public import CheckoutJSON
import Foundation

/// The base protocol's framing: each message is a header part (`Content-Length: N\r\n`, other
/// headers ignored, ended by an empty line) and then N bytes of UTF-8 JSON. Bytes arrive in
/// pieces of any size; `next()` gives each whole message as soon as its last byte is in.
public struct MessageFramer: Sendable {
    /// The longest header part read before it is given up as garbage (a peer that never sends
    /// `\r\n\r\n` must not make the buffer grow without bound).
    public static let maxHeaderBytes = 8 * 1024
    /// The largest body accepted by default, 64 MiB; a larger one is not buffered but dropped
    /// as it arrives, and answered with an error (id null: its id is never read). Why 64 MiB:
    /// the compiler refuses a flow over 16 MiB (`YAMLLimits.default`), and a `didOpen` carries
    /// the text escaped in JSON (a line break takes 2 bytes, a control character 6), so every
    /// flow the compiler reads — and one several times too large, which then gets the
    /// size-limit diagnostic instead of vanishing — fits, while no peer can make the server
    /// hold more than 64 MiB of one message (plus its parsed text) in memory.
    public static let defaultMaxBodyBytes = 64 * 1024 * 1024
    /// The largest body this framer accepts.
    public let maxBodyBytes: Int

    /// What the next message turned out to be.
    public enum Frame: Sendable, Equatable {
        /// A body that parsed as JSON.
        case message(JSONValue)
        /// A header or body that could not be read: the error to answer with (`id` null).
        case error(code: Int, message: String)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header already read, while its body is still arriving.
    private var pendingLength: Int?
    /// Bytes of an over-long body still to be dropped as they arrive.
    private var skipping = 0

    /// Creates an empty framer that accepts bodies of up to `maxBodyBytes`.
    public init(maxBodyBytes: Int = MessageFramer.defaultMaxBodyBytes) { self.maxBodyBytes = maxBodyBytes }

    /// Adds bytes read from the peer.
    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// True when bytes of an unfinished message are waiting.
    public var hasPartialMessage: Bool { start < buffer.count }

    /// The next whole message, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        if pendingLength == nil {
            guard let end = headerEnd() else {
                if buffer.count - start > Self.maxHeaderBytes {
                    start = buffer.count
                    return .error(code: JSONRPCError.parseError, message: "header part too long, no empty line ending it")
                }
                return nil
            }
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            start = end + 4
            switch Self.contentLength(header) {
            case .success(let length) where length > maxBodyBytes:
                // Not buffered: dropped as it arrives, and the message after it is read as usual.
                skipping = length
                let dropped = min(skipping, buffer.count - start)
                start += dropped
                skipping -= dropped
                return .error(code: JSONRPCError.invalidRequest, message: "body of \(length) bytes is over the \(maxBodyBytes)-byte limit")
            case .success(let length):
                pendingLength = length
                // Room for the whole body at once: appending it in 64 KiB reads would double the
                // buffer's capacity past it (up to twice the body held).
                buffer.reserveCapacity(start + length)
            case .failure(let problem): return .error(code: JSONRPCError.parseError, message: problem.text)
            }
        }
        guard let length = pendingLength, buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        pendingLength = nil
        // The base protocol's bodies are UTF-8; the JSON reader would take invalid bytes in a
        // string as replacement characters, and a document's text must not change silently.
        guard String(validating: body, as: UTF8.self) != nil else {
            return .error(code: JSONRPCError.parseError, message: "body is not valid UTF-8")
        }
        guard let value = JSONParser.parse(bytes: body) else {
            return .error(code: JSONRPCError.parseError, message: "body is not valid JSON")
        }
        return .message(value)
    }

    private struct Problem: Error { var text: String }

    private static func contentLength(_ header: String) -> Result<Int, Problem> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Problem(text: "header line without a colon"))
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            guard name == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard let n = Int(value), n >= 0, value.allSatisfy(\.isASCII) else {
                return .failure(Problem(text: "Content-Length is not a number"))
            }
            length = n
        }
        guard let length else { return .failure(Problem(text: "header part without Content-Length")) }
        return .success(length)
    }

    /// The index of the `\r\n\r\n` ending the header part at `start`, if it has arrived.
    private func headerEnd() -> Int? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 64 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// One message framed for the wire.
    public static func frame(_ value: JSONValue) -> [UInt8] {
        let body = Array(value.serialized().utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
