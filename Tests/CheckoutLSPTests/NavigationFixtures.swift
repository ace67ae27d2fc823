import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation

/// Flows and helpers for the completion, hover, navigation, rename, code action and symbol tests.
enum Nav {
    /// A flow that validates clean, with stage ids named by routes, a condition and a translation.
    static let flow = """
        flow: nav
        dsl: 1
        title: Navigation
        request:
          price: { amount: 10.00, currency: USD }
        screens:
          - kind: paymentMethod
            methods: [card]
          - id: card
            kind: creditCard
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
          - id: charge
            kind: sale
            on: { declined: card }
          - id: thanks
            kind: storeShopper
            when: outcome.charge == success and paymentMethod == card
        translations:
          de:
            screens:
              card: { title: Karte }

        """

    static let uri = "file:///tmp/checkout-lsp-nav/nav.yaml"

    /// A server with `text` open at `uri`.
    static func server(_ text: String, uri: String = Nav.uri, encodings: [String]? = nil) -> LanguageServer {
        var server = LSPMessages.initializedServer(encodings: encodings)
        _ = server.handle(LSPMessages.didOpen(uri, text))
        return server
    }

    /// The result of request `method` with `params`.
    static func result(_ server: inout LanguageServer, _ method: String, _ params: JSONValue) -> JSONValue? {
        server.handle(LSPMessages.request(99, method, params)).first?["result"]
    }

    /// `{"textDocument": {"uri"}, "position": {…}}`.
    static func at(_ line: Int, _ character: Int, uri: String = Nav.uri, _ extra: [JSONMember] = []) -> JSONValue {
        .object(
            [
                JSONMember("textDocument", .object([JSONMember("uri", .string(uri))])),
                JSONMember("position", LSPDiagnostics.json(LSPPosition(line: line, character: character))),
            ] + extra)
    }

    /// The 0-based line and character of the `n`th (0-based) occurrence of `needle` in `text`
    /// (characters in UTF-16 units), plus `offset` characters.
    static func position(of needle: String, in text: String, occurrence n: Int = 0, offset: Int = 0) -> (Int, Int) {
        var found = 0
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            var rest = Substring(line)
            var consumed = 0
            while let r = rest.range(of: needle) {
                let column = consumed + rest[..<r.lowerBound].utf16.count
                if found == n { return (i, column + offset) }
                found += 1
                consumed = column + needle.utf16.count
                rest = rest[r.upperBound...]
            }
        }
        return (-1, -1)
    }

    /// `[startLine, startCharacter, endLine, endCharacter]`.
    static func range(_ value: JSONValue?) -> [Int] {
        [value?["start"]?["line"], value?["start"]?["character"], value?["end"]?["line"], value?["end"]?["character"]].map {
            $0?.int ?? -1
        }
    }

    /// `text` with `edits` (LSP `TextEdit`s, UTF-16) applied, last first as an editor does.
    static func apply(_ edits: [JSONValue], to text: String) -> String {
        var document = TextDocument(text: text, version: 0)
        let sorted = edits.sorted { range($0["range"]).lexicographicallyPrecedes(range($1["range"])) }.reversed()
        for edit in sorted {
            let r = range(edit["range"])
            document.replace(
                from: LSPPosition(line: r[0], character: r[1]), to: LSPPosition(line: r[2], character: r[3]),
                with: edit["newText"]?.string ?? "", encoding: .utf16)
        }
        return document.text
    }

    /// (rule, message) of each finding of `text`.
    static func findings(_ text: String, file: String? = nil) -> [String] {
        FlowCompiler.compile(text, file: file).diagnostics.map { "\($0.rule.rawValue): \($0.message)" }
    }
}
