import Foundation

/// The YAML fast path's switch and its own entry points. The fast path reads the common subset
/// of YAML straight from the bytes and gives the same document libyaml's path gives (held to it
/// by `FastYAMLReaderTests`, `FastYAMLGeneratedTests` and the fuzzer's `fast-path-mismatch`
/// check); it is kept because it makes `checkout validate` of 1,000 flows and of a 2 MB flow
/// measurably faster (docs/benchmarks.md, "Does the YAML fast path earn its place?").
extension YAMLParser {
    /// Whether `parse` tries the fast path before libyaml: on unless the environment sets
    /// `CHECKOUT_YAML_FAST_PATH=0`, read once per process (to measure what the fast path is
    /// worth, see docs/benchmarks.md). Either way the document is the same.
    /// (`getenv`: building `ProcessInfo.environment`'s dictionary of every variable costs more
    /// than a small flow's compile.)
    package static let fastPathIsOn = getenv("CHECKOUT_YAML_FAST_PATH").map { String(cString: $0) } != "0"

    /// `fastPathIsOn` for an environment: off only for `CHECKOUT_YAML_FAST_PATH=0`.
    package static func fastPathIsOn(environment: [String: String]) -> Bool {
        environment["CHECKOUT_YAML_FAST_PATH"] != "0"
    }

    /// `parse(_:file:limits:)` through the fast path alone: `nil` when it bails out (the
    /// input is outside its subset, see `FastYAMLReader`), otherwise the same document the
    /// libyaml path builds.
    package static func parseWithFastPath(_ bytes: [UInt8], file: String?, limits: YAMLLimits = .default) -> YAMLDocument? {
        read(bytes, file: file, limits: limits, fastPath: true, libYAML: false)
    }

    /// Where and why the fast path bails out on `bytes`, or `nil` when it reads them (to find
    /// what keeps a file off the fast path).
    package static func fastPathBailOut(_ bytes: [UInt8], limits: YAMLLimits = .default) -> String? {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return FastYAMLReader.bailOut(Array(bytes[bom...]), limits: limits)
    }
}
