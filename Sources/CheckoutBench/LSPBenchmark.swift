import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Dispatch
import Foundation
import Synchronization

/// `checkout-bench --lsp [--rounds N] [--edits N]`: `checkout lsp`'s latency from a
/// `didChange` to its `publishDiagnostics`, through the real framing and the server's own
/// executors, in process: the bytes of the edit go into the connection's reader, the time
/// stops when the framed diagnostics of that version come out of its writer. The baseline, in
/// the same run on the same text, is `FlowCompiler.compile` alone: the ratio is what the
/// server adds (the edit, JSON both ways, the hand-off to the check's thread). Then the
/// resident memory before and after `--edits` edits (default 10,000), each awaited, and a
/// burst of as many edits sent without waiting (only the newest is checked to the end); the
/// baseline for memory is as many compiles of edited texts on one thread, without the server.
/// Targets (issue 23): under 20 ms for a 3 KB flow, under 1 s for the 2 MB flow; memory flat.
enum LSPBenchmark {
    static func run(rounds: Int, edits: Int) -> Bool {
        print("checkout-bench: checkout lsp, didChange → publishDiagnostics (wall clock, in process, real framing)")
        let small = Session(text: BenchmarkFlows.small())
        let smallOK = measure(small, name: "3 KB flow", rounds: rounds, target: 0.020)
        let large = Session(text: BenchmarkFlows.large(bytes: 2_000_000))
        let largeOK = measure(large, name: "2 MB flow", rounds: max(rounds / 10, 5), target: 1.0)
        large.close()

        // The baseline: the compiler alone over as many edits of the same text, on this thread.
        let title = BenchmarkFlows.small().replacingOccurrences(of: "title: Benchmark flow", with: "title: Benchmark flow %05d")
        let compileBefore = residentBytes()
        for i in 1...edits { _ = FlowCompiler.compile(String(format: title, i % 100_000), file: nil) }
        let compileGrowth = Double(residentBytes() - compileBefore) / 1_048_576
        print(String(format: "  memory, the compiler alone: %+.1f MiB over %d compiles of edited texts", compileGrowth, edits))

        let before = residentBytes()
        var marks: [(Int, Int)] = []
        for i in 1...edits {
            small.edit(wait: true)
            if i == edits / 10 || i == edits / 2 || i == edits { marks.append((i, residentBytes())) }
        }
        let growth = Double(marks.last!.1 - before) / 1_048_576
        print(
            String(format: "  memory: resident %.1f MiB before %d edits; ", Double(before) / 1_048_576, edits)
                + marks.map { String(format: "%.1f MiB after %d", Double($0.1) / 1_048_576, $0.0) }.joined(separator: ", ")
                + String(format: " (%+.1f MiB; target: flat, within 2 MiB: %@)", growth, abs(growth) <= 2 ? "met" : "missed"))
        let published = small.published
        let last = small.edit(count: edits)
        print(
            "  burst: \(edits) edits sent without waiting: \(small.published - published) checks published, the last of version \(last)")
        small.close()
        return smallOK && largeOK && abs(growth) <= 2
    }

    static func measure(_ session: Session, name: String, rounds: Int, target: Double) -> Bool {
        // Warm-up: the first check of the text, and a few edits.
        for _ in 0..<3 { session.edit(wait: true) }
        var lsp: [Double] = []
        var compile: [Double] = []
        for _ in 0..<rounds {
            lsp.append(session.edit(wait: true).seconds)
            let text = session.text
            let start = DispatchTime.now().uptimeNanoseconds
            _ = FlowCompiler.compile(text, file: nil)
            compile.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let l = Summary(lsp)
        let c = Summary(compile)
        print(
            String(
                format:
                    "  %@ (%d bytes, %d edits): median %.2f ms  p90 %.2f ms  max %.2f ms; compile alone median %.2f ms; ratio %.2f (target < %.0f ms: %@)",
                name, session.text.utf8.count, rounds, l.median * 1000, l.p90 * 1000, lsp.max()! * 1000, c.median * 1000,
                l.median / c.median, target * 1000, l.p90 < target ? "met" : "missed"))
        return l.p90 < target
    }

    /// The resident set, from `/proc/self/statm` (pages).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// One document open in a server running on its own thread.
final class Session: @unchecked Sendable {
    // Unchecked: `text` and `version` are touched by the benchmark's thread only; the rest is
    // under locks.
    static let uri = "file:///bench/lsp-benchmark.yaml"
    private let input = Mutex<[[UInt8]]>([])
    private let available = DispatchSemaphore(value: 0)
    /// When each version's diagnostics came out, until the benchmark reads it (the
    /// benchmark's own memory must not grow with the edits), and how many came out.
    private let versions = Mutex<(at: [Int: UInt64], count: Int)>(([:], 0))
    private let arrived = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private(set) var text: String
    private var version = 1
    private let titleLine: Int

    init(text original: String) {
        text = original.replacingOccurrences(of: "title: Benchmark flow", with: "title: Benchmark flow 00000")
        titleLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("title: ") }!
        Thread.detachNewThread { [self] in
            var framer = MessageFramer()
            var connection = LSPConnection(
                read: { [self] in
                    available.wait()
                    return input.withLock { $0.removeFirst() }
                },
                write: { [self] bytes in
                    framer.append(bytes)
                    while case .message(let m) = framer.next() {
                        guard m["method"] == .string("textDocument/publishDiagnostics"), let v = m["params"]?["version"],
                            case .number(let n) = v, let version = Int(n)
                        else { continue }
                        versions.withLock {
                            $0.at[version] = DispatchTime.now().uptimeNanoseconds
                            $0.count += 1
                        }
                        arrived.signal()
                    }
                })
            _ = connection.run()
            done.signal()
        }
        send(JSONRPC.request(id: 1, method: "initialize", params: .object([JSONMember("capabilities", .object([]))])))
        let item = JSONValue.object([
            JSONMember("uri", .string(Self.uri)), JSONMember("languageId", .string("yaml")), JSONMember("version", .int(1)),
            JSONMember("text", .string(text)),
        ])
        send(JSONRPC.notification(method: "textDocument/didOpen", params: .object([JSONMember("textDocument", item)])))
        arrived.wait()
    }

    /// How many diagnostics have been published.
    var published: Int { versions.withLock { $0.count } }

    private func send(_ message: JSONValue) {
        input.withLock { $0.append(MessageFramer.frame(message)) }
        available.signal()
    }

    /// One edit of the title's number; with `wait`, until its diagnostics are out.
    @discardableResult
    func edit(wait: Bool) -> (version: Int, seconds: Double) {
        version += 1
        let digits = String(format: "%05d", version % 100_000)
        let start = JSONValue.object([JSONMember("line", .int(titleLine)), JSONMember("character", .int(22))])
        let end = JSONValue.object([JSONMember("line", .int(titleLine)), JSONMember("character", .int(27))])
        let change = JSONValue.object([
            JSONMember("range", .object([JSONMember("start", start), JSONMember("end", end)])), JSONMember("text", .string(digits)),
        ])
        var document = TextDocument(text: text, version: version)
        document.replace(
            from: LSPPosition(line: titleLine, character: 22), to: LSPPosition(line: titleLine, character: 27), with: digits,
            encoding: .utf16)
        text = document.text
        let params = JSONValue.object([
            JSONMember("textDocument", .object([JSONMember("uri", .string(Self.uri)), JSONMember("version", .int(version))])),
            JSONMember("contentChanges", .array([change])),
        ])
        let sent = DispatchTime.now().uptimeNanoseconds
        send(JSONRPC.notification(method: "textDocument/didChange", params: params))
        guard wait else { return (version, 0) }
        while true {
            arrived.wait()
            if let at = versions.withLock({ v in
                defer { v.at.removeAll(keepingCapacity: true) }
                return v.at[version]
            }) {
                return (version, Double(at - sent) / 1e9)
            }
        }
    }

    /// `count` edits sent at once; returns once the last one's diagnostics are out.
    func edit(count: Int) -> Int {
        for _ in 1..<count { edit(wait: false) }
        return edit(wait: true).version
    }

    /// Shutdown and exit; returns once the server has stopped.
    func close() {
        send(JSONRPC.request(id: 2, method: "shutdown", params: .null))
        send(JSONRPC.notification(method: "exit", params: .null))
        done.wait()
    }
}

extension JSONRPC {
    /// A request (the server sends none; the benchmark is its client).
    static func request(id: Int, method: String, params: JSONValue) -> JSONValue {
        .object([
            JSONMember("jsonrpc", .string("2.0")), JSONMember("id", .int(id)), JSONMember("method", .string(method)),
            JSONMember("params", params),
        ])
    }
}
