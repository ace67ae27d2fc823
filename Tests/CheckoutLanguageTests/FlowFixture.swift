import CheckoutLanguage
import Foundation
import Testing

/// A flow file under `Fixtures/<group>/`, compiled under the name a user would give it
/// (`broken/NAME.yaml`), with its expected outputs kept beside it (`NAME.expected`, …).
///
/// A fixture marks where each diagnostic must land with a trailing comment naming the rule,
/// `withEmial: true  # <- unknown-key` (several: `# <- unknown-key, missing-key`), so the
/// fixture states its own expectation independently of the generated `.expected` text.
///
/// `CHECKOUT_UPDATE_FIXTURES=1 swift test` writes the expected files instead of comparing;
/// review every changed file before committing it.
struct FlowFixture: Sendable {
    let group: String
    let name: String

    /// `Tests/CheckoutLanguageTests/Fixtures`, found from this file (no bundle resources).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// True when expected files are to be (re)written rather than compared.
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["CHECKOUT_UPDATE_FIXTURES"] == "1" }

    /// The names (without `.yaml`) of the fixtures in `group`, sorted.
    static func names(in group: String) -> [String] {
        let directory = root.appendingPathComponent(group).path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    /// The path diagnostics carry: relative to `Fixtures`, the same on every machine.
    var path: String { "\(group)/\(name).yaml" }

    /// The fixture's raw bytes (some fixtures are deliberately not UTF-8).
    func bytes() throws -> [UInt8] {
        let url = Self.root.appendingPathComponent(path)
        return [UInt8](try #require(FileManager.default.contents(atPath: url.path), "cannot read \(url.path)"))
    }

    /// Compiles the fixture and reports it as `path`, the way `checkout validate group/NAME.yaml`
    /// run in `Fixtures` does. It is compiled under its absolute path, so that `extends` finds
    /// base flows beside it whatever the test's working directory; the absolute prefix is then
    /// taken out of every finding. (Base flows that are not fixtures themselves live in a
    /// subfolder, such as `broken/bases/`, which `names(in:)` skips.)
    func compile(limits: YAMLLimits = .default) throws -> CompileResult {
        let prefix = Self.root.path + "/"
        var result = FlowCompiler.compile(try bytes(), file: prefix + path, limits: limits)
        func relative(_ text: String) -> String { text.replacingOccurrences(of: prefix, with: "") }
        result.diagnostics = result.diagnostics.map { finding in
            var finding = finding
            finding.file = finding.file.map(relative)
            finding.message = relative(finding.message)
            finding.notes = finding.notes.map(relative)
            return finding
        }
        result.source = SourceFile(path: path, bytes: result.source.bytes)
        result.flow?.file = path
        return result
    }

    /// The plain-text report `checkout validate` prints for this one file.
    static func renderText(_ result: CompileResult) -> String {
        TextDiagnosticRenderer(color: false).render(
            result.diagnostics, sources: [result.source.path: result.source], fileCount: 1)
    }

    // MARK: Markers

    /// A diagnostic's landing place as a fixture marks it: line and rule.
    struct Mark: Hashable, Comparable, CustomStringConvertible {
        let line: Int
        let rule: String

        static func < (a: Mark, b: Mark) -> Bool { (a.line, a.rule) < (b.line, b.rule) }
        var description: String { "\(line): \(rule)" }
    }

    /// The `# <- rule, …` markers of the fixture, in line order.
    func marks() throws -> [Mark] {
        let text = String(decoding: try bytes(), as: UTF8.self)
        var marks: [Mark] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = line.range(of: "# <- ") else { continue }
            for rule in line[marker.upperBound...].split(separator: ",") {
                marks.append(Mark(line: index + 1, rule: rule.trimmingCharacters(in: .whitespaces)))
            }
        }
        return marks.sorted()
    }

    /// Where `diagnostics` landed, in the markers' terms.
    static func marks(of diagnostics: [Diagnostic]) -> [Mark] {
        diagnostics.map { Mark(line: $0.range?.start.line ?? 0, rule: $0.rule.rawValue) }.sorted()
    }

    // MARK: Expected files

    /// Compares `actual` with the fixture's expected file `NAME<suffix>`, or writes that file
    /// when updating.
    func expect(
        _ actual: String, matches suffix: String, update: Bool = FlowFixture.isUpdating,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let url = Self.root.appendingPathComponent(group).appendingPathComponent(name + suffix)
        if update {
            try Data(actual.utf8).write(to: url)
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: url.path),
            "missing \(group)/\(name)\(suffix); run with CHECKOUT_UPDATE_FIXTURES=1 and review it",
            sourceLocation: sourceLocation)
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "\(group)/\(name)\(suffix) differs", sourceLocation: sourceLocation)
    }
}
