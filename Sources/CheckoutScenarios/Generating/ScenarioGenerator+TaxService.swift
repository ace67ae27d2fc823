import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime

/// The candidates of a flow with a `taxService`: the happy path with a stand-in for the
/// service (docs/testing.md, "A stand-in tax service") that fails, hangs and answers — the
/// service's failure is the merchant's business (a test value the generator cannot know), so
/// only a stand-in reaches `taxUpdate`'s `failed` route. The happy path keeps the real service.
extension ScenarioGenerator {
    /// The reason a generated failing stand-in gives.
    static let standInFailure = "the service is down"

    /// The happy path with the service failing, hanging and answering; none without a service.
    func taxServiceCandidates(_ base: AnswerDraft) -> [Candidate] {
        guard flow.definition.taxService != nil else { return [] }
        let currency = flow.definition.request.price.currency
        let amount = DecimalText.format(1, scale: currency.minorUnits)
        let standIns: [(String, TaxServiceStandIn)] = [
            ("tax service fails", .fails(reason: Self.standInFailure)),
            ("tax service hangs", .hangs),
            ("tax service answers \(amount)", .answers(taxAmount: amount)),
        ]
        return standIns.map { label, standIn in
            var draft = base
            draft.taxService = standIn
            return Candidate(label: label, answers: draft)
        }
    }

    /// A stand-in scenario's name, for what it shows: `tax service fails: ends error
    /// tax_failed`, `tax service fails: routed to review, ends failed too_many_attempts` (each
    /// place a failure was routed to, once).
    static func taxServiceName(_ trial: Trial) -> String {
        let result = trial.outcome.result
        let routes = StageHistory(trial.outcome.trace).routes.filter { $0.on == StageOutcome.failed.rawValue }
        var words: [String] = []
        for route in routes where !words.contains("routed to \(route.to)") { words.append("routed to \(route.to)") }
        if result.status == .success {
            words.append("succeeds")
        } else {
            let codes = result.errors.map(\.code)
            words.append((["ends \(result.status.rawValue)"] + codes.prefix(1)).joined(separator: " "))
        }
        return trial.candidate.label + ": " + words.joined(separator: ", ")
    }
}

extension AnswerDraft {
    /// The scenario's `taxService:` line, the key `indent` spaces in; none without a stand-in.
    package func taxServiceLines(indent: Int) -> [String] {
        guard let taxService else { return [] }
        let value: JSONMember =
            switch taxService {
            case .answers(let text): JSONMember("taxAmount", .string(text))
            case .fails(let reason): JSONMember("fails", .string(reason))
            case .hangs: JSONMember("hangs", .bool(true))
            }
        return [String(repeating: " ", count: indent) + "taxService: " + ResultSnapshot.flow(.object([value]))]
    }
}
