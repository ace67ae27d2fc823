import CheckoutJSON
import CheckoutLSP
import Foundation

/// Messages for driving a `LanguageServer` in tests.
enum LSPMessages {
    static func request(_ id: Int, _ method: String, _ params: JSONValue = .object([])) -> JSONValue {
        .object([
            JSONMember("jsonrpc", .string("2.0")), JSONMember("id", .int(id)), JSONMember("method", .string(method)),
            JSONMember("params", params),
        ])
    }

    static func notification(_ method: String, _ params: JSONValue = .object([])) -> JSONValue {
        .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("method", .string(method)), JSONMember("params", params)])
    }

    static func initialize(_ id: Int = 1, encodings: [String]? = nil) -> JSONValue {
        var general: [JSONMember] = []
        if let encodings { general.append(JSONMember("positionEncodings", .array(encodings.map { .string($0) }))) }
        return request(
            id, "initialize",
            .object([
                JSONMember("processId", .null), JSONMember("rootUri", .null),
                JSONMember("capabilities", .object([JSONMember("general", .object(general))])),
            ]))
    }

    static func didOpen(_ uri: String, _ text: String, version: Int = 1) -> JSONValue {
        notification(
            "textDocument/didOpen",
            .object([
                JSONMember(
                    "textDocument",
                    .object([
                        JSONMember("uri", .string(uri)), JSONMember("languageId", .string("yaml")),
                        JSONMember("version", .int(version)), JSONMember("text", .string(text)),
                    ]))
            ]))
    }

    /// One incremental change: replace `(l1, c1)-(l2, c2)` with `text`.
    static func didChange(_ uri: String, version: Int, _ edits: [((Int, Int), (Int, Int), String)]) -> JSONValue {
        let changes: [JSONValue] = edits.map { start, end, text in
            .object([
                JSONMember(
                    "range",
                    .object([
                        JSONMember("start", LSPDiagnostics.json(LSPPosition(line: start.0, character: start.1))),
                        JSONMember("end", LSPDiagnostics.json(LSPPosition(line: end.0, character: end.1))),
                    ])),
                JSONMember("text", .string(text)),
            ])
        }
        return notification(
            "textDocument/didChange",
            .object([
                JSONMember("textDocument", .object([JSONMember("uri", .string(uri)), JSONMember("version", .int(version))])),
                JSONMember("contentChanges", .array(changes)),
            ]))
    }

    static func didClose(_ uri: String) -> JSONValue {
        notification("textDocument/didClose", .object([JSONMember("textDocument", .object([JSONMember("uri", .string(uri))]))]))
    }

    /// A server past `initialize` and `initialized`.
    static func initializedServer(encodings: [String]? = nil) -> LanguageServer {
        var server = LanguageServer()
        _ = server.handle(initialize(encodings: encodings))
        _ = server.handle(notification("initialized"))
        return server
    }

    static func fileURI(_ path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
}

extension JSONValue {
    var int: Int? {
        guard case .number(let n) = self else { return nil }
        return Int(n)
    }
}
