package import CheckoutDomain
package import CheckoutHeadless
package import CheckoutLanguage
package import CheckoutProviders
package import CheckoutRuntime
import Foundation

/// One scenario run alone, as `checkout test` runs it (`checkout run --scenario FILE#NAME`,
/// docs/testing.md, "Replaying one scenario").
package enum ScenarioReplay {
    /// `FILE#NAME`, split at the first `#`: a scenario's name may hold one, a path rarely does.
    package static func reference(_ text: String) throws(ScenarioError) -> (file: String, name: String) {
        guard let hash = text.firstIndex(of: "#") else {
            throw ScenarioError(
                "--scenario must be FILE#NAME, such as flows/standard-checkout.scenarios.yaml#visa approved; found \(UserText.quoted(text))"
            )
        }
        let file = String(text[..<hash])
        let name = String(text[text.index(after: hash)...])
        guard !file.isEmpty else { throw ScenarioError("--scenario \(UserText.quoted(text)) names no scenarios file before '#'") }
        guard !name.isEmpty else { throw ScenarioError("--scenario \(UserText.quoted(text)) names no scenario after '#'") }
        return (file, name)
    }

    /// The scenario called exactly `name` in `file`; otherwise an error that suggests the
    /// closest name, or lists them all when none is close.
    package static func scenario(named name: String, in file: ScenarioFile) throws(ScenarioError) -> Scenario {
        if let found = file.scenarios.first(where: { $0.name == name }) { return found }
        let names = file.scenarios.map(\.name)
        var message = "no scenario named \(UserText.quoted(name)) in \(file.path)"
        if let close = Suggestions.closest(to: name, in: names)
            ?? names.first(where: { $0.range(of: name, options: .caseInsensitive) != nil })
        {
            message += "; did you mean \(UserText.quoted(close))?"
        } else {
            message += "; its scenarios: " + names.map(UserText.quoted).joined(separator: ", ")
        }
        throw ScenarioError(message)
    }
}

extension Scenario {
    /// The headless run of this scenario with its compiled `flow`: its answers (or their
    /// problems), its clock fixed at `now`. `checkout test` and `checkout run --scenario` both
    /// run this, with `random`, so the two cannot differ.
    /// The environment of the scenario's run (`checkout test` and `checkout run --scenario`
    /// alike): the process's environment, commands and HTTP, with the scenario's stand-in for
    /// the flow's tax service when it has one.
    package var signing: SigningEnvironment {
        var signing = SigningEnvironment.systemWithHTTP
        signing.taxServiceStandIn = taxService
        return signing
    }

    /// `locale`: `--locale`, over the scenario's own and the flow's, else English. The
    /// environment (`LANG`…) is not read: a scenario is pinned, as its seed and clock are, so
    /// its result is the same on every machine (docs/running.md "The shopper's language").
    package func headlessRun(_ flow: CompiledFlow, locale option: ShopperLocale? = nil) -> HeadlessRun {
        let locale = ShopperLocale.resolve(
            option: option, scenario: locale, flow: flow.definition.request.locale, environment: { _ in nil })
        return HeadlessRun(flow, answers: answers, problems: answerProblems, file: nil, now: now, locale: locale)
    }

    /// The scenario's ids, seeded with `seed`.
    package var random: SeededRandom { SeededRandom(seed: seed) }
}
