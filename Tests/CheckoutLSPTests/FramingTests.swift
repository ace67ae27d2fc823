import CheckoutJSON
import CheckoutLSP
import Testing

/// The base protocol: `Content-Length` framing over reads of any size.
@Suite("LSP framing")
struct FramingTests {
    static func framed(_ body: String, extraHeader: String = "") -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\(extraHeader)\r\n\(body)".utf8)
    }

    static let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"text":"é😀"}}"#

    @Test("a message split into one-byte reads comes out whole, once")
    func splitReads() throws {
        var framer = MessageFramer()
        var frames: [MessageFramer.Frame] = []
        for byte in Self.framed(Self.ping) {
            #expect(frames.isEmpty, "a message came out before its last byte")
            framer.append([byte])
            while let f = framer.next() { frames.append(f) }
        }
        #expect(frames.count == 1)
        let value = try #require(JSONParser.parse(Self.ping))
        #expect(frames.first == .message(value))
    }

    @Test("two messages in one read come out as two, in order; other headers are ignored")
    func twoInOneRead() throws {
        var framer = MessageFramer()
        let second = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
        framer.append(
            Self.framed(Self.ping, extraHeader: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n") + Self.framed(second))
        #expect(framer.next() == .message(try #require(JSONParser.parse(Self.ping))))
        #expect(framer.next() == .message(try #require(JSONParser.parse(second))))
        #expect(framer.next() == nil)
        #expect(!framer.hasPartialMessage)
    }

    @Test("a header without Content-Length, or with a bad one, is a parse error and the next message still reads")
    func badHeader() throws {
        for header in ["Content-Type: x\r\n\r\n", "Content-Length: ten\r\n\r\n", "Content-Length: -3\r\n\r\n", "garbage\r\n\r\n"] {
            var framer = MessageFramer()
            framer.append(Array(header.utf8) + Self.framed(Self.ping))
            guard case .error(let code, _) = framer.next() else {
                Issue.record("no error for \(header.debugDescription)")
                continue
            }
            #expect(code == -32700)
            #expect(framer.next() == .message(try #require(JSONParser.parse(Self.ping))), "after \(header.debugDescription)")
        }
    }

    @Test("a body of invalid JSON is a parse error; the next message still reads")
    func invalidJSONBody() throws {
        var framer = MessageFramer()
        framer.append(Self.framed(#"{"jsonrpc":"2.0","id":1,"#) + Self.framed(Self.ping))
        #expect(framer.next() == .error(code: -32700, message: "body is not valid JSON"))
        #expect(framer.next() == .message(try #require(JSONParser.parse(Self.ping))))
    }

    @Test("a header part that never ends is dropped with an error instead of growing without bound")
    func endlessHeader() {
        var framer = MessageFramer()
        framer.append(Array(repeating: UInt8(ascii: "x"), count: MessageFramer.maxHeaderBytes + 10))
        guard case .error(let code, _) = framer.next() else {
            Issue.record("no error")
            return
        }
        #expect(code == -32700)
        #expect(!framer.hasPartialMessage)
    }

    @Test("a body over the limit is refused without being buffered; the message after it still reads")
    func overLongBody() throws {
        var framer = MessageFramer(maxBodyBytes: 4096)
        let length = 4096 * 8 + 1
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "{"), count: 1000))
        guard case .error(let code, _) = framer.next() else {
            Issue.record("no error")
            return
        }
        #expect(code == -32600)
        // The rest of the body arrives in pieces and is dropped; then a real message.
        var left = length - 1000
        while left > 0 {
            let n = min(left, 3000)
            framer.append(repeatElement(UInt8(ascii: "\r"), count: n))
            #expect(framer.next() == nil)
            left -= n
        }
        framer.append(Self.framed(Self.ping))
        #expect(framer.next() == .message(try #require(JSONParser.parse(Self.ping))))
    }

    @Test("frame() writes Content-Length in bytes, not characters")
    func frameCountsBytes() {
        let bytes = MessageFramer.frame(.string("é😀"))
        // "é😀" is 2 + 4 bytes, plus the two quotes.
        #expect(String(decoding: bytes, as: UTF8.self) == "Content-Length: 8\r\n\r\n\"é😀\"")
    }
}
