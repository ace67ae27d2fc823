import CheckoutJSON
import CheckoutLanguage
import Foundation
import Testing

@testable import CheckoutLSP

/// A change to a flow checks again the open flows that extend it (directly or through a chain)
/// and the open scenarios files that run it; flows not open are read from the disk, and an
/// open text wins over the disk.
@Suite("LSP workspace")
struct WorkspaceTests {
    /// The diagnostics published for each URI, in order.
    static func published(_ messages: [JSONValue]) -> [String: [JSONValue]] {
        var out: [String: [JSONValue]] = [:]
        for m in messages where m["method"] == .string("textDocument/publishDiagnostics") {
            guard let uri = m["params"]?["uri"]?.string else { continue }
            out[uri, default: []].append(m["params"]?["diagnostics"] ?? .null)
        }
        return out
    }

    static func codes(_ diagnostics: JSONValue?) -> [String] { diagnostics?.items?.compactMap { $0["code"]?.string } ?? [] }

    static func family() throws -> LSPTestFolder {
        let folder = try LSPTestFolder()
        try folder.write(FamilyFlows.base, to: "base.yaml")
        try folder.write(FamilyFlows.child, to: "child.yaml")
        try folder.write(FamilyFlows.scenarios, to: "child.scenarios.yaml")
        return folder
    }

    @Test("initialize takes the workspace folders, else rootUri")
    func folders() {
        var server = LanguageServer()
        let folders = JSONValue.array([.object([JSONMember("uri", .string("file:///w/a")), JSONMember("name", .string("a"))])])
        _ = server.handle(
            LSPMessages.request(
                1, "initialize",
                .object([
                    JSONMember("rootUri", .string("file:///w/root")), JSONMember("workspaceFolders", folders),
                    JSONMember("capabilities", .object([])),
                ])))
        #expect(server.workspaceFolders == ["/w/a"])
        var old = LanguageServer()
        _ = old.handle(
            LSPMessages.request(
                1, "initialize", .object([JSONMember("rootUri", .string("file:///w/r%20oot")), JSONMember("capabilities", .object([]))])))
        #expect(old.workspaceFolders == ["/w/r oot"])
    }

    @Test("a document that is not a file yet is checked as if in the first workspace folder")
    func untitledInFolder() throws {
        let folder = try Self.family()
        var server = LanguageServer()
        let folders = JSONValue.array([
            .object([JSONMember("uri", .string(LSPMessages.fileURI(folder.path))), JSONMember("name", .string("w"))])
        ])
        _ = server.handle(
            LSPMessages.request(
                1, "initialize", .object([JSONMember("workspaceFolders", folders), JSONMember("capabilities", .object([]))])))
        let found = server.handle(LSPMessages.didOpen("untitled:Untitled-1", FamilyFlows.child))
        #expect(found.first?["params"]?["diagnostics"] == .array([]))
        // And a change to the base it read checks it again.
        let changed = server.handle(LSPMessages.didOpen(folder.uri("base.yaml"), FamilyFlows.brokenBase))
        #expect(Self.codes(Self.published(changed)["untitled:Untitled-1"]?.last) == ["extends-base"])
        // Without a workspace folder its `extends:` is relative to the server's directory.
        var bare = LSPMessages.initializedServer()
        let missing = bare.handle(LSPMessages.didOpen("untitled:Untitled-1", FamilyFlows.child))
        #expect(Self.codes(missing.first?["params"]?["diagnostics"]) == ["extends-base"])
    }

    @Test("opening the base with a mistake publishes the child's extends-base error and the scenarios file's check")
    func baseOpenedBroken() throws {
        let folder = try Self.family()
        var server = LSPMessages.initializedServer()
        let child = folder.uri("child.yaml")
        let scenarios = folder.uri("child.scenarios.yaml")
        var out = server.handle(LSPMessages.didOpen(child, FamilyFlows.child))
        out += server.handle(LSPMessages.didOpen(scenarios, FamilyFlows.scenarios))
        #expect(Self.published(out)[child] == [.array([])])
        #expect(Self.published(out)[scenarios] == [.array([])])

        // The base, opened with a text that differs from the disk's: the open text wins.
        let base = folder.uri("base.yaml")
        out = server.handle(LSPMessages.didOpen(base, FamilyFlows.brokenBase))
        let after = Self.published(out)
        #expect(Self.codes(after[base]?.last) == ["invalid-currency"])
        #expect(Self.codes(after[child]?.last) == ["extends-base"])
        // The child does not compile, so the scenarios file's stages are not checked.
        #expect(after[scenarios]?.last == .array([]))

        // An edit that makes the base sell: the child compiles, without `authorize`.
        out = server.handle(LSPMessages.didChange(base, version: 2, [((0, 0), (100, 0), FamilyFlows.sellingBase)]))
        let sold = Self.published(out)
        #expect(sold[base]?.last == .array([]))
        #expect(sold[child]?.last == .array([]))
        let stage = try #require(sold[scenarios]?.last?.items?.first)
        #expect(stage["code"] == .string("unknown-reference"))
        #expect(stage["message"]?.string?.contains("has no stage 'authorize'") == true, "\(stage)")
        #expect(stage["range"]?["start"] == LSPDiagnostics.json(LSPPosition(line: 5, character: 19)))

        // Closing the base: the disk's text again, and every dependent is clean again.
        out = server.handle(LSPMessages.didClose(base))
        let closed = Self.published(out)
        #expect(closed[base] == [.array([])])
        #expect(closed[child] == [.array([])])
        #expect(closed[scenarios] == [.array([])])
    }

    @Test("a flow that is not open changes on disk: didChangeWatchedFiles checks its open dependents, through a chain")
    func watchedFiles() throws {
        let folder = try Self.family()
        // grandchild → child (not open) → base (not open)
        try folder.write("extends: child.yaml\nflow: grandchild\ndsl: 1\ntitle: Grandchild\n", to: "grandchild.yaml")
        var server = LSPMessages.initializedServer()
        let grandchild = folder.uri("grandchild.yaml")
        let unrelated = folder.uri("unrelated.yaml")
        var out = server.handle(LSPMessages.didOpen(grandchild, "extends: child.yaml\nflow: grandchild\ndsl: 1\ntitle: Grandchild\n"))
        out += server.handle(
            LSPMessages.didOpen(unrelated, "flow: unrelated\ndsl: 1\ntitle: U\nrequest: { price: { amount: 1, currency: USD } }\n"))
        #expect(Self.published(out)[grandchild] == [.array([])])

        try folder.write(FamilyFlows.brokenBase, to: "base.yaml")
        let change = LSPMessages.notification(
            "workspace/didChangeWatchedFiles",
            .object([
                JSONMember(
                    "changes", .array([.object([JSONMember("uri", .string(folder.uri("base.yaml"))), JSONMember("type", .int(2))])]))
            ]))
        out = server.handle(change)
        let after = Self.published(out)
        // Only the dependent is checked again; the unrelated flow is not.
        #expect(after.keys.sorted() == [grandchild])
        #expect(Self.codes(after[grandchild]?.last) == ["extends-base"])

        // Deleted: the child now extends a base that does not exist.
        try FileManager.default.removeItem(atPath: folder.path + "/base.yaml")
        out = server.handle(change)
        let message = Self.published(out)[grandchild]?.last?.items?.first?["message"]?.string ?? ""
        #expect(message.contains("has 1 error"), "\(message)")
    }

    @Test("an open file's change on disk changes nothing: its open text wins")
    func openTextWins() throws {
        let folder = try Self.family()
        var server = LSPMessages.initializedServer()
        _ = server.handle(LSPMessages.didOpen(folder.uri("child.yaml"), FamilyFlows.child))
        _ = server.handle(LSPMessages.didOpen(folder.uri("base.yaml"), FamilyFlows.base))
        try folder.write(FamilyFlows.brokenBase, to: "base.yaml")
        let out = server.handle(
            LSPMessages.notification(
                "workspace/didChangeWatchedFiles",
                .object([
                    JSONMember(
                        "changes", .array([.object([JSONMember("uri", .string(folder.uri("base.yaml"))), JSONMember("type", .int(2))])]))
                ])))
        #expect(out.isEmpty)
        // And an edit to the child still reads the open base, not the broken disk copy.
        let edited = server.handle(LSPMessages.didChange(folder.uri("child.yaml"), version: 2, [((3, 7), (3, 12), "Kid")]))
        #expect(edited.first?["params"]?["diagnostics"] == .array([]))
    }

    @Test("over a connection, checks waiting at shutdown read the open texts: a piped session's scenarios file sees the open base")
    func checksAfterShutdownSeeOpenTexts() throws {
        let folder = try Self.family()
        let checks = ManualExecutor()
        var input = [
            [
                LSPMessages.initialize(), LSPMessages.didOpen(folder.uri("child.scenarios.yaml"), FamilyFlows.scenarios),
                LSPMessages.didOpen(folder.uri("base.yaml"), FamilyFlows.sellingBase), LSPMessages.request(2, "shutdown"),
                LSPMessages.notification("exit"),
            ].flatMap(MessageFramer.frame)
        ]
        var written: [UInt8] = []
        var connection = LSPConnection(read: { input.isEmpty ? [] : input.removeFirst() }, write: { written += $0 }, checks: checks)
        #expect(connection.run() == 0)
        var framer = MessageFramer()
        framer.append(written)
        var out: [JSONValue] = []
        while case .message(let m) = framer.next() { out.append(m) }
        let stage = Self.published(out)[folder.uri("child.scenarios.yaml")]?.last?.items?.first
        #expect(stage?["message"]?.string?.contains("has no stage 'authorize'") == true, "\(out)")
    }

    @Test("a request's compile reads the open texts too (what code actions and hover see)")
    func requestsSeeOpenTexts() throws {
        let folder = try Self.family()
        var server = LSPMessages.initializedServer()
        _ = server.handle(LSPMessages.didOpen(folder.uri("base.yaml"), FamilyFlows.brokenBase))
        let child = folder.path + "/child.yaml"
        let compiled = server.compileFlow(FamilyFlows.child, uri: folder.uri("child.yaml"), path: child)
        #expect(compiled.diagnostics.map(\.rule.rawValue) == ["extends-base"])
        #expect(LanguageServer.isFlow(child, text: FamilyFlows.child))
        #expect(!LanguageServer.isFlow(folder.path + "/child.scenarios.yaml", text: FamilyFlows.scenarios))
    }

    @Test("initialized registers a watcher for YAML files when the client can register them")
    func registersWatchers() throws {
        var server = LanguageServer()
        let capabilities = JSONValue.object([
            JSONMember(
                "workspace",
                .object([JSONMember("didChangeWatchedFiles", .object([JSONMember("dynamicRegistration", .bool(true))]))]))
        ])
        _ = server.handle(LSPMessages.request(1, "initialize", .object([JSONMember("capabilities", capabilities)])))
        let out = server.handle(LSPMessages.notification("initialized"))
        let request = try #require(out.first)
        #expect(request["method"] == .string("client/registerCapability"))
        let registration = try #require(request["params"]?["registrations"]?.items?.first)
        #expect(registration["method"] == .string("workspace/didChangeWatchedFiles"))
        #expect(registration["registerOptions"]?["watchers"]?.items?.first?["globPattern"] == .string("**/*.{yaml,yml}"))
        // The client's answer is a response: nothing comes back.
        #expect(
            server.handle(
                .object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", request["id"] ?? .null), JSONMember("result", .null)])
            ).isEmpty)
        // A client that cannot: nothing sent.
        var plain = LSPMessages.initializedServer()
        #expect(plain.handle(LSPMessages.notification("initialized")).isEmpty)
    }
}
