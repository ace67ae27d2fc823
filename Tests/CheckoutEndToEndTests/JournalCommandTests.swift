import Foundation
import Testing

/// `checkout run --journal`: a process killed with SIGKILL mid-run (the
/// `CHECKOUT_TEST_KILL_AFTER` hook kills it right after a chosen journal entry is on disk)
/// and started again with the same journal.
///
/// Each process has its own in-memory sandbox, so a charge sent but not answered cannot be
/// checked across processes here (a new sandbox does not know the first one's token): that
/// case is covered in-process (JournalTests) and comes to the CLI with the HTTP fakes. These
/// tests kill where a restart needs no memory of the first sandbox.
@Suite struct JournalCommandTests {
    static let answers = """
        paymentMethod: card
        card: { number: "4111 1111 1111 1111", expiry: "12/35", cvv: "736" }
        billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
        """

    struct Files {
        let workspace: Workspace
        let answers: String
        let journal: String
        let result: String
        init() throws {
            workspace = try Workspace()
            answers = try workspace.write(JournalCommandTests.answers, to: "answers.yaml")
            journal = workspace.url.appendingPathComponent("run.journal").path
            result = workspace.url.appendingPathComponent("result.json").path
        }
        func run(seed: Int, trace: String, killAfter: String? = nil, answers: String? = nil) throws -> CheckoutBinary.Output {
            try CheckoutBinary.run(
                [
                    "run", "flows/standard-checkout.yaml", "--answers", answers ?? self.answers, "--journal", journal, "--result", result,
                    "--trace", workspace.url.appendingPathComponent(trace).path, "--json", "--seed", String(seed), "--now",
                    CheckoutBinary.fixedNow,
                ], environment: killAfter.map { ["CHECKOUT_TEST_KILL_AFTER": $0] } ?? [:])
        }
        func entries() -> [[String: Any]] {
            (workspace.read(journal) ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
        func events(_ trace: String) -> [String] {
            (workspace.read(workspace.url.appendingPathComponent(trace).path) ?? "").split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["event"] as? String
            }
        }
    }

    @Test func killedAfterTheChargeWasAnsweredAndBeforeTheResultTheRestartPrintsThatCharge() throws {
        let f = try Files()
        let killed = try f.run(seed: 1, trace: "t1.jsonl", killAfter: "charge.done")
        #expect(killed.signal == SIGKILL, "exit \(killed.status) \(killed.stderr)")
        #expect(killed.stdout.isEmpty)
        #expect(f.workspace.read(f.result) == nil, "no result was written")
        let done = try #require(f.entries().last { $0["event"] as? String == "charge.done" })
        let transaction = try #require(done["transactionId"] as? String)

        // Another seed: had the charge run again, its transaction id would differ.
        let restarted = try f.run(seed: 2, trace: "t2.jsonl")
        #expect(restarted.status == 0, "\(restarted.stderr)")
        let result = try JSONDecoder().decode(ResultJSON.self, from: Data(restarted.stdout.utf8))
        #expect(result.status == "success")
        #expect(result.transaction?.id == transaction)
        #expect(f.workspace.read(f.result) == restarted.stdout)
        #expect(f.events("t2.jsonl").filter { $0 == "step.restored" }.count == 3)
        #expect(f.entries().count { $0["event"] as? String == "charge.sent" } == 1)

        // Once more: the run is finished; its result is printed and nothing runs.
        let again = try f.run(seed: 3, trace: "t3.jsonl")
        #expect(again.status == 0)
        #expect(again.stdout == restarted.stdout)
        #expect(again.stderr.contains("records a finished run"))
        #expect(f.events("t3.jsonl").isEmpty)
        for output in [killed, restarted, again] {
            for text in [output.stdout, output.stderr] + [f.workspace.read(f.journal) ?? ""] {
                #expect(!text.contains("4111 1111 1111 1111") && !text.contains("4111111111111111") && !text.contains("\"736\""))
            }
        }
    }

    @Test func killedAfterTheTokenWasCreatedTheRestartTakesItBackAndPays() throws {
        let f = try Files()
        let killed = try f.run(seed: 1, trace: "t1.jsonl", killAfter: "step.done@createToken")
        #expect(killed.signal == SIGKILL)
        let restarted = try f.run(seed: 2, trace: "t2.jsonl")
        #expect(restarted.status == 0, "\(restarted.stderr)")
        // The new process's sandbox takes the recorded token back (`restoreToken`): no refresh.
        #expect(!f.events("t2.jsonl").contains("token.refresh"))
        #expect(f.events("t2.jsonl").filter { $0 == "step.restored" }.count == 1)
        #expect(f.entries().count { $0["event"] as? String == "charge.done" } == 1)
    }

    @Test func aJournalOfOtherAnswersIsRefusedWithExitTwo() throws {
        let f = try Files()
        _ = try f.run(seed: 1, trace: "t1.jsonl", killAfter: "step.done@createToken")
        let other = try f.workspace.write(Self.answers.replacingOccurrences(of: "Jane", with: "Joan"), to: "other.yaml")
        let refused = try f.run(seed: 2, trace: "t2.jsonl", answers: other)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("other answers"))
        #expect(f.entries().count { $0["event"] as? String == "run.start" } == 1, "the refused run wrote nothing")
    }

    @Test func aJournalNeedsAHeadlessRun() throws {
        let output = try CheckoutBinary.run(["run", "flows/standard-checkout.yaml", "--journal", "/tmp/unused.journal"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--journal needs --answers"))
    }
}
