package import CheckoutDomain
package import CheckoutHeadless
package import CheckoutLanguage
package import CheckoutProviders
package import CheckoutRuntime
package import Foundation

/// One scenario of a scenarios file (SPEC §12): a flow, the answers a shopper gives, and what
/// the run must end with.
package struct Scenario: Sendable {
    // The fields live in one shared, copy-on-write box: a suite holds, filters and hands
    // around thousands of scenarios, and each inline copy was about a kilobyte (the answers'
    // addresses and cards), most of a 10,000-scenario suite's loading time in `memmove` and
    // page faults.
    private final class Storage: @unchecked Sendable {
        var name: String
        var flowPath: String
        var answers: SharedAnswers?
        var answerProblems: [AnswersProblem]
        var answersFile: String?
        var seed: UInt64
        var now: Date
        var locale: ShopperLocale?
        var expect: ScenarioExpectation
        var tags: [String]
        var chain: String?
        var world: SandboxWorld?
        var taxService: TaxServiceStandIn?
        var taxServiceKey: SourceRange?
        var file: String
        var line: Int

        init(
            name: String, flowPath: String, answers: SharedAnswers?, answerProblems: [AnswersProblem], seed: UInt64, now: Date,
            expect: ScenarioExpectation, tags: [String], file: String, line: Int
        ) {
            self.name = name
            self.flowPath = flowPath
            self.answers = answers
            self.answerProblems = answerProblems
            self.seed = seed
            self.now = now
            self.expect = expect
            self.tags = tags
            self.file = file
            self.line = line
        }

        func copy() -> Storage {
            let c = Storage(
                name: name, flowPath: flowPath, answers: answers, answerProblems: answerProblems, seed: seed, now: now,
                expect: expect, tags: tags, file: file, line: line)
            c.answersFile = answersFile
            c.locale = locale
            c.chain = chain
            c.world = world
            c.taxService = taxService
            c.taxServiceKey = taxServiceKey
            return c
        }
    }

    private var storage: Storage

    /// The box, copied first when another scenario shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The scenario's name, unique in its file.
    package var name: String {
        get { storage.name }
        set { unique().name = newValue }
    }
    /// The flow to run, resolved against the scenarios file's folder.
    package var flowPath: String {
        get { storage.flowPath }
        set { unique().flowPath = newValue }
    }
    /// The answers, read with `AnswersReader`; nil when they have problems (then the run is
    /// `invalid` with `answerProblems` as its errors, exactly as `checkout run` would be).
    package var answers: Answers? {
        get { storage.answers?.answers }
        set { unique().answers = newValue.map(SharedAnswers.init) }
    }
    /// `answers` as the scenarios that name one answers file share them: one object, not a copy
    /// each (the answers are 624 bytes of addresses and cards, a third of a scenario's memory).
    package var sharedAnswers: SharedAnswers? {
        get { storage.answers }
        set { unique().answers = newValue }
    }
    /// Problems reading the answers.
    package var answerProblems: [AnswersProblem] {
        get { storage.answerProblems }
        set { unique().answerProblems = newValue }
    }
    /// The answers file, when `answers` named one (resolved against the scenarios file).
    package var answersFile: String? {
        get { storage.answersFile }
        set { unique().answersFile = newValue }
    }
    /// Seed of the run's ids (`checkout run --seed`).
    package var seed: UInt64 {
        get { storage.seed }
        set { unique().seed = newValue }
    }
    /// The run's fixed clock (`checkout run --now`).
    package var now: Date {
        get { storage.now }
        set { unique().now = newValue }
    }
    /// The shopper's language (`locale`); nil: the flow's, else the environment's.
    package var locale: ShopperLocale? {
        get { storage.locale }
        set { unique().locale = newValue }
    }
    /// What the result must hold.
    package var expect: ScenarioExpectation {
        get { storage.expect }
        set { unique().expect = newValue }
    }
    /// Tags for `--tag` / `--skip-tag`.
    package var tags: [String] {
        get { storage.tags }
        set { unique().tags = newValue }
    }
    /// The chain the scenario belongs to (`chain:`): the chain's scenarios run in file order
    /// against one sandbox, as one unit for `--jobs` and `--shard`; nil: independent.
    package var chain: String? {
        get { storage.chain }
        set { unique().chain = newValue }
    }
    /// The sandbox the scenario runs against when its provider is the sandbox: the built-in
    /// world plus its file's `sandbox:` fixtures plus its own; nil: the built-in sandbox.
    package var world: SandboxWorld? {
        get { storage.world }
        set { unique().world = newValue }
    }
    /// The test double standing in for the flow's `taxService` in this scenario only
    /// (`taxService:`); nil: the flow's real service.
    package var taxService: TaxServiceStandIn? {
        get { storage.taxService }
        set { unique().taxService = newValue }
    }
    /// Where `taxService:` is written, for the finding when the flow has no tax service.
    package var taxServiceKey: SourceRange? {
        get { storage.taxServiceKey }
        set { unique().taxServiceKey = newValue }
    }
    /// The scenarios file and the line the scenario starts on, for failure messages.
    package var file: String {
        get { storage.file }
        set { unique().file = newValue }
    }
    package var line: Int {
        get { storage.line }
        set { unique().line = newValue }
    }

    /// Creates a scenario.
    package init(
        name: String, flowPath: String, answers: Answers?, answerProblems: [AnswersProblem] = [],
        seed: UInt64 = Scenario.defaultSeed, now: Date = Scenario.defaultNow, expect: ScenarioExpectation = ScenarioExpectation(),
        tags: [String] = [], file: String, line: Int
    ) {
        storage = Storage(
            name: name, flowPath: flowPath, answers: answers.map(SharedAnswers.init), answerProblems: answerProblems, seed: seed, now: now,
            expect: expect, tags: tags, file: file, line: line)
    }

    /// The seed a scenario runs with unless it sets `seed`.
    package static let defaultSeed: UInt64 = 1
    /// The clock a scenario runs with unless it sets `now`: 2026-01-01T00:00:00Z, so card
    /// expiry checks and token lifetimes never depend on the day the suite runs.
    package static let defaultNow = Date(timeIntervalSince1970: 1_767_225_600)
    /// `defaultNow` as written in the docs.
    package static let defaultNowText = "2026-01-01T00:00:00Z"
}

/// The expected result of a scenario; only the keys given are compared.
package struct ScenarioExpectation: Sendable, Equatable {
    package var status: String?
    package var exitCode: Int32?
    package var paymentType: String?
    package var threeDSAuthenticationResult: String?
    package var declineCode: String?
    /// Compared as a set of `(path, code)` against the result's errors; a message, when
    /// given, must match too.
    package var errors: [ExpectedError]?
    /// What ran, compared with the run's trace (`expect.steps`).
    package var steps: StepsExpectation?
    /// `expect.result`: any part of the result JSON, compared by `StructuralMatcher`.
    package var result: ExpectedNode?
    /// The provider calls the run must have made (`expect.sent`): matched in order as a
    /// subsequence of the run's calls, each item as a subset (`SentMatcher`).
    package var sent: ExpectedCalls?

    /// Creates an expectation.
    package init(
        status: String? = nil, exitCode: Int32? = nil, paymentType: String? = nil, threeDSAuthenticationResult: String? = nil,
        declineCode: String? = nil, errors: [ExpectedError]? = nil, steps: StepsExpectation? = nil,
        result: ExpectedNode? = nil,
        sent: ExpectedCalls? = nil
    ) {
        self.status = status
        self.exitCode = exitCode
        self.paymentType = paymentType
        self.threeDSAuthenticationResult = threeDSAuthenticationResult
        self.declineCode = declineCode
        self.errors = errors
        self.steps = steps
        self.result = result
        self.sent = sent
    }
}

/// An expectation kept as written (a node of the scenarios file, with its positions), for
/// `StructuralMatcher`. Two are equal when they are the same span of the same file.
package struct ExpectedNode: Sendable, Equatable {
    /// The expected value.
    package var node: YAMLNode
    /// The scenarios file it is in.
    package var file: String

    /// Creates an expected node.
    package init(node: YAMLNode, file: String) {
        self.node = node
        self.file = file
    }

    package static func == (lhs: ExpectedNode, rhs: ExpectedNode) -> Bool {
        lhs.file == rhs.file && lhs.node.range == rhs.node.range
    }
}

/// The items of an `expect.sent`, as written (each a mapping `{operation, stage?, fields?,
/// answer?}`), with the scenarios file they are in, so a mismatch names the item's `file:line`.
package struct ExpectedCalls: Sendable, Equatable {
    /// The items, in order.
    package var items: [YAMLNode]
    /// The scenarios file.
    package var file: String

    /// Creates the expected calls.
    package init(items: [YAMLNode], file: String) {
        self.items = items
        self.file = file
    }

    /// Equal when they are the same items of the same file (by where they are).
    package static func == (a: ExpectedCalls, b: ExpectedCalls) -> Bool {
        a.file == b.file && a.items.map(\.range) == b.items.map(\.range)
    }
}

/// One expected entry of the result's `errors`.
package struct ExpectedError: Sendable, Hashable {
    package var path: String
    package var code: String
    package var message: String?

    /// Creates an expected error.
    package init(path: String, code: String, message: String? = nil) {
        self.path = path
        self.code = code
        self.message = message
    }
}

/// A read scenarios file.
package struct ScenarioFile: Sendable {
    /// The path as the user named it (or as found under a directory).
    package var path: String
    /// Its name without `.scenarios.yaml`: the suite name in output and JUnit.
    package var suiteName: String
    /// The scenarios, in file order.
    package var scenarios: [Scenario]

    /// Creates a scenarios file.
    package init(path: String, suiteName: String, scenarios: [Scenario]) {
        self.path = path
        self.suiteName = suiteName
        self.scenarios = scenarios
    }
}

extension Scenario {
    /// What the scenario runs as one unit with (`--jobs`, `--shard`): its file's chain of that
    /// name; nil when it is independent.
    package var unitKey: String? { chain.map { file + "\n" + $0 } }

    /// Whether the scenario runs against a sandbox of its own, built from its fixtures or its
    /// chain's state, whichever provider the suite runs against in-process (`ScenarioRunner`):
    /// a fixture card or shopper exists only there, so a run against a provider's fake would
    /// not be the same checkout.
    package var runsOnItsOwnSandbox: Bool { world != nil || chain != nil }
}

/// A scenario's answers, held once for every scenario that names the same answers file
/// (`AnswersCache`).
package final class SharedAnswers: Sendable {
    /// The answers.
    package let answers: Answers
    /// Holds `answers`.
    package init(_ answers: Answers) { self.answers = answers }
}
