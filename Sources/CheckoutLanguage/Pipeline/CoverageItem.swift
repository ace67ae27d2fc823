/// One thing flow coverage counts (`checkout test --coverage`, docs/testing.md "Flow
/// coverage"): a stage that ran, a guard that held or did not, or an outcome route taken.
///
/// The set a flow is measured against comes from its compiled pipeline alone
/// (`Pipeline.coverageItems`), so the test runner and `checkout graph --coverage` agree.
package struct CoverageItem: Sendable, Hashable {
    /// What is counted.
    package enum Kind: String, Sendable, Hashable {
        /// The stage ran at least once.
        case stage
        /// The stage's `when` held and the stage ran.
        case guardTrue = "when-true"
        /// The stage's `when` did not hold and the stage was skipped.
        case guardFalse = "when-false"
        /// The stage ended with `outcome` and the run went on to `target`.
        case route
    }

    /// What is counted.
    package var kind: Kind
    /// The stage id.
    package var stage: String
    /// Routes: the outcome.
    package var outcome: StageOutcome?
    /// Routes: where the outcome goes (a stage id or `end`).
    package var target: String?

    /// Creates an item.
    package init(_ kind: Kind, stage: String, outcome: StageOutcome? = nil, target: String? = nil) {
        self.kind = kind
        self.stage = stage
        self.outcome = outcome
        self.target = target
    }

    /// The item's stable key, as the coverage JSON writes it: `stage:review`,
    /// `when:wallet:true`, `route:sale:declined`.
    package var key: String {
        switch kind {
        case .stage: "stage:\(stage)"
        case .guardTrue: "when:\(stage):true"
        case .guardFalse: "when:\(stage):false"
        case .route: "route:\(stage):\(outcome?.rawValue ?? "")"
        }
    }

    /// The item in words: `stage review ran`, `route sale declined → end`.
    package var summary: String {
        switch kind {
        case .stage: "stage \(stage) ran"
        case .guardTrue: "when of \(stage) held (stage ran)"
        case .guardFalse: "when of \(stage) did not hold (stage skipped)"
        case .route: "route \(stage) \(outcome?.rawValue ?? "") → \(target ?? "end")"
        }
    }

    /// The key of the route `outcome` of `stage`.
    package static func routeKey(_ stage: String, _ outcome: StageOutcome) -> String { "route:\(stage):\(outcome.rawValue)" }
}

extension Pipeline {
    /// What flow coverage measures this pipeline against: every stage that can show or run
    /// (the result screen, which always ends a run, is left out), both sides of every `when`,
    /// and, for every stage, each outcome its kind can end with (`StageKind.outcomes`: a
    /// sale's success and declined, a threeDS step's success, failed and canceled, a card
    /// scan's five) going where the route or the default sends it. Provider errors end a run
    /// from any step and are not routes. What the compiler proved no run can take is left out
    /// (`dead-route`, `PipelineStage.guardAlways`): a stage whose `when` is always false counts
    /// only its skip, one whose `when` is always true only its run.
    package var coverageItems: [CoverageItem] {
        var items: [CoverageItem] = []
        for (i, stage) in stages.enumerated() where stage.kind != .screen(.result) {
            if stage.guardAlways == false {
                items.append(CoverageItem(.guardFalse, stage: stage.id))
                continue
            }
            items.append(CoverageItem(.stage, stage: stage.id))
            if stage.condition != nil {
                items.append(CoverageItem(.guardTrue, stage: stage.id))
                if stage.guardAlways != true { items.append(CoverageItem(.guardFalse, stage: stage.id)) }
            }
            for outcome in stage.outcomes {
                let target = successor(of: i, on: outcome).map { stages[$0].id } ?? "end"
                items.append(CoverageItem(.route, stage: stage.id, outcome: outcome, target: target))
            }
        }
        return items
    }
}
