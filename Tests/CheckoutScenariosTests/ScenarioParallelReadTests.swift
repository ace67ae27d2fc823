import CheckoutLanguage
import Testing

@testable import CheckoutScenarios

/// A long list of scenarios is read `jobs` at a time: the scenarios and every finding, in
/// order, are what reading one at a time gives.
@Suite struct ScenarioParallelReadTests {
    /// `count` scenarios; every 7th repeats an earlier name, every 11th has an unknown key,
    /// every 13th a bad seed, every 17th a flow that does not exist, every 19th no name.
    static func longList(_ count: Int) -> String {
        (0..<count).map { i in
            var s = "- name: \(i % 7 == 6 ? "scenario \(i - 1)" : "scenario \(i)")\n"
            if i % 19 == 18 { s = "- tags: [nameless]\n" }
            s += "  answers: { paymentMethod: paypal }\n"
            if i % 11 == 10 { s += "  expekt: { status: success }\n" }
            if i % 13 == 12 { s += "  seed: -\(i)\n" }
            if i % 17 == 16 { s += "  flow: missing-\(i).yaml\n" }
            return s + "  expect: { paymentType: PAYPAL }\n"
        }.joined()
    }

    static func read(_ text: String, jobs: Int) -> ScenarioReadResult {
        let files = memoryFiles(["suite/checkout.scenarios.yaml": text, "suite/checkout.yaml": plainFlowText])
        return ScenarioReader.read(Array(text.utf8), file: "suite/checkout.scenarios.yaml", files: files, jobs: jobs)
    }

    @Test(arguments: [ScenarioFileReader.itemsReadInParallel - 1, ScenarioFileReader.itemsReadInParallel, 600])
    func readingAtOnceFindsWhatReadingInTurnDoes(count: Int) {
        let text = Self.longList(count)
        let serial = Self.read(text, jobs: 1)
        #expect(serial.diagnostics.count > count / 7, "the list has mistakes to find")
        for jobs in [2, 3, 8] {
            let parallel = Self.read(text, jobs: jobs)
            #expect(parallel.diagnostics == serial.diagnostics, "jobs \(jobs)")
            #expect(rendered(parallel) == rendered(serial), "jobs \(jobs)")
        }
    }

    @Test func withoutMistakesTheScenariosComeInListOrder() throws {
        let text = (0..<700).map { "- name: s\($0)\n  seed: \($0)\n  answers: { paymentMethod: paypal }\n  expect: { status: success }\n" }
            .joined()
        let serial = try #require(Self.read(text, jobs: 1).file)
        let parallel = try #require(Self.read(text, jobs: 4).file)
        #expect(parallel.scenarios.map(\.name) == (0..<700).map { "s\($0)" })
        #expect(parallel.scenarios.map(\.seed) == serial.scenarios.map(\.seed))
        #expect(parallel.scenarios.map(\.line) == serial.scenarios.map(\.line))
    }
}
