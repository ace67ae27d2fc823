public import CheckoutJSON

/// JSON-RPC 2.0 and LSP error codes.
public enum JSONRPCError {
    /// The header or the body could not be read as JSON.
    public static let parseError = -32700
    /// JSON, but not a request, a notification or a response.
    public static let invalidRequest = -32600
    /// No such method.
    public static let methodNotFound = -32601
    /// The parameters are missing or of the wrong type.
    public static let invalidParams = -32602
    /// A request before `initialize`.
    public static let serverNotInitialized = -32002
    /// The request was cancelled by `$/cancelRequest` before it was answered.
    public static let requestCancelled = -32800
}

/// Builders of the JSON-RPC messages the server sends.
public enum JSONRPC {
    /// A successful response.
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("result", result)])
    }

    /// An error response (`id` is null when the request's id could not be read).
    public static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        let error = JSONValue.object([JSONMember("code", .int(code)), JSONMember("message", .string(message))])
        return .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("error", error)])
    }

    /// A notification.
    public static func notification(method: String, params: JSONValue) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("method", .string(method)), JSONMember("params", params)])
    }
}

extension JSONValue {
    /// An integer number's value.
    var intValue: Int? {
        guard case .number(let n) = self else { return nil }
        return Int(n)
    }
}
