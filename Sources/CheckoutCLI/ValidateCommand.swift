import ArgumentParser
import CheckoutLanguage
import CheckoutProviders
import Foundation

/// `checkout validate PATH…`: compile flows and report every problem of every file.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Compile flows and report every problem.",
        discussion:
            "Directories are searched for *.yaml and *.yml flows (scenario files, *.scenarios.yaml, are skipped). Exit 0 with no errors, 2 when any error is found, 64 for a bad command line, 66 when a path cannot be read (the others are still checked)."
    )

    @Argument(help: "Flow files or directories; - reads one flow from standard input.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Option(help: "Output format: text, json, github or sarif (SARIF 2.1.0, for GitHub code scanning).")
    var format: Format = .text

    @Option(help: "Colour the text report: auto (a terminal, unless NO_COLOR is set or TERM=dumb), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "After the report, print files, errors, warnings, wall time and peak memory on stderr.")
    var stats = false

    @Option(help: "Show at most N findings of each file in the text and github formats (0: all); JSON lists every one.")
    var maxFindings = TextDiagnosticRenderer.defaultMaxFindingsPerFile

    @Flag(help: "Also check that every provider credential of each flow is set in the environment; name every missing one on stderr.")
    var credentials = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif
    }

    func run() throws {
        Interruption.exitOnSignal()
        let started = ContinuousClock.now
        let files = FlowFiles.expand(paths)
        var report = ValidationReport(
            format: format, color: format == .text && color.wantsColor(fileDescriptor: STDOUT_FILENO),
            maxFindingsPerFile: maxFindings > 0 ? maxFindings : nil)
        var missing: [(file: String, message: String)] = []
        var unreadable = false
        for file in files {
            // One file at a time: its diagnostics are written and its bytes, tree and model are
            // released before the next file is read, so memory does not grow with the file count.
            let result = FlowCompiler.compile(pathOrStandardInput: file)
            if credentials, let flow = result.flow,
                let message = ProviderFactory.message(
                    for: ProviderFactory.missingCredentials(for: flow.definition.provider, in: ProcessInfo.processInfo.environment))
            {
                missing.append((file, message))
            }
            unreadable = unreadable || result.diagnostics.contains { $0.rule == .fileUnreadable }
            report.add(result)
        }
        report.finish(fileCount: files.count)
        // Every missing credential of a flow at once, one line per flow (names, never values).
        for m in missing { Output.error("\(m.file): \(m.message)") }
        if stats {
            let line = ValidationStatistics(
                files: files.count, counts: report.counts, elapsed: ContinuousClock.now - started,
                peakMemoryBytes: ValidationStatistics.peakMemoryBytes())
            Output.standardError(line.description + "\n")
        }
        // "Could not run" before "problems found": a path that was not read leaves the check incomplete.
        if unreadable { throw ExitCode(ExitStatus.validateUnreadable) }
        if report.counts.hasErrors || !missing.isEmpty { throw ExitCode(ExitStatus.problemsFound) }
    }
}

extension ValidateCommand {
    /// The common spellings of `checkout validate` — paths, `--format F`, `--color C`, `--stats`, `--credentials`,
    /// `--max-findings N`, each option at most once — read without the argument parser, or nil for anything else
    /// (help, `--opt=value`, `--`, an unknown or repeated option, a bad value, no path), which
    /// then goes through ArgumentParser as usual.
    ///
    /// Validation is what hooks and CI run once per commit or per file, and the parser's
    /// reflection costs more than compiling a small flow: it decides whether a cold
    /// `checkout validate` stays within 1.5× a Foundation hello-world (docs/benchmarks.md).
    /// An option added to the command is simply not on this path until it is added here.
    static func quickParse(_ arguments: some Sequence<String>) -> ValidateCommand? {
        var iterator = arguments.makeIterator()
        guard iterator.next() == "validate" else { return nil }
        var paths: [String] = []
        var format: Format?
        var color: ColorChoice?
        var stats = false
        var maxFindings: Int?
        var credentials = false
        while let argument = iterator.next() {
            switch argument {
            case "--format":
                guard format == nil, let value = iterator.next().flatMap(Format.init(rawValue:)) else { return nil }
                format = value
            case "--color":
                guard color == nil, let value = iterator.next().flatMap(ColorChoice.init(rawValue:)) else { return nil }
                color = value
            case "--max-findings":
                guard maxFindings == nil, let value = iterator.next().flatMap({ Int($0) }), value >= 0 else { return nil }
                maxFindings = value
            case "--stats":
                guard !stats else { return nil }
                stats = true
            case "--credentials":
                guard !credentials else { return nil }
                credentials = true
            default:
                guard !argument.hasPrefix("-") else { return nil }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { return nil }
        // Every property must be set: a property wrapper that was never parsed traps when read.
        // (Outside an initializer: inside one, assigning a wrapped property that has a default
        // re-creates the unparsed wrapper instead of setting its value.)
        var command = ValidateCommand()
        command.paths = paths
        command.format = format ?? .text
        command.color = color ?? .auto
        command.stats = stats
        command.credentials = credentials
        command.maxFindings = maxFindings ?? TextDiagnosticRenderer.defaultMaxFindingsPerFile
        return command
    }
}

/// Finds flow files under the paths a user gave.
enum FlowFiles {
    /// Each directory's `*.yaml` and `*.yml` flows, sorted, and every other path as given: a
    /// path that is missing or cannot be read is compiled like the rest and reported as a
    /// `file-unreadable` error of its own, so the other paths are still validated.
    static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            if !fm.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter {
                    ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasSuffix(".scenarios.yaml") && !$0.hasSuffix(".scenarios.yml")
                }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            files += found
        }
        return files
    }
}
