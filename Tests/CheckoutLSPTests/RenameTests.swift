import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// `textDocument/prepareRename` and `textDocument/rename` of stage ids.
@Suite("LSP rename")
struct RenameTests {
    static func rename(_ text: String, at needle: String, occurrence: Int = 0, offset: Int = 1, to name: String) -> JSONValue? {
        var server = Nav.server(text)
        let (line, character) = Nav.position(of: needle, in: text, occurrence: occurrence, offset: offset)
        return server.handle(LSPMessages.request(5, "textDocument/rename", Nav.at(line, character, [JSONMember("newName", .string(name))])))
            .first
    }

    static func renamed(_ text: String, at needle: String, occurrence: Int = 0, offset: Int = 1, to name: String) -> String? {
        guard let edits = rename(text, at: needle, occurrence: occurrence, offset: offset, to: name)?["result"]?["changes"]?[Nav.uri]?.items
        else { return nil }
        return Nav.apply(edits, to: text)
    }

    @Test("a stage id, from its definition: the id, its route, its translation; the flow still validates")
    func fromDefinition() throws {
        let text = try #require(Self.renamed(Nav.flow, at: "id: card", offset: 5, to: "cardScreen"))
        #expect(Nav.findings(text).isEmpty, "\(Nav.findings(text))")
        #expect(text.contains("- id: cardScreen\n"))
        #expect(text.contains("on: { declined: cardScreen }"))
        #expect(text.contains("      cardScreen: { title: Karte }"))
        // Only the stage id: the payment method `card` stays.
        #expect(text.contains("methods: [card]") && text.contains("paymentMethod == card"))
    }

    @Test("from a condition: outcome.<id> and the id")
    func fromCondition() throws {
        let text = try #require(Self.renamed(Nav.flow, at: "outcome.charge", offset: 9, to: "pay"))
        #expect(Nav.findings(text).isEmpty, "\(Nav.findings(text))")
        #expect(text.contains("- id: pay\n") && text.contains("when: outcome.pay == success"))
        #expect(!text.contains("charge"))
    }

    @Test("a stage whose id is its kind gets an id: line in a block, ', id:' in a flow mapping")
    func implicitIds() throws {
        let routed = Nav.flow.replacingOccurrences(of: "- kind: tokenize", with: "- kind: tokenize\n    on: { success: charge }")
            .replacingOccurrences(of: "- kind: createToken", with: "- kind: createToken\n    on: { success: tokenize }")
            .replacingOccurrences(of: "- kind: review", with: "- { kind: review, title: Check }")
        #expect(Nav.findings(routed).isEmpty, "\(Nav.findings(routed))")
        let block = try #require(Self.renamed(routed, at: "kind: tokenize", offset: 7, to: "tok"))
        #expect(block.contains("  - kind: tokenize\n    id: tok\n    on: { success: charge }"), "\(block)")
        #expect(block.contains("on: { success: tok }"))
        #expect(Nav.findings(block).isEmpty, "\(Nav.findings(block))")
        // CRLF line ends: the added line ends so too.
        let crlfText = routed.replacingOccurrences(of: "\n", with: "\r\n")
        var crlfServer = Nav.server(crlfText)
        let (cl, cc) = Nav.position(of: "kind: tokenize", in: routed, offset: 7)  // the LF text's lines: the same
        let crlfEdits = Nav.result(
            &crlfServer, "textDocument/rename", Nav.at(cl, cc, [JSONMember("newName", .string("tok"))]))?["changes"]?[Nav.uri]?.items
        let crlf = Nav.apply(try #require(crlfEdits), to: crlfText)
        #expect(crlf.contains("  - kind: tokenize\r\n    id: tok\r\n"))
        #expect(!crlf.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let flow = try #require(Self.renamed(routed, at: "kind: review", offset: 7, to: "check"))
        #expect(flow.contains("- { kind: review, id: check, title: Check }"), "\(flow)")
        #expect(Nav.findings(flow).isEmpty, "\(Nav.findings(flow))")
    }

    @Test("the scenario files beside the flow: every stage name in the scenarios that run it, nothing else")
    func scenarioFiles() throws {
        let folder = URL(fileURLWithPath: LSPTestFolder.freshPath("lsp-rename-"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            - name: declined then approved
              answers: a.yaml
              expect:
                sent: [{ operation: charge, stage: charge }]
                steps:
                  ran: [card, charge, card, "charge"]
                  visits: { charge: 2, card: 2 }
                  attempts: { charge: 2 }
                  outcomes: { charge: approved }
                  routes: [{ from: charge, "on": declined, to: card }]
            - name: another flow's charge
              flow: other.yaml
              answers: a.yaml
              expect: { steps: { ran: [charge] } }

            """
        try scenario.write(to: folder.appendingPathComponent("nav.scenarios.yaml"), atomically: true, encoding: .utf8)
        try scenario.write(to: folder.appendingPathComponent("other.scenarios.yaml"), atomically: true, encoding: .utf8)
        let uri = LSPMessages.fileURI(folder.appendingPathComponent("nav.yaml").path)
        var server = Nav.server(Nav.flow, uri: uri)
        let (line, character) = Nav.position(of: "id: charge", in: Nav.flow, offset: 5)
        let changes = try #require(
            Nav.result(&server, "textDocument/rename", Nav.at(line, character, uri: uri, [JSONMember("newName", .string("pay"))]))?[
                "changes"])
        guard case .object(let members) = changes else { throw Expected.object }
        let scenariosURI = URL(fileURLWithPath: folder.appendingPathComponent("nav.scenarios.yaml").path).absoluteString
        #expect(members.map(\.key) == [uri, scenariosURI])
        let edits = try #require(changes[scenariosURI]?.items)
        #expect(edits.count == 7)
        let renamed = Nav.apply(edits, to: scenario)
        #expect(
            renamed
                == scenario.replacingOccurrences(of: "charge", with: "pay").replacingOccurrences(
                    of: "operation: pay", with: "operation: charge"
                )
                .replacingOccurrences(of: "another flow's pay", with: "another flow's charge").replacingOccurrences(
                    of: "ran: [pay] }", with: "ran: [charge] }"))
        // References list the same places.
        let context = JSONMember("context", .object([JSONMember("includeDeclaration", .bool(false))]))
        let references = Nav.result(&server, "textDocument/references", Nav.at(line, character, uri: uri, [context]))?.items ?? []
        #expect(
            references.filter { $0["uri"] == .string(scenariosURI) }.map { Nav.range($0["range"]) } == edits.map { Nav.range($0["range"]) })
        // An open scenarios file is edited as the editor has it.
        let edited = scenario.replacingOccurrences(of: "- name: declined", with: "# moved down a line\n- name: declined")
        _ = server.handle(LSPMessages.didOpen(scenariosURI, edited))
        let again = Nav.result(&server, "textDocument/rename", Nav.at(line, character, uri: uri, [JSONMember("newName", .string("pay"))]))
        #expect(again?["changes"]?[scenariosURI]?.items?.map { Nav.range($0["range"])[0] }.min() == 4)
    }

    enum Expected: Error { case object }

    @Test("refused with a clear message: not an id, end, taken, '-' in a condition's name, null")
    func refusals() {
        func message(_ needle: String, _ offset: Int, _ name: String) -> String? {
            let reply = Self.rename(Nav.flow, at: needle, offset: offset, to: name)
            #expect(reply?["error"]?["code"] == .int(-32803), "\(name): \(String(describing: reply))")
            #expect(reply?["result"] == nil)
            return reply?["error"]?["message"]?.string
        }
        #expect(message("id: card", 5, "9lives")?.contains("is not a valid stage id") == true)
        #expect(message("id: card", 5, "my card")?.contains("is not a valid stage id") == true)
        #expect(message("id: card", 5, "end") == "'end' is reserved: a route to 'end' ends the run")
        #expect(message("id: card", 5, "charge") == "a stage already has the id 'charge'")
        #expect(message("id: card", 5, "null")?.contains("null") == true)
        #expect(message("id: charge", 5, "pay-now")?.contains("cannot contain '-'") == true)
        #expect(message("title: Navigation", 8, "x") == "there is no stage id here to rename")
        // '-' is fine for a stage no condition reads.
        #expect(Self.renamed(Nav.flow, at: "id: card", offset: 5, to: "card-screen").map { Nav.findings($0) } == [])
    }

    @Test("prepareRename: the id's range and name, or null off a stage id")
    func prepare() {
        var server = Nav.server(Nav.flow)
        let (line, character) = Nav.position(of: "declined: card", in: Nav.flow, offset: 11)
        let result = Nav.result(&server, "textDocument/prepareRename", Nav.at(line, character))
        #expect(Nav.range(result?["range"]) == [line, character - 1, line, character + 3])
        #expect(result?["placeholder"] == .string("card"))
        let (l2, c2) = Nav.position(of: "title: Navigation", in: Nav.flow, offset: 9)
        #expect(Nav.result(&server, "textDocument/prepareRename", Nav.at(l2, c2)) == .null)
    }
}
