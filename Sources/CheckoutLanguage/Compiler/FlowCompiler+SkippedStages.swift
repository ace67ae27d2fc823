import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// Guarded stages before more than this many stop the per-stage analyses: their needs are
    /// checked as if every guarded stage ran, as before skip edges.
    static let guardedStageLimit = 64
    /// At most this many analyses, one per way the guards go, per pipeline.
    static let skipAnalysisLimit = 16

    /// What a stage needs, with the skip edges of guarded stages (docs/language.md, "Conditions"):
    /// a guarded stage the request does not decide may be skipped, and a stage it skips has
    /// nothing to give the stages after it. A stage with its own `when` assumes it: a stage whose
    /// `when` it implies runs too (the same condition, `plan == refundFull` after
    /// `plan in [captureFull, refundFull]`), one whose `when` it rules out is skipped.
    ///
    /// Reports only what the analysis where every guarded stage runs (`analysis`) did not.
    /// For each stage, true when skipping it could change no need: it provides no fact a need
    /// names and one of its own edges already goes where its skip edge would (the next stage,
    /// or the end after the last). Only `guarded` stages are looked at. An analysis whose
    /// skippable stages are all such adds no path the one where every stage runs lacks (and a
    /// stage skipped for sure only takes paths away), so it cannot find a need unmet that that
    /// one found met: a flow of 100,000 guarded review screens ran the analysis twice for nothing.
    static func transparentWhenSkipped(_ drafts: [StageDraft], guarded: [Int]) -> [Bool] {
        var out = [Bool](repeating: false, count: drafts.count)
        var firstById: [String: Int]?
        for i in guarded {
            let d = drafts[i]
            var provides = false
            PipelineGraphAnalysis.forEachFact(providedBy: d) { if $0.caseNumber != nil { provides = true } }
            guard !provides else { continue }
            let next = i + 1 < drafts.count ? i + 1 : nil
            let routes = d.stage.routes
            out[i] = d.stage.outcomes.contains { outcome in
                switch routes.isEmpty ? nil : routes[outcome] {
                case .stage(let id):
                    if firstById == nil {
                        var table: [String: Int] = [:]
                        for (k, other) in drafts.enumerated() where table[other.stage.id] == nil { table[other.stage.id] = k }
                        firstById = table
                    }
                    return firstById?[id] == next
                case .end: return next == nil
                // Unrouted: success goes on to the next stage (the end after the last), the rest end.
                case nil: return outcome == .success || next == nil
                }
            }
        }
        return out
    }

    static func checkSkippedNeeds(
        _ drafts: [StageDraft], numbers: [Int32], analysis g: PipelineGraphAnalysis, facts: RequestFacts, _ ctx: inout CompileContext
    ) {
        let guarded = drafts.indices.filter { drafts[$0].stage.condition != nil }
        guard !guarded.isEmpty else { return }
        // Every analysis below would be skipped (see `transparentWhenSkipped`): nothing to find,
        // and no need to build what the analyses read.
        let transparent = transparentWhenSkipped(drafts, guarded: guarded)
        guard guarded.contains(where: { !transparent[$0] }) else { return }
        // With a route to nowhere the graph is not the author's (`checkPipeline` said so).
        let ids = Set(drafts.map(\.stage.id))
        for d in drafts {
            for case .stage(let id) in d.stage.routes.values where !ids.contains(id) { return }
        }
        let known = { (name: String) in facts.values(of: name) }
        // Without a `when` of its own, a stage sees every guard the request leaves open go
        // either way.
        let base: [PipelineGraphAnalysis.GuardEdges] = drafts.map { d in
            guard d.stage.condition != nil else { return .run }
            switch d.stage.guardAlways {
            case true?: return .run
            case false?: return .skip
            case nil: return .either
            }
        }
        let initial = initialFacts(drafts)
        var analyses: [[PipelineGraphAnalysis.GuardEdges]: PipelineGraphAnalysis] = [:]
        // What one guard says of another, once per pair of conditions: stages often share one
        // (`paymentMethod == card` on the card screen, tokenize and the charge).
        // By the conditions' numbers from `checkConditions` (the same number, the same
        // condition), which hash as one integer; by the conditions themselves for the few
        // without one.
        var decidedPairs: [[Condition]: Bool?] = [:]
        var decidedNumbers: [Int: Bool?] = [:]
        for (i, d) in drafts.enumerated() where g.reachable[i] && d.stage.guardAlways != false {
            let needs = PipelineGraphAnalysis.needs(d.stage.kind, cardSource: d.cardSource).filter { g.knows($0, at: i) }
            guard !needs.isEmpty else { continue }
            var modes = base
            if let own = d.stage.condition {
                guard guarded.count <= guardedStageLimit else { continue }
                modes[i] = .run
                for j in guarded where j != i && base[j] == .either {
                    guard let other = drafts[j].stage.condition else { continue }
                    let decided: Bool?
                    let (a, b) = (Int(numbers[i]), Int(numbers[j]))
                    if a >= 0, b >= 0 {
                        let pair = a * drafts.count + b
                        if let cached = decidedNumbers[pair] {
                            decided = cached
                        } else {
                            decided = own.decides(other, known: known)
                            decidedNumbers[pair] = decided
                        }
                    } else {
                        let pair = [own, other]
                        if let cached = decidedPairs[pair] {
                            decided = cached
                        } else {
                            decided = own.decides(other, known: known)
                            decidedPairs[pair] = decided
                        }
                    }
                    switch decided {
                    case true?: modes[j] = .run
                    case false?: modes[j] = .skip
                    case nil: break
                    }
                }
            }
            guard modes.contains(where: { $0 != .run }) else { continue }
            // Stages that may be skipped but give nothing and already lead on to the next stage
            // change nothing: the analysis would be `g`'s, which knows every need here.
            guard modes.indices.contains(where: { modes[$0] != .run && !transparent[$0] }) else { continue }
            let a: PipelineGraphAnalysis
            if let cached = analyses[modes] {
                a = cached
            } else {
                guard analyses.count < skipAnalysisLimit else { continue }
                a = PipelineGraphAnalysis(drafts, initial: initial, guards: modes, idWords: g.idWords)
                analyses[modes] = a
            }
            for need in needs where !a.knows(need, at: i) {
                let skipped = guarded.filter { j in
                    var provides = false
                    PipelineGraphAnalysis.forEachFact(providedBy: drafts[j]) { if $0 == need { provides = true } }
                    return provides && modes[j] != .run
                }
                let names = skipped.map { UserText.quoted(drafts[$0].stage.id) }
                let which =
                    names.isEmpty
                    ? "a stage before it may be skipped"
                    : "\(names.joined(separator: ", ")) may be skipped (\(names.count == 1 ? "its" : "their") 'when')"
                ctx.report(
                    .missingStep, "\(UserText.quoted(d.stage.id)) needs \(need.providerWords) before it on every path, and \(which)",
                    at: d.idRange,
                    notes: [
                        "give \(UserText.quoted(d.stage.id)) a 'when' that implies theirs (the same condition), or drop theirs"
                    ])
            }
        }
    }
}
