import CheckoutLanguage
import Foundation

enum Phases {
    /// The small flow and the variants with parts removed: a key for `--count`, a name, the text.
    static func variants() -> [(key: String, name: String, text: String)] {
        let full = BenchmarkFlows.small()
        func cut(_ s: String, from: String, to: String) -> String {
            guard let a = s.range(of: from), let b = s.range(of: to) else { return s }
            return String(s[..<a.lowerBound]) + String(s[b.lowerBound...])
        }
        let noPipeline = cut(full, from: "screens:", to: "tax:")
        let noFieldsCards = cut(noPipeline, from: "fields:", to: "tax:")
        let noWhen = full.replacingOccurrences(of: #"when: [^}\n]*"#, with: "title: x", options: .regularExpression)
        return [
            ("compile", "full", full), ("no-when", "no when", noWhen), ("no-pipeline", "no pipeline", noPipeline),
            ("no-fields", "no fields/cards", noFieldsCards),
        ]
    }

    static func run() {
        for (_, name, text) in variants() {
            let bytes = Array(text.utf8)
            let r = FlowCompiler.compile(bytes, file: nil)
            let start = BenchClock.now()
            var n = 0
            while BenchClock.now() - start < 1_000_000_000 {
                _ = FlowCompiler.compile(bytes, file: nil)
                n += 1
            }
            let us = Double(BenchClock.now() - start) / Double(n) / 1000
            print(
                "\(name): \(bytes.count) bytes, \(String(format: "%.1f", us)) µs/compile, errors: \(r.diagnostics.filter { $0.severity == .error }.map(\.message))"
            )
        }
    }
}
