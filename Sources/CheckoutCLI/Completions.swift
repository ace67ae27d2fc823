import CheckoutScenarios
import Foundation

/// Shell completion of values only the project's files know (docs/running.md "Shell
/// completion"): called by the completion scripts through ArgumentParser's `.custom`, with the
/// command line's words, the index of the word being completed and its prefix.
enum Completions {
    /// `run --scenario FILE#NAME`: before a `#`, the scenarios files under the typed directory
    /// (`flows/` when nothing is typed) whose path starts with the prefix, each with its `#`;
    /// after it, that file's scenario names.
    @Sendable static func scenarios(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        if let hash = prefix.firstIndex(of: "#") {
            let file = String(prefix[..<hash])
            return names(in: file).map { "\(file)#\($0)" }.filter { $0.hasPrefix(prefix) }
        }
        return scenariosFiles(under: directory(of: prefix)).map { $0 + "#" }.filter { $0.hasPrefix(prefix) }
    }

    /// `test --tag` and `--skip-tag`: the tags of the scenarios the command line names (its
    /// paths, or `flows/` when it names none), sorted, once each.
    @Sendable static func tags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var paths: [String] = []
        var previous = ""
        for (i, word) in words.enumerated() where i > 0 && i != index {
            defer { previous = word }
            // A path is a word that is neither an option nor an option's value.
            guard !word.hasPrefix("-"), !previous.hasPrefix("-") || previous == "--", word != "test" else { continue }
            paths.append(word)
        }
        let files = (try? ScenarioSuite.find(paths.isEmpty ? ["flows"] : paths)) ?? []
        var found = Set<String>()
        for file in files { for scenario in ScenarioReader.read(contentsOf: file).file?.scenarios ?? [] { found.formUnion(scenario.tags) } }
        return found.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The scenario names of a scenarios file, in file order; none when it cannot be read.
    static func names(in file: String) -> [String] {
        ScenarioReader.read(contentsOf: file).file?.scenarios.map(\.name) ?? []
    }

    /// `prefix`'s directory: what comes before its last `/`, or `flows` for a bare word.
    static func directory(of prefix: String) -> String {
        guard let slash = prefix.lastIndex(of: "/") else { return FileManager.default.fileExists(atPath: "flows") ? "flows" : "." }
        return String(prefix[..<slash])
    }

    /// The scenarios files directly in `directory`, as paths that start with it.
    static func scenariosFiles(under directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter(ScenarioSuite.isScenariosFile).sorted().map { directory == "." ? $0 : "\(directory)/\($0)" }
    }
}
