import Foundation

/// Decides whether a mutant compiled to the same flow as the original: then no run can tell
/// them apart, and the mutant is "equivalent" (not counted in the mutation score).
///
/// Two compiled flows are the same when their pipelines are equal (`Pipeline` is `Hashable`:
/// every stage, condition, route, retry, timeout, hook and amount) and the canonical dumps of
/// their definitions are equal. The dump writes every stored property of the definition,
/// recursively, by `Mirror`: dictionary and set entries sorted, decimals by value, source
/// positions and the file name left out.
package enum FlowEquivalence {
    /// True when `a` and `b` compile to the same flow.
    package static func equivalent(_ a: CompiledFlow, _ b: CompiledFlow) -> Bool {
        a.pipeline == b.pipeline && canonicalDump(a.definition) == canonicalDump(b.definition)
    }

    /// The canonical text of a value (see the type's summary).
    package static func canonicalDump(_ value: Any) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: Any, into out: inout String) {
        if let decimal = value as? Decimal {
            out += decimal.description
            return
        }
        if value is SourceRange || value is SourceLocation { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary?, .set?:
            let entries = mirror.children.map { canonicalDump($0.value) }.sorted()
            out += "{" + entries.joined(separator: ",") + "}"
        case .optional?:
            if let some = mirror.children.first { write(some.value, into: &out) } else { out += "nil" }
        case nil where mirror.children.isEmpty:
            out += String(reflecting: value)
        default:
            if mirror.children.isEmpty {
                out += String(reflecting: value)
                return
            }
            out += "\(type(of: value))("
            for child in mirror.children {
                out += (child.label ?? "_") + ":"
                write(child.value, into: &out)
                out += ";"
            }
            out += ")"
        }
    }
}
