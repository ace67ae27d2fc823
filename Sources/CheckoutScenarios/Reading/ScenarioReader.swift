import CheckoutDomain
import CheckoutHeadless
package import CheckoutLanguage
import CheckoutRuntime
import Foundation
import Synchronization

/// What reading one scenarios file gave: the file when it has no errors, and every finding.
package struct ScenarioReadResult: Sendable {
    /// The scenarios; nil when any error was found.
    package var file: ScenarioFile?
    /// Every problem, positioned in the scenarios file (or in a referenced answers file).
    package var diagnostics: [Diagnostic]
    /// The source, for rendering snippets.
    package var source: SourceFile
}

/// Reads `NAME.scenarios.yaml` files (docs/testing.md) with the same positioned diagnostics
/// as flows: unknown keys with a suggestion, enumerations listed, every problem in one pass.
///
/// Inline `answers` are read by `AnswersReader`, so their keys and typing are those of an
/// answers file; a problem in them is a problem of the scenarios file (exit 2). An answers
/// file named by path is read when the scenario runs, as `checkout run --answers` reads it:
/// its problems make the run `invalid` (exit code 3), which a scenario can expect.
package enum ScenarioReader {
    static let expectKeys = ScenarioKeys.expect.map(\.name)
    static let scenarioTable = KeyTable(ScenarioKeys.scenario)
    static let expectTable = KeyTable(ScenarioKeys.expect)
    static let expectedErrorTable = KeyTable(ScenarioKeys.expectedError)
    static let stepsTable = KeyTable(ScenarioKeys.steps)
    static let routeTable = KeyTable(ScenarioKeys.route)
    static let sentCallTable = KeyTable(ProviderCallKeys.call)
    static let sentFieldsTable = KeyTable(ProviderCallKeys.fields)
    static let sentAnswerTable = KeyTable(ProviderCallKeys.answer)
    static let sentCardTable = KeyTable(ProviderCallKeys.card)
    static let sentAddressTable = KeyTable(ProviderCallKeys.address)
    /// The exit codes a run can end with (SPEC §11).
    static let runExitCodes: [Int32] = [0, 1, 3, 4]
    static let paymentTypes = PaymentMethodKind.paymentTypes

    /// Where a reader gets files from: the file system, or a test's dictionary.
    package struct FileAccess: Sendable {
        /// The bytes of a file, at most the given number of them, or why it cannot be read.
        package var read: @Sendable (String, Int) -> Result<[UInt8], FileReadError>
        /// Whether a file exists.
        package var exists: @Sendable (String) -> Bool
        /// Answers files already read in this suite, by path: a file that a thousand scenarios
        /// name is read and parsed once (issue 21). Nil: every read reads.
        package var answersCache: AnswersCache?

        /// The bytes of a file, nil when it cannot be read.
        package var contents: @Sendable (String) -> [UInt8]? {
            let read = self.read
            return { try? read($0, Int.max).get() }
        }

        /// Creates file access from two functions (a test's dictionary: a file it lacks reads
        /// as "no such file or directory").
        package init(contents: @escaping @Sendable (String) -> [UInt8]?, exists: @escaping @Sendable (String) -> Bool) {
            self.read = { path, _ in
                contents(path).map { .success($0) } ?? .failure(FileReadError(rule: .fileUnreadable, reason: "no such file or directory"))
            }
            self.exists = exists
        }

        /// File access through the compiler's sources (the disk, or a language server's open
        /// documents over it), with no answers cache.
        package init(_ sources: FlowSources) {
            read = sources.read
            exists = sources.exists
        }

        /// The file system, read through `SourceFile.read` like every other input.
        package static let fileSystem = FileAccess(FlowSources.fileSystem)
    }

    /// The bounds on a scenarios file: 4 MiB, 32 levels, 10,000 alias-expanded nodes.
    static let limits = YAMLLimits(maxBytes: 4 << 20, maxDepth: 32, maxAliasNodes: 10_000)

    /// Reads the scenarios file at `path`.
    /// `jobs` above 1 reads a long list's scenarios that many at a time (`ScenarioFileReader`).
    package static func read(contentsOf path: String, files: FileAccess = .fileSystem, jobs: Int = 1) -> ScenarioReadResult {
        switch files.read(path, limits.maxBytes) {
        case .success(let bytes):
            return read(bytes, file: path, files: files, jobs: jobs)
        case .failure(let error):
            let d = error.diagnostic(file: path, what: "the scenarios file")
            return ScenarioReadResult(file: nil, diagnostics: [d], source: SourceFile(path: path, text: ""))
        }
    }

    /// Reads a scenarios file from its bytes; `file` names it and locates relative paths.
    package static func read(_ bytes: [UInt8], file: String, files: FileAccess = .fileSystem, jobs: Int = 1) -> ScenarioReadResult {
        let source = SourceFile(path: file, bytes: bytes)
        let document = YAMLParser.parse(bytes, file: file, limits: limits, kind: .scenarios)
        // A syntax error can sit on a line holding a card number or CVV: position, no snippet.
        var diagnostics = document.diagnostics.map { d in
            var d = d
            d.hidesSource = true
            return d
        }
        var reader = ScenarioFileReader(file: file, files: files)
        reader.jobs = jobs
        var scenarios: [Scenario] = []
        if let root = document.root, !document.diagnostics.hasErrors {
            scenarios = reader.scenarios(root)
            diagnostics += reader.diagnostics
        } else if document.root == nil, diagnostics.isEmpty {
            diagnostics.append(
                Diagnostic(rule: .emptyDocument, message: "the scenarios file is empty; it must be a list of scenarios", file: file))
        }
        // Source order; findings at the same place keep the order they were found in.
        diagnostics = diagnostics.enumerated()
            .sorted { ($0.element.range?.start.offset ?? -1, $0.offset) < ($1.element.range?.start.offset ?? -1, $1.offset) }
            .map(\.element)
        let result = diagnostics.hasErrors ? nil : ScenarioFile(path: file, suiteName: suiteName(of: file), scenarios: scenarios)
        return ScenarioReadResult(file: result, diagnostics: diagnostics, source: source)
    }

    /// `flows/a.scenarios.yaml` → `a`.
    package static func suiteName(of path: String) -> String {
        let base = (path as NSString).lastPathComponent
        for suffix in [".scenarios.yaml", ".scenarios.yml", ".yaml", ".yml"] where base.hasSuffix(suffix) {
            return String(base.dropLast(suffix.count))
        }
        return base
    }

    /// The flow a scenarios file runs by default: `NAME.yaml` (or `NAME.yml`) beside it.
    static func defaultFlow(for path: String, files: FileAccess) -> String? {
        let dir = FilePaths.directory(of: path)
        let name = suiteName(of: path)
        return [".yaml", ".yml"].map { standardized((dir as NSString).appendingPathComponent(name + $0)) }
            .first(where: files.exists)
    }

    /// `relative` against the folder of `file`, unless it is absolute.
    static func resolve(_ relative: String, against file: String) -> String {
        if relative.hasPrefix("/") { return standardized(relative) }
        let dir = FilePaths.directory(of: file)
        return standardized(dir.isEmpty ? relative : (dir as NSString).appendingPathComponent(relative))
    }

    /// `flows/./a/../b.yaml` → `flows/b.yaml`, so two spellings of a flow compile once.
    static func standardized(_ path: String) -> String { FilePaths.standardized(path) }
}

/// Answers files read once per suite (`ScenarioReader.FileAccess.answersCache`), shared by
/// the readers of a suite's files, which may run at once.
package final class AnswersCache: Sendable {
    private let files = Mutex<[String: (SharedAnswers?, [AnswersProblem])]>([:])

    package init() {}

    /// The answers of the file at `path`, read by `read` the first time (and when it could not
    /// be read: a failure is this scenario's finding, so it is not kept).
    func answers(at path: String, read: () -> (SharedAnswers?, [AnswersProblem])?) -> (SharedAnswers?, [AnswersProblem])? {
        if let known = files.withLock({ $0[path] }) { return known }
        guard let fresh = read() else { return nil }
        files.withLock { $0[path] = fresh }
        return fresh
    }
}
