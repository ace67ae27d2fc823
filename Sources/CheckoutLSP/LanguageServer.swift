public import CheckoutJSON

/// The language server's state and its dispatcher: each message in, the messages to send back
/// out. No I/O here (`LSPConnection` reads and writes), so tests drive it message by message.
public struct LanguageServer: Sendable {
    /// The open documents by URI.
    public internal(set) var documents: [String: TextDocument] = [:]
    /// The position encoding agreed in `initialize`.
    public private(set) var encoding: PositionEncoding = .utf16
    /// True once `initialize` has been answered.
    public private(set) var initialized = false
    /// True once `shutdown` has been answered.
    public private(set) var shutDown = false
    /// Set by `exit`: 0 after `shutdown`, 1 without. The connection stops when it is set.
    public private(set) var exitCode: Int32?

    /// Creates a server waiting for `initialize`.
    public init() {}

    /// The server's name and version in `initialize`'s result.
    public var serverVersion = "0"

    /// Handles one message (a request, a notification, or a response to us, which is ignored)
    /// and returns the messages to send: a response for a request, notifications for edits.
    public mutating func handle(_ message: JSONValue) -> [JSONValue] {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (we send none) or not a message at all.
            if case .object = message, message["result"] != nil || message["error"] != nil { return [] }
            return [
                JSONRPC.error(
                    id: message["id"] ?? .null, code: JSONRPCError.invalidRequest, message: "not a JSON-RPC request or notification")
            ]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            return notification(method, params: params)
        }
        switch id {
        case .number, .string: break
        default: return [JSONRPC.error(id: .null, code: JSONRPCError.invalidRequest, message: "id must be a number or a string")]
        }
        return [request(method, id: id, params: params)]
    }

    private mutating func request(_ method: String, id: JSONValue, params: JSONValue) -> JSONValue {
        if method == "initialize" {
            guard !initialized else {
                return JSONRPC.error(id: id, code: JSONRPCError.invalidRequest, message: "initialize was already received")
            }
            initialized = true
            encoding = Self.chooseEncoding(params)
            return JSONRPC.response(id: id, result: initializeResult())
        }
        guard initialized else {
            return JSONRPC.error(id: id, code: JSONRPCError.serverNotInitialized, message: "initialize must come first")
        }
        guard !shutDown else {
            return JSONRPC.error(id: id, code: JSONRPCError.invalidRequest, message: "the server is shutting down")
        }
        switch method {
        case "shutdown":
            shutDown = true
            documents = [:]
            return JSONRPC.response(id: id, result: .null)
        default:
            // Completion, hover, navigation, rename, code actions and symbols (LanguageServer+Features.swift).
            if let reply = featureRequest(method, id: id, params: params) { return reply }
            return JSONRPC.error(id: id, code: JSONRPCError.methodNotFound, message: "method not found: \(method)")
        }
    }

    private mutating func notification(_ method: String, params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitCode = shutDown ? 0 : 1
            return []
        }
        // Before `initialize` notifications are dropped; after `shutdown` only `exit` counts.
        guard initialized, !shutDown else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didClose": return didClose(params)
        // `initialized`, `$/cancelRequest` (every request is answered at once, so there is
        // never one to cancel), `$/setTrace` and unknown notifications: nothing to do.
        default: return []
        }
    }

    /// utf-8 when the client offers it (it costs no conversion), else the mandatory utf-16.
    static func chooseEncoding(_ params: JSONValue) -> PositionEncoding {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.items?.compactMap(\.string) ?? []
        return offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    private func initializeResult() -> JSONValue {
        let sync = JSONValue.object([
            JSONMember("openClose", .bool(true)),
            // 2: Incremental.
            JSONMember("change", .int(2)),
        ])
        let capabilities = JSONValue.object(
            [
                JSONMember("positionEncoding", .string(encoding.rawValue)),
                JSONMember("textDocumentSync", sync),
            ] + Self.featureCapabilities)
        let info = JSONValue.object([JSONMember("name", .string("checkout")), JSONMember("version", .string(serverVersion))])
        return .object([JSONMember("capabilities", capabilities), JSONMember("serverInfo", info)])
    }
}
