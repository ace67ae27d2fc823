import Foundation
import Testing

/// Every input of the official YAML test suite (https://github.com/yaml/yaml-test-suite)
/// through the real `checkout validate --format json`: none is a flow, so each must be
/// rejected with a positioned error, and none may crash the binary.
///
/// The in-process counterpart, which checks the syntax tree, is `YAMLCorpusTests`.
@Suite struct YAMLTestSuiteTests {
    /// `../shared/yaml-test-suite`, beside the repository.
    static let suite = CheckoutBinary.root.deletingLastPathComponent().appendingPathComponent("shared/yaml-test-suite")

    /// Every `in.yaml`: `ID/in.yaml`, or `ID/NN/in.yaml` for a case with variants.
    static func inputs() throws -> [String] {
        let manager = FileManager.default
        var paths: [String] = []
        for id in try manager.contentsOfDirectory(atPath: suite.path).sorted() {
            let directory = suite.appendingPathComponent(id)
            let direct = directory.appendingPathComponent("in.yaml").path
            if manager.fileExists(atPath: direct) {
                paths.append(direct)
                continue
            }
            for variant in (try? manager.contentsOfDirectory(atPath: directory.path))?.sorted() ?? [] {
                let path = directory.appendingPathComponent("\(variant)/in.yaml").path
                if manager.fileExists(atPath: path) { paths.append(path) }
            }
        }
        return paths
    }

    @Test func everyCaseIsRejectedWithAPositionedError() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.suite.path), "the YAML test suite is missing: expected it at \(Self.suite.path)")
        let paths = try Self.inputs()
        try #require(paths.count >= 300, "only \(paths.count) cases found in \(Self.suite.path)")

        // One invocation for all of them: ~400 small files compile in well under a second.
        let r = try CheckoutBinary.run(["validate", "--format", "json"] + paths)
        #expect(r.signal == nil, "checkout was killed by signal \(r.signal ?? 0)\n\(r.stderr.suffix(2000))")
        #expect(r.status == 2, "exit \(r.status)\n\(r.stderr.suffix(2000))")
        for sign in ["Fatal error", "Program crashed", "Backtrac", "Segmentation fault", "*** Signal", "Illegal instruction"] {
            #expect(!r.stderr.contains(sign), "stderr looks like a crash:\n\(r.stderr.suffix(2000))")
        }

        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout.prefix(2000))")
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(object["files"] as? Int == paths.count)
        let given = Set(paths)
        var positioned: Set<String> = []
        for d in diagnostics {
            let file = d["file"] as? String ?? "<none>"
            #expect(given.contains(file), "a finding names a file that was not given: \(file)")
            if d["severity"] as? String == "error", let line = d["line"] as? Int, line >= 1, (d["column"] as? Int ?? 0) >= 1 {
                positioned.insert(file)
            }
        }
        let unpositioned = paths.filter { !positioned.contains($0) }
        #expect(unpositioned.isEmpty, "no positioned error for \(unpositioned.count) cases: \(unpositioned.prefix(10))")
    }
}
