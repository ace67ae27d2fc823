import Foundation
import Testing

/// `checkout lsp` given a 10 MB and a 56 MB flow in one `didOpen`, as a child process (the
/// input is written to a file piece by piece, so this test's own memory stays small: a child's
/// peak memory counts its parent's, and other tests measure theirs). The 10 MB flow's
/// diagnostics are published; the 56 MB flow is refused by the size limit with a diagnostic;
/// neither crashes nor hangs, and the server exits 0 after shutdown and exit.
@Suite struct LSPLargeInputTests {
    static let line = "  text in a big flow, line after line after line\n"

    /// Writes initialize, a didOpen of a flow of about `bytes` bytes (a header and one long
    /// folded description, with `bogus: 1` as its one finding), shutdown and exit.
    static func writeSession(bytes: Int, to path: String) throws {
        let header = "flow: big\ndsl: 1\ntitle: Big\nrequest: { price: { amount: 1.00, currency: USD } }\nbogus: 1\ndescription: >\n"
        let count = (bytes - header.utf8.count) / line.utf8.count
        func escaped(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: "\\n") }
        let prefix =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/lsp-large/big.yaml","languageId":"yaml","version":1,"text":""#
            + escaped(header)
        let suffix = #""}}}"#
        let length = prefix.utf8.count + escaped(line).utf8.count * count + suffix.utf8.count
        FileManager.default.createFile(atPath: path, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        func framed(_ body: String) -> Data { Data(("Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8) }
        try out.write(contentsOf: framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        try out.write(contentsOf: Data("Content-Length: \(length)\r\n\r\n\(prefix)".utf8))
        let chunk = Data(String(repeating: escaped(line), count: 10_000).utf8)
        for _ in 0..<(count / 10_000) { try out.write(contentsOf: chunk) }
        try out.write(contentsOf: Data(String(repeating: escaped(line), count: count % 10_000).utf8))
        try out.write(contentsOf: Data(suffix.utf8))
        try out.write(contentsOf: framed(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#))
        try out.write(contentsOf: framed(#"{"jsonrpc":"2.0","method":"exit"}"#))
    }

    @Test(arguments: [(10_500_000, "unknown-key"), (56_000_000, "size-limit")])
    func aBigFlowGetsItsDiagnostic(bytes: Int, rule: String) throws {
        let ws = try Workspace()
        let input = ws.url.appendingPathComponent("session.bin").path
        try Self.writeSession(bytes: bytes, to: input)
        let r = try CheckoutBinary.run(
            ["-c", #"exec "$0" lsp < "$1""#, CheckoutBinary.url.path, input], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains(#""id":2,"result":null"#))
        let published = try #require(r.stdout.components(separatedBy: "textDocument/publishDiagnostics").last)
        #expect(published.contains(#""code":"\#(rule)""#), "\(published.prefix(2000))")
        if rule == "size-limit" {
            #expect(published.contains("more than the limit of 16777216 bytes"), "\(published.prefix(2000))")
        }
    }
}
