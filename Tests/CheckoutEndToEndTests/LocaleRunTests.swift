import Foundation
import Testing

/// The shopper's language of a run (issue 22): `--locale`, the flow's `request.locale`, the
/// environment; the result says which (`locale`) and is otherwise the same in every language.
@Suite struct LocaleRunTests {
    static let flow = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path
    static let good = CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/visa-approved.yaml").path
    static let bad = CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/invalid-answers.yaml").path

    static func run(_ answers: String, _ extra: [String], environment: [String: String] = [:]) throws -> CheckoutBinary.Output {
        try CheckoutBinary.run(
            ["run", flow, "--answers", answers, "--json", "--seed", "5", "--now", CheckoutBinary.fixedNow] + extra,
            environment: environment)
    }

    /// The result with its `locale` line taken out, and that line.
    static func split(_ json: String) -> (rest: String, locale: String?) {
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        let locale = lines.first { $0.hasPrefix("  \"locale\": ") }.map(String.init)
        return (lines.filter { !$0.hasPrefix("  \"locale\": ") }.joined(separator: "\n"), locale)
    }

    @Test(arguments: [good, bad])
    func twoLocalesDifferOnlyInLocale(answers: String) throws {
        let en = try Self.run(answers, ["--locale", "en"])
        let ja = try Self.run(answers, ["--locale", "ja"])
        #expect(en.status == ja.status)
        let (enRest, enLocale) = Self.split(en.stdout)
        let (jaRest, jaLocale) = Self.split(ja.stdout)
        #expect(enLocale == "  \"locale\": \"en\",")
        #expect(jaLocale == "  \"locale\": \"ja\",")
        #expect(enRest == jaRest)
        #expect(en.stderr == ja.stderr)
    }

    @Test func theEnvironmentSaysWhenNothingElseDoes() throws {
        #expect(Self.split(try Self.run(Self.good, [], environment: ["LANG": "de_DE.UTF-8"]).stdout).locale == "  \"locale\": \"de\",")
        #expect(
            Self.split(try Self.run(Self.good, [], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "pt_BR.UTF-8"]).stdout).locale
                == "  \"locale\": \"pt-BR\",")
        // A locale with no catalogue in the environment is English, as `C` is.
        #expect(Self.split(try Self.run(Self.good, [], environment: ["LANG": "ko_KR.UTF-8"]).stdout).locale == "  \"locale\": \"en\",")
        // --locale outranks the environment.
        #expect(
            Self.split(try Self.run(Self.good, ["--locale", "zh-CN"], environment: ["LC_ALL": "fr_FR"]).stdout).locale
                == "  \"locale\": \"zh-Hans\",")
    }

    @Test func anUnsupportedLocaleIsAUsageError() throws {
        let out = try Self.run(Self.good, ["--locale", "zh-TW"])
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty)
        #expect(
            out.stderr.hasPrefix(
                "checkout: error: --locale 'zh-TW' is not a supported locale; use one of en, zh-Hans, de, fr, es, pt-BR, ja\n"),
            "\(out.stderr)")
        // The usage shown is `run`'s, not the top level's (the option is checked before the run).
        #expect(out.stderr.contains("Usage: checkout run "), "\(out.stderr)")
    }
}

/// A scenario's `locale` and `checkout test --locale`; a scenario never reads the environment.
@Suite struct LocaleScenarioTests {
    static let scenarios = """
        - name: german
          flow: \(LocaleRunTests.flow)
          locale: de-AT
          answers: \(LocaleRunTests.good)
          expect: { status: success, result: { locale: de } }
        - name: the flow's or english
          flow: \(LocaleRunTests.flow)
          answers: \(LocaleRunTests.good)
          expect: { status: success, result: { locale: en } }
        """

    @Test func aScenarioSaysItsLocaleAndTheEnvironmentIsNotRead() throws {
        let ws = try Workspace()
        let file = try ws.write(Self.scenarios, to: "locale.scenarios.yaml")
        let out = try CheckoutBinary.run(["test", file], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("2 passed, 0 failed"), "\(out.stdout)")
    }

    @Test func testLocaleOutranksTheScenarios() throws {
        let ws = try Workspace()
        let file = try ws.write(Self.scenarios, to: "locale.scenarios.yaml")
        let out = try CheckoutBinary.run(["test", file, "--locale", "fr"])
        #expect(out.status == 1)
        #expect(out.stdout.contains("0 passed, 2 failed"), "\(out.stdout)")
    }

    @Test func anUnsupportedScenarioLocaleIsAFindingAtItsLine() throws {
        let ws = try Workspace()
        let file = try ws.write(Self.scenarios.replacingOccurrences(of: "de-AT", with: "ko"), to: "locale.scenarios.yaml")
        let out = try CheckoutBinary.run(["test", file])
        #expect(out.status == 2)
        #expect(
            out.stderr.contains(
                "locale.scenarios.yaml:3:11: error: 'locale' 'ko' is not a supported locale; use one of en, zh-Hans, de, fr, es, pt-BR, ja [unsupported-locale]"
            ), "\(out.stderr)")
    }
}
