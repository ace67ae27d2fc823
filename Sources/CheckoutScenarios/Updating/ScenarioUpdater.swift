package import CheckoutJSON
package import CheckoutLanguage
import Foundation

/// `checkout test --update`: rewrites the `expect.result` of scenarios from what their runs now
/// gave, editing only those bytes of the scenarios file (docs/testing.md, "Updating
/// expectations"):
///
/// - a scenario with an `expect.result` that matches is left as it is (its patterns, `absent`
///   and chosen subset stay);
/// - one that does not match has each differing value replaced by the result's, in place
///   (a list of another length is replaced whole; a value now missing becomes `absent`);
/// - one without `expect.result` gets the whole result but its ids (`ResultSnapshot`), after its
///   other `expect` keys, less the keys those already expect (`status`, `errors`, …); a
///   flow-style `expect: { … }` is rewritten in block style to hold it.
///
/// An `expect` or `expect.result` written as an alias (`*common`) is left alone: editing it would
/// change every scenario that shares it.
package enum ScenarioUpdater {
    /// What a scenario's run gave, for the file's scenario starting on `line`.
    package struct Run: Sendable {
        /// The line the scenario starts on (`Scenario.line`).
        package var line: Int
        /// The result JSON.
        package var result: JSONValue

        /// Creates a run.
        package init(line: Int, result: JSONValue) {
            self.line = line
            self.result = result
        }
    }

    /// One edit: replace bytes `start..<end` with `text`.
    struct Edit {
        var start: Int
        var end: Int
        var text: String
    }

    /// The file's new bytes, or nil when nothing changes (or the file is not a list of scenarios).
    package static func update(_ bytes: [UInt8], file: String, runs: [Run]) -> [UInt8]? {
        let document = YAMLParser.parse(bytes, file: file, limits: ScenarioReader.limits, kind: .scenarios)
        guard let items = scenarioItems(document.root), !document.diagnostics.hasErrors else { return nil }
        var edits: [Edit] = []
        for run in runs {
            guard let item = items.first(where: { $0.range.start.line == run.line }), let pairs = item.mapping,
                let expect = pairs.first(where: { $0.key.scalar?.value == "expect" })
            else { continue }
            edits += self.edits(expect, result: run.result, bytes: bytes, file: file)
        }
        guard !edits.isEmpty else { return nil }
        var out = bytes
        for e in edits.sorted(by: { $0.start > $1.start }) {
            out.replaceSubrange(e.start..<e.end, with: Array(e.text.utf8))
        }
        return out == bytes ? nil : out
    }

    private static func edits(_ expect: YAMLPair, result: JSONValue, bytes: [UInt8], file: String) -> [Edit] {
        // An alias (`expect: *common`) is shared with other scenarios: never edited through one.
        guard let pairs = expect.value.mapping, !isAlias(expect.value, bytes) else { return [] }
        if let existing = pairs.first(where: { $0.key.scalar?.value == "result" }) {
            guard !isAlias(existing.value, bytes) else { return [] }
            var edits: [Edit] = []
            replacements(existing.value, result, bytes: bytes, into: &edits)
            return edits
        }
        // The keys the shorthand already expects are not written twice.
        let shorthand = Set(pairs.compactMap { $0.key.scalar?.value }).intersection(ResultSnapshot.shorthandKeys)
        let snapshot = ResultSnapshot.stable(result, leavingOut: shorthand)
        if isFlow(expect.value, bytes) {
            // `expect: { a: 1 }` → block style: each pair as written, then `result:`.
            let pad = String(repeating: " ", count: expect.key.range.start.column - 1 + 2)
            var text = ""
            for p in pairs {
                text +=
                    "\n" + pad + slice(bytes, p.key.range.start.offset, end(of: p.key, in: bytes)) + ": "
                    + slice(bytes, p.value.range.start.offset, end(of: p.value, in: bytes))
            }
            text += "\n" + pad + "result:" + ResultSnapshot.block(snapshot, indent: pad.count + 2, keyWidth: 5)
            let keyEnd = end(of: expect.key, in: bytes)
            return [Edit(start: keyEnd + colonLength(bytes, after: keyEnd), end: end(of: expect.value, in: bytes), text: text)]
        }
        guard let first = pairs.first else { return [] }
        let pad = String(repeating: " ", count: first.key.range.start.column - 1)
        let at = end(of: expect.value, in: bytes)
        return [Edit(start: at, end: at, text: "\n" + pad + "result:" + ResultSnapshot.block(snapshot, indent: pad.count + 2, keyWidth: 5))]
    }

    /// In-place replacements of the parts of `expected` that `actual` does not match.
    private static func replacements(_ expected: YAMLNode, _ actual: JSONValue?, bytes: [UInt8], into edits: inout [Edit]) {
        if StructuralMatcher.differences(expected: expected, actual: actual, path: "", file: "").isEmpty { return }
        switch (expected.kind, actual) {
        case (.mapping(let pairs), .object(let members)?):
            for p in pairs {
                guard let key = p.key.scalar?.value else { continue }
                replacements(p.value, members.first(where: { $0.key == key })?.value, bytes: bytes, into: &edits)
            }
            return
        case (.sequence(let items), .array(let values)?) where items.count == values.count:
            for (item, value) in zip(items, values) { replacements(item, value, bytes: bytes, into: &edits) }
            return
        default:
            let text = actual.map { ResultSnapshot.flow(ResultSnapshot.stable($0)) } ?? StructuralMatcher.absentWord
            edits.append(Edit(start: expected.range.start.offset, end: end(of: expected, in: bytes), text: text))
        }
    }

    /// Where a node's text ends in `bytes`: a scalar's, an alias's or a flow collection's own end;
    /// a block collection's last value's (its own end can lie past the comments and blank lines
    /// that follow it).
    static func end(of node: YAMLNode, in bytes: [UInt8]) -> Int {
        let start = node.range.start.offset
        if start < bytes.count, bytes[start] == UInt8(ascii: "*") || isFlow(node, bytes) { return node.range.end.offset }
        switch node.kind {
        case .scalar: return node.range.end.offset
        case .mapping(let pairs):
            guard let last = pairs.last else { return node.range.end.offset }
            return max(end(of: last.value, in: bytes), last.key.range.end.offset)
        case .sequence(let items):
            guard let last = items.last else { return node.range.end.offset }
            return end(of: last, in: bytes)
        }
    }

    private static func isAlias(_ node: YAMLNode, _ bytes: [UInt8]) -> Bool {
        let i = node.range.start.offset
        return i < bytes.count && bytes[i] == UInt8(ascii: "*")
    }

    private static func isFlow(_ node: YAMLNode, _ bytes: [UInt8]) -> Bool {
        let i = node.range.start.offset
        return i < bytes.count && (bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "["))
    }

    private static func colonLength(_ bytes: [UInt8], after offset: Int) -> Int {
        offset < bytes.count && bytes[offset] == UInt8(ascii: ":") ? 1 : 0
    }

    private static func slice(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[max(0, start)..<min(bytes.count, max(start, end))], as: UTF8.self)
    }
}

extension ScenarioUpdater {
    /// A scenarios file `--update` rewrites: its bytes before and after, and the diff to print.
    package struct FileUpdate: Sendable {
        /// The file's path.
        package var path: String
        /// The new bytes.
        package var bytes: [UInt8]
        /// The unified diff, answers' lines hidden.
        package var diff: String
    }

    /// The files the outcomes' results rewrite, in the order the outcomes name them; files that
    /// would not change are left out.
    package static func plan(_ outcomes: [ScenarioOutcome], files: ScenarioReader.FileAccess = .fileSystem) -> [FileUpdate] {
        var order: [String] = []
        var runs: [String: [Run]] = [:]
        for o in outcomes {
            if runs[o.scenario.file] == nil { order.append(o.scenario.file) }
            runs[o.scenario.file, default: []].append(Run(line: o.scenario.line, result: o.result.json))
        }
        return order.compactMap { path in
            guard let old = try? files.read(path, ScenarioReader.limits.maxBytes).get(),
                let new = update(old, file: path, runs: runs[path] ?? [])
            else { return nil }
            let diff = LineDiff.unified(
                old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self), file: path,
                hidden: answerLines(old, file: path))
            return FileUpdate(path: path, bytes: new, diff: diff)
        }
    }

    /// The lines of every scenario's `answers` (they can hold card data).
    static func answerLines(_ bytes: [UInt8], file: String) -> Set<Int> {
        let document = YAMLParser.parse(bytes, file: file, limits: ScenarioReader.limits, kind: .scenarios)
        var out = Set<Int>()
        // Inline `sandbox:` fixtures hold test card numbers too.
        for p in document.root?.mapping ?? [] where p.key.scalar?.value == "sandbox" {
            let last = lineOf(offset: end(of: p.value, in: bytes), in: bytes)
            out.formUnion(p.key.range.start.line...max(p.key.range.start.line, last))
        }
        for item in scenarioItems(document.root) ?? [] {
            for p in item.mapping ?? [] where p.key.scalar?.value == "answers" {
                let last = lineOf(offset: end(of: p.value, in: bytes), in: bytes)
                out.formUnion(p.key.range.start.line...max(p.key.range.start.line, last))
            }
        }
        return out
    }

    /// The scenarios of a file: its top-level list, or the `scenarios` list of a file written
    /// as a mapping (with `sandbox:` fixtures).
    static func scenarioItems(_ root: YAMLNode?) -> [YAMLNode]? {
        if let items = root?.sequence { return items }
        return root?.mapping?.first { $0.key.scalar?.value == "scenarios" }?.value.sequence
    }

    /// The 1-based line of a byte offset.
    private static func lineOf(offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[0..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

extension ScenarioUpdater {
    /// The outcomes that fail against their files as they now are (re-read: `updated` names
    /// the files `--update` rewrote), matched against the same results.
    package static func stillFailing(
        _ outcomes: [ScenarioOutcome], updated: Set<String>, files: ScenarioReader.FileAccess = .fileSystem
    ) -> [ScenarioOutcome] {
        // By name: names are unique in a file, and lines move when a result is inserted above.
        var reread: [String: [String: Scenario]] = [:]
        for path in updated {
            let scenarios = ScenarioReader.read(contentsOf: path, files: files).file?.scenarios ?? []
            reread[path] = Dictionary(scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return outcomes.filter { o in
            guard updated.contains(o.scenario.file) else { return !o.passed }
            guard let scenario = reread[o.scenario.file]?[o.scenario.name] else { return true }
            return !ScenarioMatcher.differences(scenario.expect, o.result).isEmpty
        }
    }
}
