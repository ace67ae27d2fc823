import CheckoutJSON
import Foundation

/// Runs a `LanguageServer` over a byte stream: reads and frames on the calling thread (the
/// reading loop), hands the checks and the requests to their executors, writes what they give.
/// A slow check (a 10 MB flow) holds up neither the reading of the next message nor a request
/// about another document: checks and requests have an executor each.
public struct LSPConnection {
    /// Reads the next bytes; an empty array at the end of input.
    public typealias Read = () -> [UInt8]
    /// Writes one framed message.
    public typealias Write = ([UInt8]) -> Void

    private var server: LanguageServer
    private var framer: MessageFramer
    private let read: Read
    private let output: Output
    private let checks: any LSPExecutor
    private let requests: any LSPExecutor

    /// A connection for `server` over `read` and `write`, running checks and requests on
    /// `checks` and `requests` (serial queues of their own unless given). `write` is called
    /// from the executors' threads too, one call at a time.
    public init(
        server: LanguageServer = LanguageServer(), framer: MessageFramer = MessageFramer(), read: @escaping Read,
        write: @escaping Write, checks: (any LSPExecutor)? = nil, requests: (any LSPExecutor)? = nil
    ) {
        self.server = server
        self.framer = framer
        self.read = read
        self.output = Output(write)
        self.checks = checks ?? SerialExecutor(label: "checkout-lsp.checks")
        self.requests = requests ?? SerialExecutor(label: "checkout-lsp.requests")
    }

    /// Serves until `exit` or the end of input, and returns the exit code: 0 after
    /// `shutdown` and `exit`, 1 otherwise (input ended, or `exit` without `shutdown`). Work
    /// still waiting is finished first (a check superseded or cancelled finishes at once).
    public mutating func run() -> Int32 {
        defer {
            requests.wait()
            checks.wait()
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
                    (job.kind == .check ? checks : requests).submit { for message in job.run() { output.send(message) } }
                }
                if let code = server.exitCode { return code }
            }
            let bytes = read()
            if bytes.isEmpty { return server.shutDown ? 0 : 1 }
            framer.append(bytes)
        }
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
