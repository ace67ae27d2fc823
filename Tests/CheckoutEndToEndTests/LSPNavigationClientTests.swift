import Foundation
import Testing

/// Issue 23's done-when, driven by a real third-party client, pygls 2.1.1's `LanguageClient`
/// (Support/lsp_nav_client.py, in the environment `.ci/test` installs): a flow with ten
/// mistakes (ten rules) publishes exactly `checkout validate --format json`'s ten findings; one
/// code action's edit, applied by the client, removes its finding and only it; completion after
/// a route key offers the stage ids; hover, references and the outline answer on a stage; a
/// rename's edits give a flow that validates clean with the new id in every route and
/// condition, and a scenario file that still passes; go to definition on `extends:` gives the
/// base's URI.
@Suite struct LSPNavigationClientTests {
    static let support = LSPDriver.support

    @Test func pyglsFixesCompletesRenamesAndGoesToTheBase() throws {
        let ws = try Workspace()
        let lsp = Self.support.appendingPathComponent("lsp")
        var files: [String: String] = [:]
        for name in ["ten-mistakes.yaml", "nav.yaml", "nav-base.yaml", "nav.scenarios.yaml"] {
            files[name] = try ws.write(String(contentsOf: lsp.appendingPathComponent(name), encoding: .utf8), to: name)
        }
        let mistakes = try #require(files["ten-mistakes.yaml"]), flow = try #require(files["nav.yaml"])
        let text = try String(contentsOfFile: flow, encoding: .utf8)
        let script: [String: Any] = [
            "checkout": CheckoutBinary.url.path, "mistakes": mistakes, "flow": flow,
            "routeAt": Self.position(of: "declined: ", in: text, after: true),
            "renameAt": Self.position(of: "id: charge", in: text, plus: 5), "newName": "pay",
            "extendsAt": Self.position(of: "nav-base", in: text, plus: 2),
        ]
        let scriptPath = try ws.write(
            String(decoding: try JSONSerialization.data(withJSONObject: script), as: UTF8.self), to: "script.json")
        guard let out = try LSPDriver.run("lsp_nav_client.py", [scriptPath]) else { return }
        #expect(out["exitCode"] as? Int == 0)

        // Ten mistakes, ten rules, each as validate reports it.
        let validate = try CheckoutBinary.run(["validate", "--format", "json", mistakes])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any])
        let expected = try #require(report["diagnostics"] as? [[String: Any]])
        let published = try #require(out["mistakes"] as? [[String: Any]])
        #expect(expected.count == 10)
        #expect(Set(expected.compactMap { $0["rule"] as? String }).count == 10)
        #expect(published.count == expected.count)
        let mistakesText = try String(contentsOfFile: mistakes, encoding: .utf8)
        for (got, want) in zip(published, expected) {
            let message = ([want["message"] as? String ?? ""] + (want["notes"] as? [String] ?? [])).joined(separator: "\n")
            #expect(got["message"] as? String == message)
            #expect(got["code"] as? String == want["rule"] as? String)
            #expect(LSPClientTests.range(got) == LSPClientTests.expectedRange(want, text: mistakesText), "\(want)")
        }

        // The first code action (the flow id's did-you-mean): its finding goes, the nine others stay.
        let actions = try #require(out["actions"] as? [[String: Any]])
        // One for each finding with a suggestion: not dsl-version, unsupported-locale, out-of-range.
        #expect(
            actions.compactMap { $0["title"] as? String } == [
                "Change to 'nav-flow'", "Change to 'USD'", "Change to 'true'", "Change to 'US'", "Change to 'exponential'",
                "Change to 'card'", "Change to 'paymentMethod'",
            ])
        #expect(actions.first?["title"] as? String == "Change to 'nav-flow'")
        let fixed = try #require(out["fixed"] as? [[String: Any]])
        let codes = { (list: [[String: Any]]) in list.compactMap { $0["code"] as? String } }
        #expect(codes(fixed) == Array(codes(published).dropFirst()))
        #expect((out["fixedText"] as? String)?.contains("flow: nav-flow\n") == true)

        // Completion after a route key: the stage ids, then end.
        let labels = (out["completion"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["paymentMethod", "card", "review", "createToken", "tokenize", "charge", "thanks", "end"])

        // Hover and references on `charge`, and the outline.
        let hover = (out["hover"] as? [String: Any])?["contents"] as? [String: Any]
        #expect((hover?["value"] as? String)?.hasPrefix("**step `charge`** (`sale`)") == true, "\(hover ?? [:])")
        // In the flow (its id, a route, a condition), then in its scenario file (ran ×2, visits, routes).
        let references = out["references"] as? [[String: Any]] ?? []
        let flowURI = URL(fileURLWithPath: flow).absoluteString
        let scenariosURI = URL(fileURLWithPath: try #require(files["nav.scenarios.yaml"])).absoluteString
        #expect(
            references.compactMap { $0["uri"] as? String } == Array(repeating: flowURI, count: 3) + Array(repeating: scenariosURI, count: 4)
        )
        #expect(references.map { LSPClientTests.range($0)[0] } == [15, 14, 20, 10, 10, 11, 12], "\(references)")
        let symbols = out["symbols"] as? [[String: Any]] ?? []
        let steps = symbols.first { $0["name"] as? String == "steps" }?["children"] as? [[String: Any]] ?? []
        #expect(steps.compactMap { $0["name"] as? String } == ["createToken", "tokenize", "charge", "thanks"])

        // The rename: the flow validates clean, with the new id in every route and condition.
        let renamed = try #require(out["renamedText"] as? String)
        #expect(
            renamed.contains("id: pay\n") && renamed.contains("on: { success: pay }") && renamed.contains("when: outcome.pay == success"))
        #expect(!renamed.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined().contains("charge"))
        let before = try CheckoutBinary.run(["test", try #require(files["nav.scenarios.yaml"])])
        #expect(before.status == 0, "\(before.stdout)\(before.stderr)")
        let renamedPath = try ws.write(renamed, to: "nav.yaml")
        let check = try CheckoutBinary.run(["validate", renamedPath])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // …and its scenario file names the stage `pay` too, and still passes.
        let others = try #require(out["renamedOthers"] as? [String: String])
        #expect(Array(others.keys) == [scenariosURI])
        let scenarios = try #require(others[scenariosURI])
        #expect(
            scenarios.contains("ran: [card, pay, card, pay, thanks]") && scenarios.contains("{ from: pay, \"on\": declined, to: card }"))
        try ws.write(scenarios, to: "nav.scenarios.yaml")
        let after = try CheckoutBinary.run(["test", try #require(files["nav.scenarios.yaml"])])
        #expect(after.status == 0 && after.stdout.contains("1 passed, 0 failed"), "\(after.stdout)\(after.stderr)")

        // extends: the base's URI, at its start.
        let definition = try #require(out["definition"] as? [String: Any], "\(out["definition"] ?? "nil")")
        #expect(definition["uri"] as? String == URL(fileURLWithPath: try #require(files["nav-base.yaml"])).absoluteString)
    }

    /// `[line, character]` (0-based, UTF-16) of `needle` in `text`: its start plus `plus`, or its end.
    static func position(of needle: String, in text: String, plus: Int = 0, after: Bool = false) -> [Int] {
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if let r = line.range(of: needle) {
                return [i, line[..<(after ? r.upperBound : r.lowerBound)].utf16.count + plus]
            }
        }
        return [-1, -1]
    }
}
