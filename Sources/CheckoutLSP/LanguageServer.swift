public import CheckoutJSON

/// The language server's state and its dispatcher: each message in, the messages to send back
/// out. No I/O here (`LSPConnection` reads and writes), so tests drive it message by message.
///
/// `receive` changes the state at once (documents, the life cycle) and answers what needs no
/// work; the work — checking a document, answering a request — becomes jobs (`takeJobs`) that
/// `LSPConnection` runs off the reading loop. `handle` runs them at once, in order.
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
    /// The workspace folders (paths) from `initialize` (`workspaceFolders`, else `rootUri`).
    public internal(set) var workspaceFolders: [String] = []
    /// Whether the client can register the file watchers (`initialize`'s capabilities).
    var canWatchFiles = false
    /// What the reading loop shares with the jobs.
    let shared = SharedState()
    /// Jobs made by `receive`, not yet taken.
    var jobs: [LSPJob] = []

    /// Creates a server waiting for `initialize`.
    public init() {}

    /// The server's name and version in `initialize`'s result.
    public var serverVersion = "0"

    /// Handles one message and runs the work it made at once: the messages to send, in order
    /// (a response for a request, diagnostics for an edit).
    public mutating func handle(_ message: JSONValue) -> [JSONValue] {
        receive(message) + takeJobs().flatMap { $0.run() }
    }

    /// Handles one message (a request, a notification, or a response to us, which is ignored):
    /// returns the messages to send now; the work it made waits in `takeJobs()`.
    public mutating func receive(_ message: JSONValue) -> [JSONValue] {
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (the file watchers' registration) or not a message.
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
        if method == "initialize" || method == "shutdown" || !initialized || shutDown {
            // The life cycle changes the state now; the answer goes out after those of the
            // requests still waiting, in the order they came.
            let response = request(method, id: id, params: params)
            jobs.append(LSPJob(kind: .request) { [response] })
            return []
        }
        // Answered off the reading loop, on the state as it is now; `$/cancelRequest` can
        // cancel it until it starts.
        let key = id.serialized()
        shared.addPending(key)
        var snapshot = self
        snapshot.jobs = []
        jobs.append(
            LSPJob(kind: .request) { [shared, snapshot] in
                guard shared.start(key) else { return [] }
                var server = snapshot
                return [server.request(method, id: id, params: params)]
            })
        return []
    }

    /// The jobs `receive` made, oldest first; they are the caller's to run.
    public mutating func takeJobs() -> [LSPJob] {
        defer { jobs = [] }
        return jobs
    }

    private mutating func request(_ method: String, id: JSONValue, params: JSONValue) -> JSONValue {
        if method == "initialize" {
            guard !initialized else {
                return JSONRPC.error(id: id, code: JSONRPCError.invalidRequest, message: "initialize was already received")
            }
            initialized = true
            encoding = Self.chooseEncoding(params)
            takeWorkspace(params)
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
            // The documents stay: checks still waiting finish, on the texts they were given (a
            // client piping flows in and shutting down at once gets their diagnostics).
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
        case "initialized": return registerWatchers()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        case "$/cancelRequest": return cancel(params)
        // `$/setTrace` and unknown notifications: nothing to do.
        default: break
        }
        return []
    }

    /// `$/cancelRequest`: a request still waiting is answered RequestCancelled now (and never
    /// runs); one already answered or running keeps its answer.
    private func cancel(_ params: JSONValue) -> [JSONValue] {
        guard let id = params["id"], shared.cancel(id.serialized()) else { return [] }
        return [JSONRPC.error(id: id, code: JSONRPCError.requestCancelled, message: "the request was cancelled")]
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
        let folders = JSONValue.object([JSONMember("supported", .bool(true)), JSONMember("changeNotifications", .bool(true))])
        let capabilities = JSONValue.object(
            [
                JSONMember("positionEncoding", .string(encoding.rawValue)),
                JSONMember("textDocumentSync", sync),
                JSONMember("workspace", .object([JSONMember("workspaceFolders", folders)])),
            ] + Self.featureCapabilities)
        let info = JSONValue.object([JSONMember("name", .string("checkout")), JSONMember("version", .string(serverVersion))])
        return .object([JSONMember("capabilities", capabilities), JSONMember("serverInfo", info)])
    }
}

/// Work the server made: checking a document, or answering a request. `run` returns the
/// messages to send; a job of a superseded check or a cancelled request returns none.
public struct LSPJob: Sendable {
    /// Which executor runs it.
    public enum Kind: Sendable { case check, request }
    /// Which executor runs it.
    public let kind: Kind
    /// The document a check is of (its URI); nil for a request.
    public let document: String?
    /// Does the work.
    public let run: @Sendable () -> [JSONValue]

    init(kind: Kind, document: String? = nil, run: @escaping @Sendable () -> [JSONValue]) {
        self.kind = kind
        self.document = document
        self.run = run
    }
}
