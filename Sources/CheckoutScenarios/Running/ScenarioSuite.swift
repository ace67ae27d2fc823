package import CheckoutLanguage
import Dispatch
import Foundation
import Synchronization

/// The scenarios files a `checkout test` run was given, read, with their flows compiled once
/// each, and every problem found on the way.
package struct ScenarioSuite: Sendable {
    /// The files, in the order found (each directory's files sorted by path).
    package var files: [ScenarioFile]
    /// Compiled flows by path; each flow is compiled once and shared by its scenarios.
    package var flows: [String: CompiledFlow]
    /// Diagnostics of the scenarios files and flows that have any, with their sources.
    package var findings: [(diagnostics: [Diagnostic], source: SourceFile)]
    /// What compiling the flows read (each flow and its `extends:` chain), to compile them
    /// again without the disk (`compiledAgain`).
    var flowSources = RecordedFlowSources()

    /// True when a scenarios file or a flow has an error: nothing should run (exit 2).
    package var hasErrors: Bool { findings.contains { $0.diagnostics.hasErrors } }

    /// Every scenario, in file order.
    package var scenarios: [Scenario] { files.flatMap(\.scenarios) }

    /// Reads the scenarios files at `paths` (see `ScenarioSuite.find`) and compiles their flows.
    /// With `jobs` above 1 the files are read `jobs` at a time (what is found, and its order, is
    /// the same).
    package static func load(_ paths: [String], files access: ScenarioReader.FileAccess = .fileSystem, jobs: Int = 1) -> ScenarioSuite {
        var suite = ScenarioSuite(files: [], flows: [:], findings: [])
        var failedFlows = Set<String>()
        var access = access
        if access.answersCache == nil { access.answersCache = AnswersCache() }
        let reads = readAll(paths, access, jobs: jobs)
        for read in reads {
            if !read.diagnostics.isEmpty { suite.findings.append((read.diagnostics, read.source)) }
            guard let file = read.file else { continue }
            suite.files.append(file)
            // Scenarios next to each other mostly name the same flow: it is looked up once.
            var previous: String?
            for scenario in file.scenarios where scenario.flowPath != previous {
                let flowPath = scenario.flowPath
                previous = flowPath
                guard suite.flows[flowPath] == nil, !failedFlows.contains(flowPath) else { continue }
                let compiled = FlowCompiler.compile(contentsOf: flowPath, sources: suite.flowSources.recording)
                let diagnostics = compiled.diagnostics.filter { $0.severity == .error }
                if let flow = compiled.flow, diagnostics.isEmpty {
                    suite.flows[flowPath] = flow
                } else {
                    failedFlows.insert(flowPath)
                    suite.findings.append((diagnostics, compiled.source))
                }
            }
            let stages = stageFindings(file, flows: suite.flows) + taxServiceFindings(file, flows: suite.flows)
            if !stages.isEmpty { suite.findings.append((stages, read.source)) }
        }
        suite.flowSources.forget(over: maxBytesCompiledAgain)
        return suite
    }

    /// Every file of `paths` read, in order; `jobs` at a time.
    static func readAll(_ paths: [String], _ access: ScenarioReader.FileAccess, jobs: Int) -> [ScenarioReadResult] {
        // One file at a time: its scenarios are read `jobs` at a time instead.
        guard jobs > 1, paths.count > 1 else { return paths.map { ScenarioReader.read(contentsOf: $0, files: access, jobs: jobs) } }
        let results = Mutex([ScenarioReadResult?](repeating: nil, count: paths.count))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, paths.count)) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < paths.count else { return }
                let read = ScenarioReader.read(contentsOf: paths[i], files: access)
                results.withLock { $0[i] = read }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The scenarios files named by `paths`: a directory gives every `*.scenarios.yaml` (and
    /// `.yml`) under it, sorted; a scenarios file gives itself; a flow `NAME.yaml` gives the
    /// `NAME.scenarios.yaml` beside it.
    package static func find(_ paths: [String]) throws(ScenarioError) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A scenarios file goes to the reader, which reports it among the others'
                // findings in the system's words; any other path ends the search here.
                if isScenariosFile(path) {
                    out.append(path)
                    continue
                }
                throw ScenarioError("\(FileReadError.statusOf(path: path)?.reason ?? "no such file or directory"): \(path)")
            }
            if isDirectory.boolValue {
                let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                    .filter(isScenariosFile).sorted().map { (path as NSString).appendingPathComponent($0) }
                if found.isEmpty { throw ScenarioError("no scenarios files (*.scenarios.yaml) under \(path)") }
                out += found
            } else if isScenariosFile(path) {
                out.append(path)
            } else {
                let beside = ScenarioReader.suiteName(of: path)
                let dir = FilePaths.directory(of: path)
                let candidate = (dir as NSString).appendingPathComponent(beside + ".scenarios.yaml")
                guard fm.fileExists(atPath: candidate) else {
                    throw ScenarioError("\(path) is not a scenarios file, and there is no \(candidate) beside it")
                }
                out.append(candidate)
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert(ScenarioReader.standardized($0)).inserted }
    }

    /// Whether `checkout test` reads `path` as a scenarios file: its name ends in
    /// `.scenarios.yaml` (or `.scenarios.yml`).
    package static func isScenariosFile(_ path: String) -> Bool {
        path.hasSuffix(".scenarios.yaml") || path.hasSuffix(".scenarios.yml")
    }
}

/// A problem with what `checkout test` was asked to do (a missing path): not a finding in a file.
package struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// One sentence for people.
    package var message: String
    /// Creates an error.
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
