import CheckoutLanguage
import Foundation

/// The `--stats` line: `checked 1000 files: 0 errors, 12 warnings in 1.84 s, peak memory 41.2 MiB`.
struct ValidationStatistics: CustomStringConvertible {
    var files: Int
    var counts: DiagnosticCounts
    /// From the start of the command (after argument parsing) to the end of the report.
    var elapsed: Duration
    var peakMemoryBytes: Int

    var description: String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "checked \(plural(files, "file")): \(plural(counts.errors, "error")), \(plural(counts.warnings, "warning"))"
            + " in \(String(format: seconds < 1 ? "%.3f" : "%.2f", seconds)) s"
            + ", peak memory \(String(format: "%.1f", Double(peakMemoryBytes) / 1_048_576)) MiB"
    }

    /// The process's peak resident set size so far. On Linux the kernel's high-water mark of
    /// this program's own memory (`VmHWM` in /proc/self/status): `getrusage`'s `ru_maxrss` also
    /// counts the memory of the process that started it when that one used `vfork` (as
    /// `posix_spawn` does), so `checkout` run from a big build tool reported the tool's peak.
    static func peakMemoryBytes() -> Int {
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kib = Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
            {
                return kib * 1024
            }
            var usage = rusage()
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
            return usage.ru_maxrss * 1024  // KiB on Linux
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return usage.ru_maxrss  // bytes on Darwin
        #endif
    }
}
