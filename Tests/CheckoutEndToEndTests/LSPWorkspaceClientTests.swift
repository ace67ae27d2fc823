import Foundation
import Testing

/// `checkout lsp` driven by pygls's client over a workspace (Support/lsp_client.py
/// --workspace): opening a base flow with a mistake publishes the diagnostics of the open flow
/// that extends it, a change to the base publishes those of the open scenarios file that runs
/// the child, and a scenarios file with a mistake gets its finding — each the same as
/// `checkout validate` or `checkout test` reports once the same texts are on the disk.
@Suite struct LSPWorkspaceClientTests {
    static let base = "flow: base\ndsl: 1\ntitle: Base\nrequest:\n  price: { amount: 5.00, currency: USD }\n  transactionType: auth\n"
    static let child = "extends: base.yaml\nflow: child\ndsl: 1\ntitle: Child\n"
    static let scenarios = """
        - name: authorized
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "01234" }
          expect:
            status: success
            steps: { ran: [authorize] }

        """
    static let mistake = "- name: typo\n  flow: child.yaml\n  expct: { status: success }\n"

    @Test func pyglsSeesDependentsRecheckedAndScenarioFindings() throws {
        let ws = try Workspace()
        try ws.write(Self.base, to: "base.yaml")
        let childPath = try ws.write(Self.child, to: "child.yaml")
        let scenariosPath = try ws.write(Self.scenarios, to: "child.scenarios.yaml")
        let broken = Self.base.replacingOccurrences(of: "USD", with: "EURO")
        let selling = Self.base.replacingOccurrences(of: "auth\n", with: "sale\n")
        try ws.write(broken, to: "BROKEN_BASE")
        try ws.write(selling, to: "SELLING_BASE")
        try ws.write(Self.mistake, to: "MISTAKE")
        guard let out = try LSPDriver.run("lsp_client.py", ["--workspace", CheckoutBinary.url.path, ws.url.path]) else { return }
        #expect(out["exitCode"] as? Int == 0)
        let child = try #require(out["child"] as? [String: [[String: Any]]])
        let scenarios = try #require(out["scenarios"] as? [String: [[String: Any]]])
        #expect(child["opened"]?.isEmpty == true)
        #expect(scenarios["opened"]?.isEmpty == true)

        // The child, once the base was opened broken: validate's finding with that base on disk.
        try ws.write(broken, to: "base.yaml")
        let validate = try CheckoutBinary.run(["validate", "--format", "json", childPath])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any])
        let want = try #require((report["diagnostics"] as? [[String: Any]])?.first)
        let got = try #require(child["afterBaseBroke"]?.first, "\(child)")
        #expect(child["afterBaseBroke"]?.count == 1)
        #expect(got["code"] as? String == "extends-base")
        #expect(
            got["message"] as? String == ([want["message"] as? String ?? ""] + (want["notes"] as? [String] ?? [])).joined(separator: "\n"))
        #expect(Self.start(got) == [(want["line"] as? Int ?? 0) - 1, (want["column"] as? Int ?? 0) - 1])

        // The scenarios file, once the base sold: checkout test's finding with that base on disk.
        try ws.write(selling, to: "base.yaml")
        let test = try CheckoutBinary.run(["test", scenariosPath])
        #expect(test.status == 2)
        let stage = try #require(scenarios["afterBaseSold"]?.first, "\(scenarios)")
        #expect(scenarios["afterBaseSold"]?.count == 1)
        #expect(stage["code"] as? String == "unknown-reference")
        let position = Self.start(stage)
        let line = "\(scenariosPath):\(position[0] + 1):\(position[1] + 1): error: \(Self.firstLine(stage)) [unknown-reference]"
        #expect((test.stdout + test.stderr).contains(line), "\(line)\n\(test.stdout)\(test.stderr)")

        // A scenarios file with a mistake: its finding, as checkout test reports it.
        let mistakePath = try ws.write(Self.mistake, to: "mistake.scenarios.yaml")
        let found = try #require(out["mistake"] as? [[String: Any]], "\(out)")
        // The misspelt `expect` (and so no `expect`), and no answers.
        #expect(found.contains { $0["code"] as? String == "unknown-key" }, "\(found)")
        let mistakeTest = try CheckoutBinary.run(["test", mistakePath])
        #expect(mistakeTest.status == 2)
        for d in found {
            let p = Self.start(d)
            let expected = "\(mistakePath):\(p[0] + 1):\(p[1] + 1): error: \(Self.firstLine(d)) [\(d["code"] as? String ?? "")]"
            #expect((mistakeTest.stdout + mistakeTest.stderr).contains(expected), "\(expected)\n\(mistakeTest.stdout)\(mistakeTest.stderr)")
        }
    }

    static func start(_ d: [String: Any]) -> [Int] {
        let s = (d["range"] as? [String: [String: Int]])?["start"] ?? [:]
        return [s["line"] ?? -1, s["character"] ?? -1]
    }

    static func firstLine(_ d: [String: Any]) -> String {
        String((d["message"] as? String ?? "").split(separator: "\n").first ?? "")
    }
}
