import Foundation
import Testing

/// A fresh temporary directory for one test: the flows and answers it writes, and the result
/// and trace files of its runs. Removed when the test lets go of it.
final class Workspace {
    let url: URL
    private var runs = 0

    init() throws {
        // Letters only: the leak scan looks for CVV digits in every output, and an error
        // message names its file, so a random digit run in the path would be a false hit.
        let letters = UUID().uuidString.unicodeScalars.compactMap { s -> Character? in
            switch s {
            case "0"..."9": Character(Unicode.Scalar(s.value - 48 + 103)!)  // 0-9 → g-p
            case "-": nil
            default: Character(s)
            }
        }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-e2e-\(String(letters))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the workspace and returns its absolute path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Writes a flow file and returns its path.
    func flow(_ yaml: String) throws -> String {
        runs += 1
        return try write(yaml, to: "flow-\(runs).yaml")
    }

    /// The text of a file the binary wrote, or nil when it wrote none.
    func read(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `checkout run FLOW --answers FILE` headless with `--result FILE --trace FILE`,
    /// `--seed` and the fixed `--now`; `--json` unless `json` is false.
    ///
    /// `flow` is a path: a shipped flow relative to the repository root, or one from `flow(_:)`.
    /// `answers` is the text of the answers file, `answersExtension` its file type.
    func run(
        flow: String, answers: String, answersExtension: String = "yaml", json: Bool = true, seed: Int = 1,
        extraArguments: [String] = []
    ) throws -> RunOutcome {
        runs += 1
        let answersPath = try write(answers, to: "answers-\(runs).\(answersExtension)")
        let resultPath = url.appendingPathComponent("result-\(runs).json").path
        let tracePath = url.appendingPathComponent("trace-\(runs).jsonl").path
        var arguments = ["run", flow, "--answers", answersPath, "--result", resultPath, "--trace", tracePath]
        arguments += ["--seed", String(seed), "--now", CheckoutBinary.fixedNow]
        if json { arguments.append("--json") }
        let output = try CheckoutBinary.run(arguments + extraArguments)
        return RunOutcome(
            exitCode: output.status, stdout: output.stdout, stderr: output.stderr,
            resultFile: read(resultPath), traceFile: read(tracePath))
    }
}

/// What one `checkout run` produced: exit code, both streams, the result and trace files.
struct RunOutcome {
    let exitCode: Int32
    let stdout: String
    let stderr: String
    let resultFile: String?
    let traceFile: String?

    /// The result JSON printed on stdout (SPEC §10).
    func result(sourceLocation: SourceLocation = #_sourceLocation) throws -> ResultJSON {
        do {
            return try JSONDecoder().decode(ResultJSON.self, from: Data(stdout.utf8))
        } catch {
            Issue.record("stdout is not the result JSON: \(error)\nstdout:\n\(stdout)\nstderr:\n\(stderr)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// The trace's events, one per JSON line.
    func trace(sourceLocation: SourceLocation = #_sourceLocation) throws -> [TraceEvent] {
        let text = try #require(traceFile, "no trace file was written", sourceLocation: sourceLocation)
        return try text.split(separator: "\n").map { line in
            var event = try JSONDecoder().decode(TraceEvent.self, from: Data(line.utf8))
            event.line = String(line)
            return event
        }
    }

    /// Every output of the run, named, for scanning.
    var outputs: [(name: String, text: String)] {
        [("stdout", stdout), ("stderr", stderr), ("result file", resultFile ?? ""), ("trace file", traceFile ?? "")]
    }

    /// A short description for expectation messages.
    var summary: String { "exit \(exitCode)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}
