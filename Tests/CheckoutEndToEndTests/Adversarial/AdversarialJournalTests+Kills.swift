import CheckoutFakes
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A kill after every journal entry of every shipped flow, resumed with the same journal,
/// against a fresh fake BlueSnap per trial.
extension AdversarialJournalTests {
    /// A run of a shipped flow with one of its example answers files.
    struct Case: CustomTestStringConvertible, Sendable {
        var flow: String
        var answers: String
        /// The fake it runs against: `bluesnap` (the `--provider` override), `maxpay`, `spreedly`.
        var provider = "bluesnap"
        var testDescription: String { "\(flow) \(answers) (\(provider))" }
    }

    /// Every shipped flow with every example answers file next to it
    /// (`CHECKOUT_JOURNAL_KILL_SWEEP=full`), else a representative set: a sale, a decline
    /// routed to a second card, 3-D Secure with a challenge, a subscription, a PayPal payment.
    static var killCases: [Case] {
        guard ProcessInfo.processInfo.environment["CHECKOUT_JOURNAL_KILL_SWEEP"] == "full" else {
            return [
                Case(flow: "standard-checkout", answers: "visa-approved"), Case(flow: "second-card", answers: "declined-then-approved"),
                Case(flow: "three-d-secure", answers: "challenge-passed"), Case(flow: "subscription", answers: "card-stored"),
                Case(flow: "standard-checkout", answers: "paypal-eur"),
                Case(flow: "maxpay-sale3d", answers: "challenge-passed", provider: "maxpay"),
                Case(flow: "spreedly-3ds2", answers: "fingerprint-then-challenge", provider: "spreedly"),
            ]
        }
        let root = CheckoutBinary.root
        let flows = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("flows").path)) ?? []
        return flows.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted().flatMap { file in
            let flow = String(file.dropLast(5))
            let dir = root.appendingPathComponent("examples/\(flow)").path
            let answers = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            let own = ["maxpay-sale3d": "maxpay", "spreedly-3ds2": "spreedly"][flow]
            return answers.filter { $0.hasSuffix(".yaml") }.sorted().flatMap { file in
                [Case(flow: flow, answers: String(file.dropLast(5)))]
                    + (own.map { [Case(flow: flow, answers: String(file.dropLast(5)), provider: $0)] } ?? [])
            }
        }
    }

    /// What one run left: exit code, status, transaction, decline, and the journal's entries.
    struct Outcome: Equatable {
        var exit: Int32
        var status: String?
        var transaction: String?
        var declineCode: String?
    }

    static func outcome(_ r: CheckoutBinary.Output) -> Outcome {
        let json = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any]
        return Outcome(
            exit: r.status, status: json?["status"] as? String, transaction: (json?["transaction"] as? [String: Any])?["id"] as? String,
            declineCode: json?["declineCode"] as? String)
    }

    /// The kill points of a journal: `EVENT`, `EVENT@STAGE` or, for a later visit of a stage,
    /// `EVENT@STAGE#VISIT`.
    static func killPoints(_ journal: String) -> [String] {
        var seen: [String] = []
        for line in journal.split(separator: "\n") {
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let event = entry["event"] as? String
            else { continue }
            let visit = (entry["visit"] as? Int).map { $0 > 1 ? "#\($0)" : "" } ?? ""
            let point = (entry["stage"] as? String).map { "\(event)@\($0)\(visit)" } ?? event
            if !seen.contains(point) { seen.append(point) }
        }
        return seen
    }

    @Test(arguments: killCases)
    func aRunKilledAfterEachJournalEntryAndResumedChargesOnceAndLosesNothing(_ c: Case) throws {
        let ws = try Workspace()
        let flow = "flows/\(c.flow).yaml"
        let answers = "examples/\(c.flow)/\(c.answers).yaml"
        let numbers = JournalAttack.cardNumbers(
            inAnswers: (try? String(contentsOfFile: CheckoutBinary.root.appendingPathComponent(answers).path, encoding: .utf8)) ?? "")
        let baselineFake = try JournalAttackFake.start(c.provider)
        defer { baselineFake.stop() }
        let baselineJournal = ws.url.appendingPathComponent("baseline.journal").path
        let (base, baseHung) = try JournalAttack.run(
            Self.arguments(journal: baselineJournal, fake: baselineFake, flow: flow, answers: answers) + ["--seed", "7"],
            environment: baselineFake.environment)
        #expect(!baseHung)
        let journalText = ws.read(baselineJournal) ?? ""
        let expected = Self.outcome(base)
        let baselineCharges = baselineFake.charges().count
        #expect(baselineCharges <= 1)
        guard journalText.contains(#""event":"charge.sent""#) || journalText.contains(#""event":"wallet.sent""#) else { return }
        var lost = 0
        var doubles = 0
        let points = Self.killPoints(journalText)
        defer {
            if ProcessInfo.processInfo.environment["CHECKOUT_JOURNAL_KILL_SWEEP"] == "full" {
                print("journal kill sweep: \(c.testDescription): \(points.count) kills, \(doubles) double charges, \(lost) lost results")
            }
        }
        for (n, point) in points.enumerated() {
            let fake = try JournalAttackFake.start(c.provider)
            defer { fake.stop() }
            let journal = ws.url.appendingPathComponent("kill-\(n).journal").path
            let arguments = Self.arguments(journal: journal, fake: fake, flow: flow, answers: answers)
            var environment = fake.environment
            environment["CHECKOUT_TEST_KILL_AFTER"] = point
            let (killed, killedHung) = try JournalAttack.run(arguments + ["--seed", "7"], environment: environment)
            #expect(!killedHung)
            #expect(killed.signal == SIGKILL, "\(c.testDescription) kill after \(point): exit \(killed.status) \(killed.stderr)")
            // The server may still be handling a request the dead run sent: a resumed run
            // resends under the same key, so the ledger is read after the resumed run ends.
            let (resumed, resumedHung) = try JournalAttack.run(
                arguments + ["--seed", "8"], environment: fake.environment)
            #expect(!resumedHung)
            let got = Self.outcome(resumed)
            let ledger = fake.charges()
            if ledger.count > 1 { doubles += 1 }
            #expect(ledger.count <= 1, "\(c.testDescription) kill after \(point): charges \(ledger)")
            var same = got.exit == expected.exit && got.status == expected.status && got.declineCode == expected.declineCode
            same = same && (got.transaction == nil) == (expected.transaction == nil) && ledger.count == baselineCharges
            if let charged = ledger.first { same = same && got.transaction.map(charged.contains) == true }
            // A run that ended in `error` is resumable by design (SPEC: a new start resumes it),
            // and a resumed run does not replay simulated `wait:` time spent on restored steps:
            // it may pay where the first one failed — once, and reporting that charge.
            let resumedError =
                expected.status == "error" && got.status == "success" && got.exit == 0 && ledger.count == 1
                && got.transaction.map { ledger.first?.contains($0) == true } == true
            if !(same || resumedError) { lost += 1 }
            #expect(same || resumedError, "\(c.testDescription) kill after \(point): \(got) != \(expected)\n\(resumed.stderr)")
            #expect(resumed.stdout.utf8.count + resumed.stderr.utf8.count < Self.outputBound)
            Self.expectClean([killed.stdout, killed.stderr, resumed.stdout, resumed.stderr, ws.read(journal) ?? ""], numbers: numbers)
        }
        #expect(doubles == 0 && lost == 0)
    }
}
