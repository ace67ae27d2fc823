import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime

extension ScenarioGenerator {
    /// The most answer-completing runs for one candidate: each adds the answers the run said
    /// were missing, one screen at a time.
    static let completionRounds = 16

    /// The catalogue, in the order ties are broken: the happy path first, then each payment
    /// method, each test card (the fixtures' first), each challenge answer, a second card after
    /// each decline, each saved card, each scan error, each token-outlasting wait, each billing
    /// country, each currency, each field rule broken.
    package func candidates() async -> [Candidate] {
        let base = await complete(AnswerDraft())
        var out = [Candidate(label: "happy path", answers: base)]
        let method = base.value(at: "paymentMethod")?.string
        for kind in PaymentMethodKind.allCases where kind.rawValue != method {
            var draft = base
            for key in ["card", "scan", "savedCard", "threeDS"] { draft.remove(key) }
            draft.set("paymentMethod", .string(kind.rawValue))
            out.append(Candidate(label: "pays with \(kind.rawValue)", answers: await complete(draft)))
        }
        let cardKey = base.value(at: "card") != nil ? "card" : (base.value(at: "scan") != nil ? "scan" : nil)
        if let cardKey { out += await cardCandidates(base, key: cardKey, label: nil) }
        // Each other choice of a custom field (a `when` can read it), with every test card.
        for field in flow.definition.fields.custom where base.value(at: "custom.\(field.id)") != nil {
            for option in (field.options ?? []).dropFirst() {
                var draft = base
                draft.set("custom.\(field.id)", .string(option))
                let label = "\(field.id) \(option)"
                out.append(Candidate(label: label, answers: await complete(draft)))
                if let cardKey { out += await cardCandidates(draft, key: cardKey, label: label) }
            }
        }
        for last4 in GeneratorValues.savedCardLast4s(world) {
            var draft = base
            for key in ["card", "scan", "threeDS"] { draft.remove(key) }
            draft.set("paymentMethod", .string(PaymentMethodKind.savedCard.rawValue))
            draft.set("savedCard", .string(last4))
            out.append(Candidate(label: "saved card ending \(last4)", answers: await complete(draft)))
        }
        if base.value(at: "scan") != nil {
            for error in CardScanError.allCases {
                var draft = base
                draft.set("scan", .object([JSONMember("error", .string(error.rawValue))]))
                out.append(Candidate(label: "card scan error \(error.rawValue)", answers: await complete(draft)))
            }
        }
        for stage in flow.pipeline.stages {
            guard case .screen(let screen) = stage.kind, screen != .result else { continue }
            var draft = base
            draft.set("wait.\(stage.id)", .string(GeneratorValues.tokenOutlastingWait))
            out.append(Candidate(label: "waits \(GeneratorValues.tokenOutlastingWait) at \(stage.id)", answers: draft))
        }
        for address in GeneratorValues.addresses.dropFirst() {
            for key in ["billing", "shipping"] {
                guard case .object(let fields)? = base.value(at: key) else { continue }
                var draft = base
                for field in fields {
                    guard let field = AddressField(rawValue: field.key) else { continue }
                    if let value = address[field] { draft.set("\(key).\(field.rawValue)", .string(value)) } else { draft.remove("\(key).\(field.rawValue)") }
                }
                out.append(Candidate(label: "\(key) in \(address[.country] ?? "")", answers: await complete(draft)))
            }
        }
        if flow.definition.request.allowCurrencyChange {
            for code in world.rates.rates.keys.sorted() where code != flow.definition.request.price.currency.code {
                var draft = base
                draft.set("currency", .string(code))
                out.append(Candidate(label: "switches to \(code)", answers: await complete(draft)))
            }
        }
        for path in base.leafPaths {
            var missing = base
            missing.remove(path)
            out.append(Candidate(label: "\(path) left out", answers: missing))
            guard let bad = GeneratorValues.invalid(path) else { continue }
            var broken = base
            broken.set(path, bad)
            out.append(Candidate(label: "\(path) invalid", answers: broken))
        }
        return out
    }

    /// A candidate per test card (the fixtures' cards, then SPEC §7's), per challenge answer,
    /// and per declining card followed by the plain card at the next visit.
    private func cardCandidates(_ base: AnswerDraft, key: String, label: String?) async -> [Candidate] {
        var out: [Candidate] = []
        let plain = GeneratorValues.plainCardNumber(in: world)
        let numbers = world.cards.keys.sorted() + SandboxCardBehavior.testCardNumbers.filter { world.cards[$0] == nil }
        for digits in numbers where digits != plain {
            let behavior = world.behavior(forNumber: digits)
            let words = (label.map { $0 + " with " } ?? "") + GeneratorValues.words(behavior, digits: digits)
            var draft = base
            draft.remove("threeDS")
            // The card's number, expiry and code; the other keys (name, bank details) stay.
            if case .object(let fields) = GeneratorValues.card(digits) {
                for field in fields { draft.set("\(key).\(field.key)", field.value) }
            }
            let completed = await complete(draft)
            out.append(Candidate(label: words, answers: completed))
            if GeneratorValues.challenges(behavior) {
                var canceled = draft
                canceled.set("threeDS.cancel", .bool(true))
                out.append(Candidate(label: words + " with the challenge canceled", answers: await complete(canceled)))
                var wrong = draft
                wrong.set("threeDS.code", .string(String(SandboxData.challengeCode.reversed())))
                out.append(Candidate(label: words + " with a wrong challenge code", answers: await complete(wrong)))
            }
            if key == "card", case .decline = behavior.charge {
                var again = completed
                again.set("card", .array([GeneratorValues.card(digits), GeneratorValues.card(plain)]))
                out.append(Candidate(label: words + " then another card", answers: again))
            }
        }
        return out
    }

    /// `draft` with the answers its run reports missing added, round by round, until the run
    /// asks for nothing the generator can give.
    package func complete(_ draft: AnswerDraft) async -> AnswerDraft {
        var draft = draft
        for _ in 0..<Self.completionRounds {
            guard let outcome = await run([draft]).first ?? nil, outcome.result.status == .invalid else { return draft }
            var changed = false
            for issue in outcome.result.errors where draft.value(at: issue.path) == nil {
                guard let value = GeneratorValues.valid(issue.path, flow: flow, world: world) else { continue }
                draft.set(issue.path, value)
                changed = true
            }
            if !changed { return draft }
        }
        return draft
    }
}
