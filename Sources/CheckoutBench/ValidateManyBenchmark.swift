import Foundation

/// `checkout-bench --validate-many 100,1000`: writes that many varied flows (the shipped flows
/// with new ids and amounts, some with a warning) into a temporary directory, runs the built
/// `checkout validate --stats` over it once per count, and reports files/s and peak memory, so
/// the counts side by side show whether memory grows with the number of files.
enum ValidateManyBenchmark {
    static func run(counts: [Int]) throws -> Bool {
        let checkout = try BenchEnvironment.product("checkout")
        let sources = try shippedFlows()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        print("checkout-bench: one `checkout validate --stats DIR` per file count, \(sources.count) shipped flows varied")
        var ok = true
        for count in counts {
            let directory = scratch.appendingPathComponent("\(count)-files")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var bytes = 0
            for i in 0..<count {
                let source = sources[i % sources.count]
                let text = variant(of: source.text, index: i)
                bytes += text.utf8.count
                try Data(text.utf8).write(to: directory.appendingPathComponent(String(format: "%05d-%@", i, source.name)))
            }
            let statsFile = scratch.appendingPathComponent("stats-\(count).txt").path
            let r = try ChildProcess.run(checkout, ["validate", "--stats", directory.path], stderr: statsFile)
            let stats = (try? String(contentsOfFile: statsFile, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? "?"
            print(
                String(
                    format: "  %5d files (%.0f KB): %7.0f files/s, wall %.3f s, peak memory %.1f MiB (wait4), exit %d", count,
                    Double(bytes) / 1000, Double(count) / r.seconds, r.seconds, Double(r.peakMemoryBytes) / 1_048_576, r.exitStatus))
            print("        checkout: \(stats)")
            ok = ok && r.exitStatus == 0
        }
        return ok
    }

    /// The shipped `flows/*.yaml`, sorted by name; their `*.scenarios.yaml` are not flows.
    static func shippedFlows() throws -> [(name: String, text: String)] {
        let directory = BenchEnvironment.root.appendingPathComponent("flows")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }
        return try names.sorted().map {
            ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Flow `index`: `flow: ID-INDEX`, an amount of its own, and on one file in ten a setting
    /// that has no effect, so the report has warnings to render as well.
    static func variant(of text: String, index: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (n, line) in lines.enumerated() {
            if line.hasPrefix("flow: ") {
                lines[n] = "\(line)-\(index)"
            } else if line.hasPrefix("extends: ") {
                // Bases are the shipped flows themselves (each variant's base is compiled too).
                let base = BenchEnvironment.root.appendingPathComponent("flows").appendingPathComponent(String(line.dropFirst(9)))
                lines[n] = "extends: \(base.path)"
            } else if let r = line.range(of: "amount: "), line.trimmingCharacters(in: .whitespaces).hasPrefix("amount: ") {
                lines[n] = String(line[..<r.upperBound]) + String(format: "%d.%02d", 1 + index % 997, index % 100)
            }
        }
        if index % 10 == 7, !text.contains("processFailed3DS"), let request = lines.firstIndex(of: "request:") {
            lines.insert("  processFailed3DS: true", at: request + 1)
        }
        return lines.joined(separator: "\n")
    }
}
