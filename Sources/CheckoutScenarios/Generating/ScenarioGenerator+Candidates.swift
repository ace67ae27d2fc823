import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension ScenarioGenerator {
    /// The most answer-completing runs for one candidate: each adds the answers the run said
    /// were missing, one screen at a time.
    static let completionRounds = 16

    /// The catalogue, in the order ties are broken: the happy path first, then each payment
    /// method, each test card (the fixtures' first), each challenge answer, a second card after
    /// each decline, each saved card, each stored choice (a flow charging one), each scan error,
    /// each token-outlasting wait, each billing country, each currency, each field rule broken.
    package func candidates() async -> [Candidate] {
        await completed(await catalogue())
    }

    /// The candidates of `specs` completed (those that ask for it) and run, several at a time
    /// (a flow that signs its requests waits on its signing command), in their order.
    func completed(_ specs: [Candidate]) async -> [Candidate] {
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
        var out = specs
        await withTaskGroup(of: (Int, AnswerDraft).self) { group in
            var next = 0
            func startNext() {
                guard next < specs.count else { return }
                let (i, spec) = (next, specs[next])
                next += 1
                group.addTask {
                    let answers = spec.completes ? await self.complete(spec.answers) : spec.answers
                    _ = await self.run([answers])
                    return (i, answers)
                }
            }
            for _ in 0..<width { startNext() }
            for await (i, answers) in group {
                out[i].answers = answers
                out[i].completes = false
                startNext()
            }
        }
        return out
    }

    /// The catalogue before completion; only the happy path is completed (run) here.
    func catalogue() async -> [Candidate] {
        let base = await complete(AnswerDraft())
        var out = [Candidate(label: "happy path", answers: base)]
        let method = base.value(at: "paymentMethod")?.string
        for kind in PaymentMethodKind.allCases where kind.rawValue != method {
            var draft = base
            for key in ["card", "scan", "savedCard", "threeDS"] { draft.remove(key) }
            draft.set("paymentMethod", .string(kind.rawValue))
            out.append(Candidate(label: "pays with \(kind.rawValue)", answers: draft, completes: true))
        }
        let cardKey = base.value(at: "card") != nil ? "card" : (base.value(at: "scan") != nil ? "scan" : nil)
        if let cardKey { out += cardCandidates(base, key: cardKey, label: nil) }
        // Each other choice of a custom field (a `when` can read it), alone and with one card of
        // each other way of behaving.
        for field in flow.definition.fields.custom where base.value(at: "custom.\(field.id)") != nil {
            for option in (field.options ?? []).dropFirst() {
                var draft = base
                draft.set("custom.\(field.id)", .string(option))
                let label = "\(field.id) \(option)"
                out.append(Candidate(label: label, answers: draft, completes: true))
                if let cardKey { out += cardCandidates(draft, key: cardKey, label: label) }
            }
        }
        for last4 in GeneratorValues.savedCardLast4s(world) {
            var draft = base
            for key in ["card", "scan", "threeDS"] { draft.remove(key) }
            draft.set("paymentMethod", .string(PaymentMethodKind.savedCard.rawValue))
            draft.set("savedCard", .string(last4))
            out.append(Candidate(label: "saved card ending \(last4)", answers: draft, completes: true))
        }
        out += storedChoiceCandidates(base)
        out += taxServiceCandidates(base)
        if base.value(at: "scan") != nil {
            for error in CardScanError.allCases {
                var draft = base
                draft.set("scan", .object([JSONMember("error", .string(error.rawValue))]))
                out.append(Candidate(label: "card scan error \(error.rawValue)", answers: draft, completes: true))
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
                    if let value = address[field] {
                        draft.set("\(key).\(field.rawValue)", .string(value))
                    } else {
                        draft.remove("\(key).\(field.rawValue)")
                    }
                }
                out.append(Candidate(label: "\(key) in \(address[.country] ?? "")", answers: draft, completes: true))
            }
        }
        if flow.definition.request.allowCurrencyChange {
            for code in world.rates.rates.keys.sorted() where code != flow.definition.request.price.currency.code {
                var draft = base
                draft.set("currency", .string(code))
                out.append(Candidate(label: "switches to \(code)", answers: draft, completes: true))
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
    private func cardCandidates(_ base: AnswerDraft, key: String, label: String?) -> [Candidate] {
        var out: [Candidate] = []
        let plain = GeneratorValues.plainCardNumber(in: world)
        let numbers = world.cards.keys.sorted() + SandboxCardBehavior.testCardNumbers.filter { world.cards[$0] == nil }
        let plainClass = GeneratorValues.behaviorClass(world.behavior(forNumber: plain), in: flow)
        // A card of the plain card's class, of a brand the flow takes, takes the plain card's
        // path, unless a `when` reads the card.
        let accepted = flow.definition.cards.accept
        let readsCard = flow.pipeline.stages.contains { $0.condition?.description.contains("card.") ?? false }
        var classes: Set<String> = [plainClass]
        var retried = Set<String>()
        for digits in numbers where digits != plain {
            let behavior = world.behavior(forNumber: digits)
            let kind = GeneratorValues.behaviorClass(behavior, in: flow)
            let brand = CardBrand.detect(digits)
            if kind == plainClass, !readsCard, accepted.map({ brand.map($0.contains) ?? false }) ?? true { continue }
            // With a custom choice, one card of each other way of behaving (the decline codes
            // and brands were each tried without it), and no extras.
            if label != nil, !classes.insert(kind).inserted { continue }
            let words = (label.map { $0 + " with " } ?? "") + GeneratorValues.words(behavior, digits: digits)
            var draft = base
            draft.remove("threeDS")
            // The card's number, expiry and code; the other keys (name, bank details) stay.
            if case .object(let fields) = GeneratorValues.card(digits) {
                for field in fields { draft.set("\(key).\(field.key)", field.value) }
            }
            out.append(Candidate(label: words, answers: draft, completes: true))
            if label == nil, GeneratorValues.challenges(behavior) { out += challengeVariants(of: draft, words: words) }
            if label == nil, key == "card", case .decline = behavior.charge, retried.insert(kind).inserted {
                var again = draft
                again.set("card", .array([GeneratorValues.card(digits), GeneratorValues.card(plain)]))
                out.append(Candidate(label: words + " then another card", answers: again, completes: true))
            }
        }
        return out
    }

    /// The two other ways a challenge can go for a card that asks for one: canceled, and
    /// answered with a wrong code (the sandbox's code reversed).
    func challengeVariants(of draft: AnswerDraft, words: String) -> [Candidate] {
        var canceled = draft
        canceled.set("threeDS.cancel", .bool(true))
        var wrong = draft
        wrong.set("threeDS.code", .string(String(SandboxData.challengeCode.reversed())))
        return [
            Candidate(label: words + " with the challenge canceled", answers: canceled, completes: true),
            Candidate(label: words + " with a wrong challenge code", answers: wrong, completes: true),
        ]
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
