import Foundation
import Testing

/// Shell completion (`checkout --generate-completion-script bash`) completes files where a
/// command takes one (issue 20: `checkout run flows/st<TAB>` gave nothing), driven the way
/// bash drives it: the script's function called with COMP_WORDS, COMPREPLY read back.
@Suite struct CompletionTests {
    func complete(_ words: [String]) throws -> [String] {
        let ws = try Workspace()
        let script = try CheckoutBinary.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let path = try ws.write(script.stdout, to: "checkout.bash")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            shopt -s extglob
            export PATH="\(CheckoutBinary.url.deletingLastPathComponent().path):$PATH"
            source '\(path)'
            fn=$(complete -p checkout | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            "$fn" checkout "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try CheckoutBinary.run(["-c", driver], program: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func aFlowArgumentCompletesFlowFiles() throws {
        #expect(
            try complete(["checkout", "run", "flows/st"]) == ["flows/standard-checkout.scenarios.yaml", "flows/standard-checkout.yaml"])
        #expect(try complete(["checkout", "graph", "flows/three"]).contains("flows/three-d-secure.yaml"))
    }

    @Test func answersCompleteYAMLAndJSONAndDirectories() throws {
        #expect(
            try complete(["checkout", "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa"]) == [
                "examples/standard-checkout/visa-approved.yaml"
            ])
        #expect(try complete(["checkout", "validate", "exam"]) == ["examples"])
    }

    /// `run --scenario FILE#NAME`: scenarios files with their `#`, then the file's scenario names,
    /// read from the file itself.
    @Test func aScenarioCompletesFileThenName() throws {
        #expect(try complete(["checkout", "run", "--scenario", "flows/standard-ch"]) == ["flows/standard-checkout.scenarios.yaml#"])
        let names = try complete(["checkout", "run", "--scenario", "flows/three-d-secure.scenarios.yaml#"])
        let file = try #require(
            String(
                data: FileManager.default.contents(
                    atPath: CheckoutBinary.root.appendingPathComponent("flows/three-d-secure.scenarios.yaml").path) ?? Data(),
                encoding: .utf8))
        let written = file.matches(of: /(?m)^- name: "?([^"\n]+)"?$/).map { "flows/three-d-secure.scenarios.yaml#" + String($0.1) }.sorted()
        #expect(written.count >= 3 && names == written, "\(names) vs \(written)")
        #expect(try complete(["checkout", "run", "--scenario", "flows/nope.scenarios.yaml#"]).isEmpty)
    }

    /// `test --tag` and `--skip-tag`: the tags the named scenarios files use.
    @Test func tagsCompleteFromTheScenariosFiles() throws {
        #expect(try complete(["checkout", "test", "flows/maxpay-sale3d.scenarios.yaml", "--tag", "ph"]) == ["phone"])
        #expect(try complete(["checkout", "test", "flows", "--skip-tag", "maxp"]) == ["maxpay"])
        #expect(try complete(["checkout", "test", "flows/standard-checkout.scenarios.yaml", "--tag", "maxp"]).isEmpty)
    }

    @Test func commandsStillComplete() throws {
        #expect(try complete(["checkout", "se"]) == ["serve"])
    }
}
