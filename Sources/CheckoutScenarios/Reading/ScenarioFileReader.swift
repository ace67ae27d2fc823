import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization

/// Reads the syntax tree of one scenarios file, collecting every problem; mappings are read
/// against `ScenarioKeys` by the key-table reader flows use, with the flows' wording.
struct ScenarioFileReader {
    let file: String
    let files: ScenarioReader.FileAccess
    var diagnostics: [Diagnostic] = []
    /// Paths as written, resolved against this file, and whether they exist: the same few
    /// names recur in every scenario of a big file.
    private var resolved: [String: String] = [:]
    private var existing: [String: Bool] = [:]
    /// How many scenarios of a long list are read at once (`scenarios(_:world:)`).
    var jobs = 1

    init(file: String, files: ScenarioReader.FileAccess) {
        self.file = file
        self.files = files
    }

    /// `relative` resolved against this file (`ScenarioReader.resolve`), once per spelling.
    mutating func resolve(_ relative: String) -> String {
        if let path = resolved[relative] { return path }
        let path = ScenarioReader.resolve(relative, against: file)
        resolved[relative] = path
        return path
    }

    /// Whether `path` exists, asked once per path.
    mutating func exists(_ path: String) -> Bool {
        if let known = existing[path] { return known }
        let found = files.exists(path)
        existing[path] = found
        return found
    }

    mutating func error(_ rule: Rule, _ message: String, at range: SourceRange, suggestion: String? = nil, notes: [String] = []) {
        diagnostics.append(Diagnostic(rule: rule, message: message, file: file, range: range, notes: notes, suggestion: suggestion))
    }

    /// The scenarios of the file's root: a list, or a mapping of `sandbox:` and `scenarios:`.
    mutating func scenarios(_ root: YAMLNode) -> [Scenario] {
        let suiteKeys = Set(ScenarioKeys.suite.map(\.name))
        if let top = root.mapping, top.contains(where: { $0.key.scalar.map { suiteKeys.contains($0.value) } ?? false }) {
            // `sandbox:` fixtures and `scenarios:`; the fixtures' world is each scenario's.
            let f = pairs(root, table: Self.suiteTable, in: .topLevel(of: "a scenarios file"))
            let world = f["sandbox"].map { sandboxWorld($0.value) }
            guard let list = f["scenarios"] else { return [] }
            return scenarios(list.value, world: world)
        }
        return scenarios(root, world: nil)
    }

    /// The scenarios of a list; each runs on `world` (the file's fixtures; nil: the built-in
    /// sandbox) plus its own `sandbox:`.
    mutating func scenarios(_ root: YAMLNode, world: SandboxWorld?) -> [Scenario] {
        guard let items = root.sequence else {
            error(.typeMismatch, "a scenarios file must be a list of scenarios, found \(root.shapeDescription)", at: root.range)
            return []
        }
        let defaultFlow = ScenarioReader.defaultFlow(for: file, files: files)
        var seen: [String: Int] = [:]
        for item in items {
            guard let name = item.mapping?.first(where: { $0.key.scalar?.value == "name" })?.value.scalar?.value else { continue }
            if let first = seen[name] {
                error(
                    .duplicateId, "scenario name \(UserText.quoted(name)) is used twice in this file (first on line \(first))",
                    at: item.range)
            } else {
                seen[name] = item.range.start.line
            }
        }
        guard jobs > 1, items.count >= Self.itemsReadInParallel else {
            return items.compactMap { scenario($0, defaultFlow: defaultFlow, world: world) }
        }
        // Parts of the list read at once, each by a copy of this reader; their scenarios and
        // findings are joined in list order (`ScenarioReader.read` then sorts findings by
        // place, keeping the order of those at one place).
        let parts = min(jobs, items.count / (Self.itemsReadInParallel / 2))
        let base = self
        let read = Mutex([(scenarios: [Scenario], diagnostics: [Diagnostic])?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var reader = base
            reader.diagnostics = []
            let range = items.count * part / parts..<items.count * (part + 1) / parts
            let found = items[range].compactMap { reader.scenario($0, defaultFlow: defaultFlow, world: world) }
            read.withLock { $0[part] = (found, reader.diagnostics) }
        }
        return read.withLock { parts in
            parts.flatMap { part in
                diagnostics += part?.diagnostics ?? []
                return part?.scenarios ?? []
            }
        }
    }

    /// A list this long is read `jobs` scenarios at a time.
    static let itemsReadInParallel = 256

    /// The known pairs of a mapping by key, after `KeyTable.read` (the reader flows use) has
    /// checked its keys against `table`: unknown keys with a suggestion, missing required keys.
    mutating func pairs(_ node: YAMLNode, table: KeyTable, in place: MappingPlace) -> KnownPairs {
        KnownPairs(fields: table.read(node, in: place, into: &self))
    }

    mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        if let s = node.scalar, !s.isNull, !s.value.isEmpty { return s.value }
        error(.typeMismatch, "\(what) must be text, found \(node.shapeDescription)", at: node.range)
        return nil
    }

    /// A value of an enumeration, listed and suggested when it is not one.
    mutating func oneOf(_ node: YAMLNode, _ what: String, _ values: [String]) -> String? {
        guard let v = text(node, what) else { return nil }
        if values.contains(v) { return v }
        error(
            .invalidEnum, "\(what) must be one of \(values.joined(separator: ", ")); found \(UserText.quoted(v))", at: node.range,
            suggestion: Suggestions.closest(to: v, in: values))
        return nil
    }

    mutating func scenario(_ node: YAMLNode, defaultFlow: String?, world: SandboxWorld?) -> Scenario? {
        let f = pairs(node, table: ScenarioReader.scenarioTable, in: .named("a scenario"))
        guard node.mapping != nil else { return nil }
        let name = f["name"].flatMap { text($0.value, "'name'") }
        var flowPath = defaultFlow
        if let p = f["flow"], let relative = text(p.value, "'flow'") {
            let path = resolve(relative)
            flowPath = path
            if !exists(path) {
                error(.fileUnreadable, "flow file \(UserText.quoted(relative)) does not exist (looked for \(path))", at: p.value.range)
            }
        } else if f["flow"] == nil, defaultFlow == nil {
            let base = ScenarioReader.suiteName(of: file)
            error(.missingKey, "no 'flow' given and there is no \(base).yaml beside this scenarios file", at: node.range)
        }
        var answers: SharedAnswers?
        var problems: [AnswersProblem] = []
        if let p = f["answers"] {
            (answers, problems) = readAnswers(p.value)
        }
        var seed = Scenario.defaultSeed
        if let p = f["seed"] {
            if let s = p.value.scalar, s.style == .plain, let v = UInt64(s.value) {
                seed = v
            } else {
                error(.typeMismatch, "'seed' must be a non-negative integer", at: p.value.range)
            }
        }
        var now = Scenario.defaultNow
        if let p = f["now"], let t = text(p.value, "'now'") {
            if let d = ISO8601DateFormatter().date(from: t) {
                now = d
            } else {
                error(
                    .invalidFormat, "'now' must be an ISO 8601 instant such as \(Scenario.defaultNowText); found \(UserText.quoted(t))",
                    at: p.value.range)
            }
        }
        var locale: ShopperLocale?
        if let p = f["locale"], let t = text(p.value, "'locale'") {
            locale = ShopperLocale.matching(t)
            if locale == nil {
                error(
                    .unsupportedLocale,
                    "'locale' \(UserText.quoted(t)) is not a supported locale; use one of \(ShopperLocale.supportedList)",
                    at: p.value.range, suggestion: Suggestions.closest(to: t, in: ShopperLocale.supported.map(\.tag)))
            }
        }
        var tags: [String] = []
        if let p = f["tags"] {
            if let items = p.value.sequence {
                tags = items.compactMap { text($0, "a tag") }
            } else {
                error(.typeMismatch, "'tags' must be a list, found \(p.value.shapeDescription)", at: p.value.range)
            }
        }
        var chain: String?
        if let p = f["chain"], let t = text(p.value, "'chain'") { chain = t }
        var world = world
        if let p = f["sandbox"] {
            if f["chain"] != nil {
                error(
                    .conflictingSettings,
                    "a scenario of a chain cannot have its own 'sandbox': the chain's scenarios share one sandbox, "
                        + "the file's (put the fixtures in the file's 'sandbox')",
                    at: p.key.range)
            }
            world = sandboxWorld(p.value, onto: world ?? .builtIn)
        }
        var expect = ScenarioExpectation()
        if let p = f["expect"] {
            expect = expectation(p.value)
        }
        guard let name, let flowPath else { return nil }
        var scenario = Scenario(
            name: name, flowPath: flowPath, answers: nil, answerProblems: problems, seed: seed, now: now, expect: expect, tags: tags,
            file: file, line: node.range.start.line)
        scenario.sharedAnswers = answers
        scenario.locale = locale
        scenario.chain = chain
        scenario.world = world
        if let p = f["taxService"] {
            scenario.taxService = taxServiceStandIn(p.value)
            scenario.taxServiceKey = p.key.range
        }
        if let s = f["answers"]?.value.scalar, !s.isNull { scenario.answersFile = resolve(s.value) }
        return scenario
    }

    /// Inline answers (problems are this file's, shown without a snippet: the lines hold card
    /// data), or an answers file by path (problems go into the run's result, as with `run`).
    mutating func readAnswers(_ node: YAMLNode) -> (SharedAnswers?, [AnswersProblem]) {
        if node.mapping != nil {
            let (answers, problems) = AnswersReader.read(node, file: file)
            for p in problems {
                var d = p.diagnostic
                d.hidesSource = true
                d.message = "answers: " + d.message
                diagnostics.append(d)
            }
            return (SharedAnswers(answers ?? Answers()), [])
        }
        guard let s = node.scalar, !s.isNull, !s.value.isEmpty else {
            error(
                .typeMismatch, "'answers' must be a mapping or the path of an answers file, found \(node.shapeDescription)", at: node.range)
            return (nil, [])
        }
        let path = resolve(s.value)
        var failure: FileReadError?
        let files = self.files
        let read = { () -> (SharedAnswers?, [AnswersProblem])? in
            switch files.read(path, AnswersReader.limits.maxBytes) {
            case .success(let bytes):
                let (answers, problems) = AnswersReader.read(bytes, file: path)
                return (answers.map(SharedAnswers.init), problems)
            case .failure(let f):
                failure = f
                return nil
            }
        }
        if let answers = files.answersCache.map({ $0.answers(at: path, read: read) }) ?? read() { return answers }
        switch failure {
        case nil:
            return (nil, [])
        case let failure? where failure.rule == .sizeLimit:
            error(.sizeLimit, "the answers file \(UserText.quoted(s.value)) (\(path)): \(failure.reason)", at: node.range)
            return (nil, [])
        case let failure?:
            error(
                .fileUnreadable, "cannot read the answers file \(UserText.quoted(s.value)) (looked for \(path)): \(failure.reason)",
                at: node.range)
            return (nil, [])
        }
    }
}

extension ScenarioFileReader: MappingFindingSink {
    mutating func record(_ finding: MappingFinding, in place: MappingPlace, at range: SourceRange) {
        error(finding.rule, finding.message(in: place), at: range, suggestion: finding.suggestion, notes: finding.notes)
    }

    func describe(_ node: YAMLNode) -> String { node.shapeDescription }
}

/// The known pairs of a mapping, by key. A scenario's handful of keys are compared in place
/// (by length first): a dictionary per mapping, hashing each key written and each key asked,
/// was a third of reading a 10,000-scenario suite (issue 21).
struct KnownPairs {
    /// The pairs; nil when the node was not a mapping.
    let fields: Fields?

    /// The pair keyed `key`.
    subscript(_ key: String) -> YAMLPair? { fields?.pair(key) }

    /// Whether the mapping has no known key.
    var isEmpty: Bool { fields?.isEmpty ?? true }

    /// How many known keys the mapping has.
    var count: Int { fields?.count ?? 0 }
}
