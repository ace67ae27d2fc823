import ArgumentParser
import CheckoutLanguage
import Foundation

/// `checkout validate PATH…`: compile flows and report every problem of every file.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Compile flows and report every problem.",
        discussion:
            "Directories are searched for *.yaml and *.yml flows (scenario files, *.scenarios.yaml, are skipped). Exit 2 when any error is found."
    )

    @Argument(help: "Flow files or directories.")
    var paths: [String]

    @Option(help: "Output format: text, json or github.")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github
    }

    func run() throws {
        let files = try FlowFiles.expand(paths)
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        for file in files {
            let result = FlowCompiler.compile(contentsOf: file)
            diagnostics += result.diagnostics
            sources[file] = result.source
        }
        switch format {
        case .text:
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDOUT_FILENO))
            Output.standardOutput(renderer.render(diagnostics, sources: sources, fileCount: files.count))
        case .json:
            Output.standardOutput(JSONDiagnosticRenderer().render(diagnostics, fileCount: files.count))
        case .github:
            Output.standardOutput(GitHubDiagnosticRenderer().render(diagnostics))
            Output.standardError(TextDiagnosticRenderer.summary(diagnostics, fileCount: files.count) + "\n")
        }
        if diagnostics.hasErrors { throw ExitCode(ExitStatus.usage) }
    }
}

/// Finds flow files under the paths a user gave.
enum FlowFiles {
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("no such file or directory: \(path)")
            }
            if !isDirectory.boolValue {
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
