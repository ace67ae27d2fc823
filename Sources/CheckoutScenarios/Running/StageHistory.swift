package import CheckoutRuntime

/// What ran in a run, read from its trace events, the ones `--trace` writes: each visit of a
/// stage in order, with its attempts, token refreshes and outcome; the routes taken; and each
/// stage's last outcome. `expect.steps` is compared with this (docs/testing.md, "What ran").
///
/// - A step's visit is its `step.start`; `step.retry` and `token.refresh` at that stage add an
///   attempt each (a refresh also counts as a refresh); `step.end` gives its outcome (the
///   event's `outcome`), `step.error` and `card.invalid` give `error` and `invalid`.
/// - A screen's visit is its first `screen.*` or `scan.*` event after any other stage's
///   event, outside a step that has not ended (the challenge's `screen.wait` is the step's); `screen.answered`, `.invalid`, `.canceled`, `.left`, `.error`, `scan.completed`
///   and `scan.failed` give its outcome (the event's `outcome` if it has one, else the name
///   after the dot). A `result` screen records nothing and never shows.
/// - `stage.skipped` makes `skipped` the stage's last outcome without a visit; `stage.routed`
///   is a route (`from`, `on`, `to`).
///
/// Retries of calls outside the pipeline's stages (the returning shopper's read, the currency
/// table) carry a stage no visit has, and are not counted.
package struct StageHistory: Sendable, Equatable {
    /// One visit of a stage.
    package struct Visit: Sendable, Equatable {
        /// The stage id.
        package var stage: String
        /// A step (else a screen).
        package var isStep: Bool
        /// Provider calls: 1, plus one per retry and token refresh.
        package var attempts = 1
        /// Token refreshes.
        package var refreshes = 0
        /// The waits before its retries (`step.retry`'s `delayMs`), in order.
        package var waits: [Int] = []
        /// How the visit ended; nil while it has not.
        package var outcome: String?
    }

    /// A route taken.
    package struct Route: Sendable, Equatable, CustomStringConvertible {
        package var from: String
        package var on: String
        package var to: String
        package var description: String { "{ from: \(from), on: \(on), to: \(to) }" }
    }

    /// The visits, in order.
    package var visits: [Visit] = []
    /// The routes taken, in order.
    package var routes: [Route] = []
    /// Each stage's last outcome: its last visit's, or `skipped` when it was skipped after it.
    package var lastOutcome: [String: String] = [:]
    /// Each card screen's input-line events (`input.*`, without `input.`), in order. They are
    /// the screen's wherever they come: `input.didSubmit` comes during the tokenize step.
    package var inputs: [String: [String]] = [:]

    /// Events that end a visit, with the outcome they give when they have no `outcome`.
    static let ending: [String: String] = [
        "step.end": "success", "step.error": "error", "card.invalid": "invalid", "screen.answered": "answered",
        "screen.invalid": "invalid", "screen.canceled": "canceled", "screen.left": "left", "screen.error": "error",
        "scan.completed": "completed", "scan.failed": "failed",
    ]

    /// Reads `events` in order.
    package init(_ events: [TraceEvent]) {
        var open: Int?
        for e in events {
            guard let stage = e.stage else { continue }
            let event = e.event
            if event.hasPrefix(StageInputs.prefix) {
                inputs[stage, default: []].append(String(event.dropFirst(StageInputs.prefix.count)))
                continue
            }
            if event == "step.start" {
                visits.append(Visit(stage: stage, isStep: true))
                open = visits.count - 1
                lastOutcome[stage] = "unfinished"
                continue
            }
            if event == "stage.skipped" {
                lastOutcome[stage] = "skipped"
                open = nil
                continue
            }
            if event == "stage.routed" {
                routes.append(Route(from: stage, on: Self.text(e, "outcome") ?? "", to: Self.text(e, "to") ?? ""))
                open = nil
                continue
            }
            if event.hasPrefix("screen.") || event.hasPrefix("scan.") {
                // Inside a step that has not ended (the 3-D Secure challenge's `screen.wait`),
                // a screen event belongs to the step; otherwise it opens a visit of its screen.
                let inStep = open.map { visits[$0].isStep && visits[$0].outcome == nil } ?? false
                if !inStep, open.map({ visits[$0].isStep || visits[$0].stage != stage }) ?? true {
                    visits.append(Visit(stage: stage, isStep: false))
                    open = visits.count - 1
                    lastOutcome[stage] = "unfinished"
                }
            }
            guard let i = open, visits[i].stage == stage else { continue }
            switch event {
            case "step.retry" where visits[i].isStep:
                visits[i].attempts += 1
                if let delay = Self.integer(e, "delayMs") { visits[i].waits.append(delay) }
            case "token.refresh" where visits[i].isStep:
                visits[i].attempts += 1
                visits[i].refreshes += 1
            default:
                guard let fallback = Self.ending[event] else { continue }
                let outcome = Self.text(e, "outcome") ?? fallback
                visits[i].outcome = outcome
                lastOutcome[stage] = outcome
            }
        }
    }

    /// The stage ids of the visits, in order.
    package var ran: [String] { visits.map(\.stage) }

    /// How often `stage` ran.
    package func visitCount(_ stage: String) -> Int { visits.count { $0.stage == stage } }

    /// `stage`'s attempts over all its visits.
    package func attempts(_ stage: String) -> Int { visits.filter { $0.stage == stage }.reduce(0) { $0 + $1.attempts } }

    /// `stage`'s token refreshes over all its visits.
    package func refreshes(_ stage: String) -> Int { visits.filter { $0.stage == stage }.reduce(0) { $0 + $1.refreshes } }

    /// `stage`'s waits before its retries, over all its visits.
    package func waits(_ stage: String) -> [Int] { visits.filter { $0.stage == stage }.flatMap(\.waits) }

    static func integer(_ e: TraceEvent, _ key: String) -> Int? {
        guard case .number(let text) = e.attributes.first(where: { $0.key == key })?.value else { return nil }
        return Int(text)
    }

    static func text(_ e: TraceEvent, _ key: String) -> String? {
        guard let member = e.attributes.first(where: { $0.key == key }), case .string(let s) = member.value else { return nil }
        return s
    }
}
