import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// `textDocument/definition` and `textDocument/references` for stage ids and `extends:`.
@Suite("LSP go to definition and references")
struct NavigationTests {
    static func definition(_ text: String, at needle: String, occurrence: Int = 0, offset: Int = 1, uri: String = Nav.uri) -> JSONValue? {
        var server = Nav.server(text, uri: uri)
        let (line, character) = Nav.position(of: needle, in: text, occurrence: occurrence, offset: offset)
        return Nav.result(&server, "textDocument/definition", Nav.at(line, character, uri: uri))
    }

    static func references(_ text: String, at needle: String, occurrence: Int = 0, offset: Int = 1, declaration: Bool) -> [[Int]] {
        var server = Nav.server(text)
        let (line, character) = Nav.position(of: needle, in: text, occurrence: occurrence, offset: offset)
        let context = JSONMember("context", .object([JSONMember("includeDeclaration", .bool(declaration))]))
        let result = Nav.result(&server, "textDocument/references", Nav.at(line, character, [context]))
        return result?.items?.map { Nav.range($0["range"]) } ?? []
    }

    /// Where `needle` is: `[line, start, line, end]`.
    static func span(_ needle: String, in text: String, occurrence: Int = 0) -> [Int] {
        let (line, character) = Nav.position(of: needle, in: text, occurrence: occurrence)
        return [line, character, line, character + needle.utf16.count]
    }

    @Test("a route target, an outcome.<id> in a condition and a translated screen go to the stage's id")
    func definitions() {
        let card = Self.span("card", in: Nav.flow, occurrence: 1)  // `- id: card`
        #expect(Nav.range(Self.definition(Nav.flow, at: "declined: card", offset: 12)?["range"]) == card)
        #expect(Self.definition(Nav.flow, at: "declined: card", offset: 12)?["uri"] == .string(Nav.uri))
        #expect(Nav.range(Self.definition(Nav.flow, at: "card: { title", offset: 0)?["range"]) == card)
        let charge = Self.span("charge", in: Nav.flow)
        #expect(Nav.range(Self.definition(Nav.flow, at: "outcome.charge", offset: 10)?["range"]) == charge)
        // On the id itself: the same place.
        #expect(Nav.range(Self.definition(Nav.flow, at: "id: charge", offset: 6)?["range"]) == charge)
        // Not stage ids: a payment method in a list or in a condition, a key.
        #expect(Self.definition(Nav.flow, at: "[card]", offset: 2) == .null)
        #expect(Self.definition(Nav.flow, at: "== card", offset: 4) == .null)
        #expect(Self.definition(Nav.flow, at: "title: Navigation", offset: 2) == .null)
    }

    @Test("references: every route, condition and translation naming the id, and its definition when asked")
    func references() {
        let text = Nav.flow
        let card = Self.span("card", in: text, occurrence: 1)
        let route = Self.span("card", in: text, occurrence: 2)
        let translation = Self.span("card", in: text, occurrence: 4)
        #expect(Self.references(text, at: "id: card", offset: 5, declaration: true) == [card, route, translation])
        #expect(Self.references(text, at: "declined: card", offset: 11, declaration: false) == [route, translation])
        let charge = Self.span("charge", in: text)
        let condition = Self.span("charge", in: text, occurrence: 1)
        #expect(Self.references(text, at: "outcome.charge", offset: 9, declaration: true) == [charge, condition])
    }

    @Test("document highlight: the id written (3) and every place reading it (2)")
    func highlights() {
        var server = Nav.server(Nav.flow)
        let (line, character) = Nav.position(of: "outcome.charge", in: Nav.flow, offset: 9)
        let result = Nav.result(&server, "textDocument/documentHighlight", Nav.at(line, character))?.items ?? []
        #expect(
            result.map { Nav.range($0["range"]) } == [Self.span("charge", in: Nav.flow), Self.span("charge", in: Nav.flow, occurrence: 1)])
        #expect(result.map { $0["kind"] } == [.int(3), .int(2)])
        let (l2, c2) = Nav.position(of: "title: Navigation", in: Nav.flow)
        #expect(Nav.result(&server, "textDocument/documentHighlight", Nav.at(l2, c2)) == .array([]))
    }

    @Test("a quoted target, a folded condition and a stage whose id is its kind")
    func writtenOtherwise() {
        let text = Nav.flow
            .replacingOccurrences(of: "declined: card", with: "declined: \"card\"")
            .replacingOccurrences(
                of: "when: outcome.charge == success and paymentMethod == card",
                with: "when: >-\n      paymentMethod == card and\n      outcome.charge == success"
            )
            .replacingOccurrences(of: "- kind: tokenize", with: "- kind: tokenize\n    on: { success: charge }")
            .replacingOccurrences(of: "id: thanks", with: "id: thanks\n    on: { success: tokenize }")
        #expect(Nav.findings(text).allSatisfy { !$0.hasPrefix("unknown") }, "\(Nav.findings(text))")
        let card = Self.span("card", in: text, occurrence: 1)
        let quoted = Self.span("card", in: text, occurrence: 2)
        #expect(Self.references(text, at: "id: card", offset: 5, declaration: false).first == quoted)
        #expect(Nav.range(Self.definition(text, at: "\"card\"", offset: 2)?["range"]) == card)
        let folded = Self.span("charge", in: text, occurrence: 2)
        #expect(Self.references(text, at: "id: charge", offset: 5, declaration: false).contains(folded))
        // `kind: tokenize` is the stage `tokenize`: a route to it finds it.
        let kind = Self.span("tokenize", in: text)
        #expect(Nav.range(Self.definition(text, at: "success: tokenize", offset: 10)?["range"]) == kind)
        #expect(
            Self.references(text, at: "kind: tokenize", offset: 7, declaration: true) == [
                kind, Self.span("tokenize", in: text, occurrence: 1),
            ])
    }

    @Test("extends: the base file (resolved next to this one), and the open flows that extend it")
    func extends() throws {
        let folder = URL(fileURLWithPath: LSPTestFolder.freshPath("lsp-nav-"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bases"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("bases/base flow.yaml")
        try Nav.flow.write(to: base, atomically: true, encoding: .utf8)
        let child = "flow: child\ndsl: 1\nextends: bases/base flow.yaml\n"
        let childURI = LSPMessages.fileURI(folder.appendingPathComponent("child.yaml").path)
        let result = Self.definition(child, at: "bases/", offset: 3, uri: childURI)
        #expect(result?["uri"] == .string(URL(fileURLWithPath: base.path).absoluteString))
        #expect(result?["uri"]?.string?.contains("base%20flow.yaml") == true)
        #expect(Nav.range(result?["range"]) == [0, 0, 0, 0])
        // A name that does not resolve: nothing to go to.
        #expect(Self.definition("flow: child\ndsl: 1\nextends: nowhere.yaml\n", at: "nowhere", uri: childURI) == .null)
        // `..` is resolved too.
        let up = "flow: up\ndsl: 1\nextends: ../base flow.yaml\n"
        let upURI = LSPMessages.fileURI(folder.appendingPathComponent("bases/sub/up.yaml").path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bases/sub"), withIntermediateDirectories: true)
        #expect(Self.definition(up, at: "../", uri: upURI)?["uri"] == result?["uri"])

        // Hover names the file; completion after `extends:` offers the flows in the folder.
        var hovering = Nav.server(child, uri: childURI)
        let (hl, hc) = Nav.position(of: "bases/", in: child, offset: 2)
        let hover = Nav.result(&hovering, "textDocument/hover", Nav.at(hl, hc, uri: childURI))?["contents"]?["value"]?.string
        #expect(hover == "**extends** `bases/base flow.yaml`: this flow starts from the settings of `\(base.path)`")
        try "".write(to: folder.appendingPathComponent("bases/x.scenarios.yaml"), atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("bases/other.yaml"), atomically: true, encoding: .utf8)
        let inBases = LSPMessages.fileURI(folder.appendingPathComponent("bases/new.yaml").path)
        var completing = Nav.server("flow: new\ndsl: 1\nextends: ", uri: inBases)
        let offered = Nav.result(&completing, "textDocument/completion", Nav.at(2, 9, uri: inBases))?.items ?? []
        #expect(offered.compactMap { $0["label"]?.string } == ["base flow.yaml", "other.yaml"])

        var server = Nav.server(child, uri: childURI)
        _ = server.handle(LSPMessages.didOpen(upURI, up))
        let (line, character) = Nav.position(of: "bases/", in: child)
        let context = JSONMember("context", .object([JSONMember("includeDeclaration", .bool(true))]))
        let references = Nav.result(&server, "textDocument/references", Nav.at(line, character, uri: childURI, [context]))?.items ?? []
        // The base first, then each open flow extending it, by URI.
        #expect(references.map { $0["uri"]?.string ?? "" } == [result?["uri"]?.string ?? "?"] + [upURI, childURI].sorted())
    }
}

/// Positions after non-ASCII text on the same line, in UTF-16 and UTF-8, and CRLF line ends.
@Suite("LSP navigation positions")
struct NavigationPositionTests {
    static let text = Nav.flow.replacingOccurrences(
        of: "when: outcome.charge == success and paymentMethod == card",
        with: "when: billing.city != \"Zürich 😀\" or outcome.charge == success")

    @Test("outcome.<id> after 'ü' and an emoji: UTF-16 units, or UTF-8 bytes when agreed")
    func encodings() throws {
        let lines = Self.text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("Zürich") })
        let prefix = try #require(lines[line].components(separatedBy: "outcome.").first) + "outcome."
        for (encoding, width) in [("utf-16", prefix.utf16.count), ("utf-8", prefix.utf8.count)] {
            var server = LSPMessages.initializedServer(encodings: [encoding])
            _ = server.handle(LSPMessages.didOpen(Nav.uri, Self.text))
            let context = JSONMember("context", .object([JSONMember("includeDeclaration", .bool(false))]))
            let (l, c) = Nav.position(of: "id: charge", in: Self.text, offset: 5)
            let references = Nav.result(&server, "textDocument/references", Nav.at(l, c, [context]))?.items ?? []
            #expect(references.map { Nav.range($0["range"]) } == [[line, width, line, width + 6]], "\(encoding)")
            // And back: the definition from that place, in the same units.
            let definition = Nav.result(&server, "textDocument/definition", Nav.at(line, width + 2))
            #expect(Nav.range(definition?["range"]) == [l, 8, l, 14], "\(encoding)")
        }
    }

    @Test("a document with CRLF line ends: definition, references and completion")
    func crlf() {
        let text = Nav.flow.replacingOccurrences(of: "\n", with: "\r\n")
        var server = Nav.server(text)
        let (l, c) = Nav.position(of: "declined: card", in: Nav.flow, offset: 11)
        let definition = Nav.result(&server, "textDocument/definition", Nav.at(l, c))
        let (dl, dc) = Nav.position(of: "id: card", in: Nav.flow, offset: 4)
        #expect(Nav.range(definition?["range"]) == [dl, dc, dl, dc + 4])
        let typing = Nav.flow.replacingOccurrences(of: "on: { declined: card }", with: "on: { declined: ")
            .replacingOccurrences(of: "\n", with: "\r\n")
        var typed = Nav.server(typing)
        let (tl, tc) = Nav.position(of: "declined: ", in: typing.replacingOccurrences(of: "\r\n", with: "\n"), offset: 10)
        let labels = Nav.result(&typed, "textDocument/completion", Nav.at(tl, tc))?.items?.compactMap { $0["label"]?.string }
        #expect(labels == ["paymentMethod", "card", "review", "createToken", "tokenize", "charge", "thanks", "end"])
    }
}
