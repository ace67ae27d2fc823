package import CheckoutLanguage
import CheckoutRuntime

/// What `expect.steps` says about the stages a run went through (docs/testing.md, "What
/// ran"): compared with the run's trace events, the same events `--trace` writes. Every stage
/// id keeps where it is written, so one the flow does not have is reported at its line.
package struct StepsExpectation: Sendable, Equatable {
    /// `ran`: stage ids in the order they ran; a subsequence of the run's unless `exactly`.
    package var ran: [StageMention]?
    /// `exactly`: `ran` and `routes` list the whole sequence, nothing else.
    package var exactly: Bool
    /// `visits`: how often each stage ran.
    package var visits: [StageCount]
    /// `attempts`: each step's provider calls, retries and token refreshes included.
    package var attempts: [StageCount]
    /// `refreshes`: how often each tokenize step refreshed the checkout token.
    package var refreshes: [StageCount]
    /// `waits`: the milliseconds each step waited before each of its retries (`step.retry`'s
    /// `delayMs`), in order over all its visits.
    package var waits: [StageWaits] = []
    /// `inputs`: the input-line events each `creditCard` screen with `inputEvents: true` sent
    /// (`input.startEdit` … `input.didSubmit`, without `input.`), in order over all its visits.
    package var inputs: [StageInputs] = []
    /// `outcomes`: each stage's last outcome, as the trace words it.
    package var outcomes: [ExpectedStageOutcome]
    /// `routes`: the routes taken, in order; a subsequence of the run's unless `exactly`.
    package var routes: [ExpectedRoute]?

    /// Creates an expectation.
    package init(
        ran: [StageMention]? = nil, exactly: Bool = false, visits: [StageCount] = [], attempts: [StageCount] = [],
        refreshes: [StageCount] = [], outcomes: [ExpectedStageOutcome] = [], routes: [ExpectedRoute]? = nil
    ) {
        self.ran = ran
        self.exactly = exactly
        self.visits = visits
        self.attempts = attempts
        self.refreshes = refreshes
        self.outcomes = outcomes
        self.routes = routes
    }
}

/// A stage id as a scenarios file writes it, with where.
package struct StageMention: Sendable, Hashable, CustomStringConvertible {
    /// The stage id (`end` as a route's target).
    package var id: String
    /// Where it is written.
    package var range: SourceRange

    /// Creates a mention.
    package init(_ id: String, at range: SourceRange) {
        self.id = id
        self.range = range
    }

    package var description: String { id }
}

/// A count expected of one stage (`visits`, `attempts`, `refreshes`).
package struct StageCount: Sendable, Hashable {
    /// The stage.
    package var stage: StageMention
    /// The count, 0 or more.
    package var count: Int

    /// Creates a count.
    package init(_ stage: StageMention, _ count: Int) {
        self.stage = stage
        self.count = count
    }
}

/// The outcome expected of one stage's last visit.
package struct ExpectedStageOutcome: Sendable, Hashable {
    /// The stage.
    package var stage: StageMention
    /// The outcome as the trace words it (`approved`, `declined`, `AUTHENTICATION_FAILED`,
    /// `answered`, `skipped`, `error`, …).
    package var outcome: String

    /// Creates an expected outcome.
    package init(_ stage: StageMention, _ outcome: String) {
        self.stage = stage
        self.outcome = outcome
    }
}

/// A route expected to be taken: the trace's `stage.routed`.
package struct ExpectedRoute: Sendable, Hashable, CustomStringConvertible {
    /// The stage that ended.
    package var from: StageMention
    /// The outcome it ended with (a route's `on` key: `declined`, `failed`, …).
    package var on: String
    /// Where the run went: a stage id or `end`.
    package var to: StageMention

    /// Creates a route.
    package init(from: StageMention, on: String, to: StageMention) {
        self.from = from
        self.on = on
        self.to = to
    }

    package var description: String { "{ from: \(from.id), on: \(on), to: \(to.id) }" }
}

/// The input-line events expected of one card screen (`inputs`), by name without `input.`, in
/// order.
package struct StageInputs: Sendable, Hashable {
    /// The screen.
    package var stage: StageMention
    /// The events' names: `startEdit`, `endEdit`, `willCheck`, `didCheck`, `didSubmit`.
    package var events: [String]

    /// Creates the expectation.
    package init(_ stage: StageMention, _ events: [String]) {
        self.stage = stage
        self.events = events
    }

    /// The names `inputs` takes: the trace's input-line events without `input.` (one list:
    /// `TraceEventName`).
    package static let names: [String] = TraceEventName.allCases.map(\.rawValue).filter { $0.hasPrefix(prefix) }
        .map { String($0.dropFirst(prefix.count)) }

    /// What the trace's input-line events start with.
    package static let prefix = "input."
}

/// The waits expected of one step before its retries (`waits`), in milliseconds, in order.
package struct StageWaits: Sendable, Hashable {
    /// The step.
    package var stage: StageMention
    /// The waits.
    package var millis: [Int]

    /// Creates the expectation.
    package init(_ stage: StageMention, _ millis: [Int]) {
        self.stage = stage
        self.millis = millis
    }
}
