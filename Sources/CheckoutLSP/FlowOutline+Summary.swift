import CheckoutDomain
import CheckoutLanguage

extension FlowOutline {
    /// What a stage does and where each of its outcomes goes, as Markdown (hover, and the
    /// documentation of a stage id in completion). Values from the document are shown through
    /// `UserText.shown`: a title that looks like a card number is not repeated.
    func summary(of stage: Stage) -> String {
        let screen = stage.isScreen ? ScreenKind(rawValue: stage.kind) : nil
        let step = stage.isScreen ? nil : StepKind(rawValue: stage.kind)
        let what = screen?.summary ?? step?.summary ?? "an unknown kind"
        var lines = ["**\(stage.isScreen ? "screen" : "step") `\(UserText.shown(stage.id))`** (`\(UserText.shown(stage.kind))`): \(what)"]
        if let title = stage.title { lines.append("title: \(UserText.shown(title))") }
        if let when = stage.when?.scalar?.value { lines.append("runs when `\(UserText.shown(when))`, else skipped") }
        let outcomes = screen?.outcomes ?? step?.outcomes ?? stage.routes.compactMap { StageOutcome(rawValue: $0.outcome) }
        var routes: [String] = []
        for outcome in outcomes {
            if let route = stage.routes.first(where: { $0.outcome == outcome.rawValue }) {
                // A route being typed (`declined: ` with nothing yet) names no stage.
                let target = route.target.isEmpty ? "no stage yet" : "`\(UserText.shown(route.target))`"
                routes.append("- `\(outcome.rawValue)` → \(target)")
            } else if outcome == .success {
                routes.append("- `success` → \(next(after: stage).map { "`\(UserText.shown($0))` (the next stage)" } ?? "the end")")
            } else {
                routes.append("- `\(outcome.rawValue)` → ends the run `\(outcome.rawValue)`")
            }
        }
        for route in stage.routes where !outcomes.contains(where: { $0.rawValue == route.outcome }) {
            routes.append("- `\(UserText.shown(route.outcome))` → `\(UserText.shown(route.target))` (it never ends so)")
        }
        return (lines + ["", "routes:"] + routes).joined(separator: "\n")
    }

    /// The id of the stage after `stage` in the written order, or nil after the last.
    func next(after stage: Stage) -> String? {
        guard let i = stages.firstIndex(where: { $0.item.range == stage.item.range }), i + 1 < stages.count else { return nil }
        return stages[i + 1].id
    }
}

/// The names a completion offers from the document itself: its stage ids (with what each
/// does), its steps (for `outcome.<id>`) and its custom fields (for `custom.<id>`). Read from the
/// document's outline, or, when the document is not YAML as it is being typed, from the
/// document without the line being typed; a name that looks like a card number is left out.
final class DocumentNames {
    struct StageName {
        var id: String
        var kind: String
        var isScreen: Bool
        var summary: String
    }

    private let text: String
    private let lineStart: String.Index
    private let cursor: String.Index

    init(text: String, lineStart: String.Index, cursor: String.Index) {
        self.text = text
        self.lineStart = lineStart
        self.cursor = cursor
    }

    lazy var outline: FlowOutline? = {
        if let outline = FlowOutline(text) { return outline }
        let lineEnd = text[cursor...].firstIndex(where: \.isNewline) ?? text.endIndex
        return FlowOutline(String(text[..<lineStart] + text[lineEnd...]))
    }()

    lazy var stages: [StageName] = {
        guard let outline else { return [] }
        var seen = Set<String>()
        return outline.stages.compactMap { stage in
            guard !stage.id.isEmpty, !UserText.containsCardNumber(stage.id), seen.insert(stage.id).inserted else { return nil }
            return StageName(id: stage.id, kind: stage.kind, isScreen: stage.isScreen, summary: outline.summary(of: stage))
        }
    }()

    lazy var customFields: [String] = {
        let custom = outline?.root.pair("fields")?.value.pair("custom")?.value.sequence ?? []
        return custom.compactMap { $0.pair("id")?.value.scalar?.value }.filter { !UserText.containsCardNumber($0) }
    }()
}
