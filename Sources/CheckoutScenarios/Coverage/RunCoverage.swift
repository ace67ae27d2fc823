package import CheckoutLanguage
package import CheckoutRuntime

/// What one run covered, read from its trace events (the ones `--trace` writes): the stages
/// that ran, the guarded stages skipped because their `when` did not hold, the outcome routes
/// taken, and what each stage produced (docs/testing.md, "Flow coverage").
///
/// Visits are found as `StageHistory` finds them (a step from its `step.start`, a screen from
/// its first `screen.*` or `scan.*` event outside an unfinished step). A visit's route is its
/// `stage.routed` when there is one; else `success` when the run went on to another stage;
/// else, for the run's last visit, the run's status (`run.end`) when it is one of
/// success, declined, failed, canceled — `invalid` and `error` are not routes.
package struct RunCoverage: Sendable {
    /// Stage ids that ran.
    package var ran: Set<String> = []
    /// Stage ids skipped because their `when` did not hold.
    package var skippedByCondition: Set<String> = []
    /// A route taken: a stage ended with an outcome.
    package struct Route: Sendable, Hashable {
        /// The stage id.
        package var stage: String
        /// How it ended.
        package var outcome: StageOutcome
    }

    /// The routes taken (kept as stage and outcome, not keys: a run makes no text for them).
    package var routes: Set<Route> = []
    /// Keys of the routes taken (`CoverageItem.routeKey`).
    package var routeKeys: Set<String> { Set(routes.map { CoverageItem.routeKey($0.stage, $0.outcome) }) }
    /// What each stage produced, by stage id: step outcomes (`approved`, a 3-D Secure result),
    /// `declined <code>`, `retried <code>` (a timeout is `retried timeout`), `token refreshed`,
    /// `error <code>`, the paths of answer problems (`invalid <path>`), a scan's failures.
    /// Never card data: the events it reads carry none of it in these fields.
    package var observed: [String: Set<String>] = [:]

    /// Reads `events` in order.
    package init(_ events: [TraceEvent]) {
        var open: (stage: String, isStep: Bool, ended: String?, routed: Bool)?
        func close(goingOn: Bool) {
            guard let visit = open, !visit.routed, goingOn else { return }
            routes.insert(Route(stage: visit.stage, outcome: .success))
        }
        for e in events {
            let event = e.event
            if event == "run.end" {
                if let visit = open, !visit.routed, let outcome = Self.finalOutcome(visit.ended, status: Self.text(e, "status")) {
                    routes.insert(Route(stage: visit.stage, outcome: outcome))
                }
                open = nil
                continue
            }
            // The most frequent events say nothing coverage reads.
            guard let stage = e.stage, event != "provider.call", !event.hasPrefix("hook.") else { continue }
            switch event {
            case "step.start":
                close(goingOn: true)
                open = (stage, true, nil, false)
                ran.insert(stage)
                continue
            case "stage.skipped":
                close(goingOn: true)
                open = nil
                if e.attributes.contains(where: { $0.key == "condition" }) { skippedByCondition.insert(stage) }
                continue
            case "stage.routed":
                if let outcome = Self.text(e, "outcome").flatMap(StageOutcome.init(rawValue:)) {
                    routes.insert(Route(stage: stage, outcome: outcome))
                }
                if open?.stage == stage { open?.routed = true }
                continue
            default: break
            }
            if event.hasPrefix("screen.") || event.hasPrefix("scan.") {
                let inStep = open.map { $0.isStep && $0.ended == nil } ?? false
                if !inStep, open.map({ $0.isStep || $0.stage != stage || $0.routed }) ?? true {
                    close(goingOn: true)
                    open = (stage, false, nil, false)
                    ran.insert(stage)
                }
            }
            observe(e, stage: stage)
            guard open?.stage == stage, let ending = Self.ending[event] else { continue }
            open?.ended = Self.text(e, "outcome") ?? ending
        }
    }

    /// Records what `e` says `stage` produced.
    private mutating func observe(_ e: TraceEvent, stage: String) {
        let seen: [String]
        switch e.event {
        case "step.end":
            let outcome = Self.text(e, "outcome") ?? "success"
            seen = [Self.text(e, "declineCode").map { "\(outcome) \($0)" } ?? outcome]
        case "step.retry": seen = ["retried \(Self.text(e, "code") ?? "")"]
        case "token.refresh": seen = ["token refreshed"]
        case "step.error": seen = ["error \(Self.text(e, "code") ?? "")"]
        case "screen.invalid", "card.invalid":
            guard case .array(let paths) = e.attributes.first(where: { $0.key == "issues" })?.value else { return }
            seen = paths.compactMap { if case .string(let p) = $0 { "invalid \(p)" } else { nil } }
        case "scan.failed": seen = ["scan failed \(Self.text(e, "outcome") ?? Self.text(e, "error") ?? "")"]
        case "screen.canceled": seen = ["canceled"]
        default: return
        }
        observed[stage, default: []].formUnion(seen)
    }

    /// The route of the run's last visit: its own outcome when that names one (a declined
    /// step, a card scan's error), else the run's status.
    static func finalOutcome(_ ended: String?, status: String?) -> StageOutcome? {
        if let ended, let outcome = StageOutcome(rawValue: ended), outcome != .success { return outcome }
        switch status {
        case "success": return .success
        case "declined": return .declined
        case "failed": return .failed
        case "canceled": return .canceled
        default: return nil
        }
    }

    /// Events that end a visit, with the outcome they give when they have no `outcome`.
    static let ending = StageHistory.ending

    static func text(_ e: TraceEvent, _ key: String) -> String? { StageHistory.text(e, key) }
}
