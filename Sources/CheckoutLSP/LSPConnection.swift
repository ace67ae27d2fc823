import CheckoutJSON
import Foundation

/// Runs a `LanguageServer` over a byte stream: reads and frames on the calling thread (the
/// reading loop), hands the checks and the requests to their executors, writes what they give.
/// A slow check (a 10 MB flow) holds up neither the reading of the next message, nor a request,
/// nor the checks of other documents: requests have an executor, and each document one for
/// its checks (serial, so a document's diagnostics go out in the order of its versions).
public struct LSPConnection {
    /// Reads the next bytes; an empty array at the end of input.
    public typealias Read = () -> [UInt8]
    /// Writes one framed message.
    public typealias Write = ([UInt8]) -> Void

    private var server: LanguageServer
    private var framer: MessageFramer
    private let read: Read
    private let output: Output
    private let requests: any LSPExecutor
    /// The executor of a document's checks, made the first time it has one.
    private let checksExecutor: (String) -> any LSPExecutor
    private var checks: [String: any LSPExecutor] = [:]

    /// A connection for `server` over `read` and `write`, running requests on `requests` and
    /// every document's checks on `checks`, or, when `checks` is nil, each document's on the
    /// executor `checksFor` makes for it (by default a serial queue of its own). `write` is
    /// called from the executors' threads too, one call at a time.
    public init(
        server: LanguageServer = LanguageServer(), framer: MessageFramer = MessageFramer(), read: @escaping Read,
        write: @escaping Write, checks: (any LSPExecutor)? = nil, requests: (any LSPExecutor)? = nil,
        checksFor: ((String) -> any LSPExecutor)? = nil
    ) {
        self.server = server
        self.framer = framer
        self.read = read
        self.output = Output(write)
        self.requests = requests ?? SerialExecutor(label: "checkout-lsp.requests")
        self.checksExecutor = checks.map { one in { _ in one } } ?? checksFor ?? { SerialExecutor(label: "checkout-lsp.checks \($0)") }
    }

    /// Serves until `exit` or the end of input, and returns the exit code: 0 after
    /// `shutdown` and `exit`, 1 otherwise (input ended, or `exit` without `shutdown`). Work
    /// still waiting is finished first (a check superseded or cancelled finishes at once).
    public mutating func run() -> Int32 {
        defer {
            requests.wait()
            for executor in checks.values { executor.wait() }
        }
        while true {
            while let frame = framer.next() {
                let replies: [JSONValue]
                switch frame {
                case .message(let message): replies = server.receive(message)
                case .error(let code, let message): replies = [JSONRPC.error(id: .null, code: code, message: message)]
                }
                for reply in replies { output.send(reply) }
                for job in server.takeJobs() {
                    let output = self.output
                    executor(of: job).submit { for message in job.run() { output.send(message) } }
                }
                if let code = server.exitCode { return code }
            }
            let bytes = read()
            if bytes.isEmpty { return server.shutDown ? 0 : 1 }
            framer.append(bytes)
        }
    }

    /// The executor a job runs on: the requests', or its document's.
    private mutating func executor(of job: LSPJob) -> any LSPExecutor {
        guard job.kind == .check else { return requests }
        let document = job.document ?? ""
        if let known = checks[document] { return known }
        let made = checksExecutor(document)
        checks[document] = made
        return made
    }

    /// Serves over file descriptors (`checkout lsp`: standard input and output).
    public static func serve(input: Int32, output: Int32, version: String) -> Int32 {
        var server = LanguageServer()
        server.serverVersion = version
        var connection = LSPConnection(
            server: server,
            read: {
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let n = buffer.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
                    if n < 0, errno == EINTR { continue }
                    return n > 0 ? Array(buffer[..<n]) : []
                }
            },
            write: { bytes in
                var sent = 0
                while sent < bytes.count {
                    let n = bytes[sent...].withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
                    if n < 0, errno == EINTR { continue }
                    // The client has gone (EPIPE): nothing more can be sent.
                    if n <= 0 { return }
                    sent += n
                }
            })
        return connection.run()
    }
}

/// The connection's writer, shared by the reading loop and the executors: one message at a
/// time, whole.
private final class Output: @unchecked Sendable {
    // Unchecked: `write` is only ever called under `lock`.
    private let lock = NSLock()
    private let write: LSPConnection.Write

    init(_ write: @escaping LSPConnection.Write) { self.write = write }

    func send(_ message: JSONValue) {
        let bytes = MessageFramer.frame(message)
        lock.withLock { write(bytes) }
    }
}
