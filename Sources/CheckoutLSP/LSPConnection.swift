import CheckoutJSON
import Foundation

/// Runs a `LanguageServer` over a byte stream: reads, frames, dispatches, writes.
public struct LSPConnection {
    /// Reads the next bytes; an empty array at the end of input.
    public typealias Read = () -> [UInt8]
    /// Writes one framed message.
    public typealias Write = ([UInt8]) -> Void

    private var server: LanguageServer
    private var framer = MessageFramer()
    private let read: Read
    private let write: Write

    /// A connection for `server` over `read` and `write`.
    public init(server: LanguageServer = LanguageServer(), read: @escaping Read, write: @escaping Write) {
        self.server = server
        self.read = read
        self.write = write
    }

    /// Serves until `exit` or the end of input, and returns the exit code: 0 after
    /// `shutdown` and `exit`, 1 otherwise (input ended, or `exit` without `shutdown`).
    public mutating func run() -> Int32 {
        while true {
            while let frame = framer.next() {
                let replies: [JSONValue]
                switch frame {
                case .message(let message): replies = server.handle(message)
                case .error(let code, let message): replies = [JSONRPC.error(id: .null, code: code, message: message)]
                }
                for reply in replies { write(MessageFramer.frame(reply)) }
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
