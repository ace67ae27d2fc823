import CheckoutLanguage
import Foundation
import Synchronization
import Testing

@testable import CheckoutScenarios

/// A suite reads each answers file once, however many scenarios name it, and the scenarios
/// get the same answers as before (issue 21: 10,000 scenarios read and parsed their answers
/// files 10,000 times).
@Suite struct AnswersOnceTests {
    static let flow = "flow: shop\ndsl: 1\nrequest: { price: { amount: 10.00 } }\n"
    static let answers =
        "card: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: \"123\" }\nbilling: { name: Jane Shopper, email: jane@example.com, zip: \"10001\", country: US }\n"

    @Test func anAnswersFileNamedByManyScenariosIsReadOnce() throws {
        var suiteA = ""
        var suiteB = ""
        for i in 0..<200 {
            suiteA += "- name: a\(i)\n  answers: ../answers/visa.yaml\n  expect: { status: success }\n"
            suiteB += "- name: b\(i)\n  flow: ../a/shop.yaml\n  answers: ../answers/visa.yaml\n  expect: { status: success }\n"
        }
        let suiteC = (0..<3).map {
            "- name: c\($0)\n  flow: ../a/shop.yaml\n  answers: ../answers/missing.yaml\n  expect: { status: success }\n"
        }
        .joined()
        let files = [
            "a/shop.yaml": Self.flow, "a/shop.scenarios.yaml": suiteA, "b/more.scenarios.yaml": suiteB, "c/broken.scenarios.yaml": suiteC,
            "answers/visa.yaml": Self.answers,
        ]
        let reads = Mutex<[String: Int]>([:])
        var access = ScenarioReader.FileAccess(contents: { files[$0].map { Array($0.utf8) } }, exists: { files[$0] != nil })
        let plain = access.read
        access.read = { path, limit in
            reads.withLock { $0[path, default: 0] += 1 }
            return plain(path, limit)
        }
        let suite = ScenarioSuite.load(["a/shop.scenarios.yaml", "b/more.scenarios.yaml", "c/broken.scenarios.yaml"], files: access)
        let counts = reads.withLock { $0 }
        #expect(counts["answers/visa.yaml"] == 1, "\(counts)")
        // A file that cannot be read is the finding of every scenario that names it, each time.
        #expect(counts["answers/missing.yaml"] == 3, "\(counts)")
        let unreadable = suite.findings.flatMap(\.diagnostics).filter { $0.rule == .fileUnreadable && $0.message.contains("missing.yaml") }
        #expect(unreadable.count == 3, "\(suite.findings.flatMap(\.diagnostics).map(\.message))")
        // Every scenario that names the file has the file's answers.
        let named = suite.scenarios.filter { $0.answersFile == "answers/visa.yaml" }
        #expect(named.count == 400)
        #expect(named.allSatisfy { $0.answers?.card?.number == "4111 1111 1111 1111" })
        // …held once: every scenario refers to the same answers, not a copy of its own (624
        // bytes each, a third of a loaded scenario).
        let shared = try #require(named.first?.sharedAnswers)
        #expect(named.allSatisfy { $0.sharedAnswers === shared })
    }

    /// Answers written in a scenario are that scenario's own; changing one scenario's answers
    /// leaves the others that shared them as they were.
    @Test func inlineAnswersAreEachScenariosOwnAndSharedOnesChangeApart() throws {
        let suite = ["one", "two", "three", "four"].enumerated().map { i, name in
            "- name: \(name)\n  answers: \(i < 2 ? "{ currency: EUR }" : "../answers/visa.yaml")\n  expect: { status: success }\n"
        }
        .joined()
        let files = ["a/shop.yaml": Self.flow, "a/shop.scenarios.yaml": suite, "answers/visa.yaml": Self.answers]
        let access = ScenarioReader.FileAccess(contents: { files[$0].map { Array($0.utf8) } }, exists: { files[$0] != nil })
        let loaded = ScenarioSuite.load(["a/shop.scenarios.yaml"], files: access)
        var scenarios = loaded.scenarios
        try #require(scenarios.count == 4, "\(loaded.findings.flatMap(\.diagnostics).map(\.message))")
        #expect(scenarios[0].sharedAnswers !== scenarios[1].sharedAnswers)
        #expect(scenarios[2].sharedAnswers === scenarios[3].sharedAnswers)
        scenarios[2].answers?.currency = "USD"
        #expect(scenarios[2].answers?.currency == "USD")
        #expect(scenarios[3].answers?.currency == nil)
        #expect(scenarios[3].answers?.card?.number == "4111 1111 1111 1111")
    }
}
