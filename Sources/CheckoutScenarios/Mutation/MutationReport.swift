package import CheckoutLanguage

/// What became of one mutant.
package enum MutantVerdict: Sendable, Equatable {
    /// A scenario that passes on the original failed on the mutant.
    case killed(by: String, file: String, line: Int)
    /// Every scenario still passed: the suite did not notice the change.
    case survived
    /// It compiled to the same flow as the original (`FlowEquivalence`): not counted.
    case equivalent
    /// It did not compile: not counted.
    case stillborn

    /// The verdict's word in reports.
    package var word: String {
        switch self {
        case .killed: "killed"
        case .survived: "survived"
        case .equivalent: "equivalent"
        case .stillborn: "stillborn"
        }
    }
}

/// One mutant and its verdict.
package struct MutantResult: Sendable {
    /// The change.
    package var mutant: FlowMutant
    /// What became of it.
    package var verdict: MutantVerdict
}

/// The mutants of one flow.
package struct FlowMutationReport: Sendable {
    /// The flow file.
    package var flowPath: String
    /// The flow's id.
    package var flowID: String
    /// How many scenarios ran against each mutant (at most).
    package var scenarios: Int
    /// Every mutant, in source order.
    package var mutants: [MutantResult]

    /// Mutants with this verdict word.
    package func count(_ word: String) -> Int { mutants.filter { $0.verdict.word == word }.count }
    /// Killed mutants.
    package var killed: Int { count("killed") }
    /// Surviving mutants.
    package var survived: Int { count("survived") }
    /// Equivalent mutants.
    package var equivalent: Int { count("equivalent") }
    /// Stillborn mutants.
    package var stillborn: Int { count("stillborn") }
    /// The mutants that survived.
    package var survivors: [FlowMutant] { mutants.filter { $0.verdict == .survived }.map(\.mutant) }
    /// killed / (killed + survived), in percent; nil when no mutant counts.
    package var score: Double? { MutationReport.score(killed: killed, survived: survived) }
}

/// Everything `checkout test --mutate` found.
package struct MutationReport: Sendable {
    /// Each flow under test, in order.
    package var flows: [FlowMutationReport]
    /// Scenarios that failed on the unmutated flows; when there are any, no mutant was made.
    package var baselineFailures: [ScenarioOutcome]

    /// Killed mutants of every flow.
    package var killed: Int { flows.map(\.killed).reduce(0, +) }
    /// Surviving mutants of every flow.
    package var survived: Int { flows.map(\.survived).reduce(0, +) }
    /// Equivalent mutants of every flow.
    package var equivalent: Int { flows.map(\.equivalent).reduce(0, +) }
    /// Stillborn mutants of every flow.
    package var stillborn: Int { flows.map(\.stillborn).reduce(0, +) }
    /// The overall score: all killed / (all killed + all survived), in percent; nil when no
    /// mutant counts.
    package var score: Double? { Self.score(killed: killed, survived: survived) }

    /// Whether the score reaches `minimum` (percent). With no counted mutant there is nothing
    /// the suites could have missed: it does.
    package func meets(_ minimum: Double) -> Bool { (score ?? 100) >= minimum }

    static func score(killed: Int, survived: Int) -> Double? {
        killed + survived == 0 ? nil : Double(killed) * 100 / Double(killed + survived)
    }
}
