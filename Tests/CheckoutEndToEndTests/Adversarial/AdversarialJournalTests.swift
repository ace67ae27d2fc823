import CheckoutFakes
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Attacks on `checkout run --journal` (issue 14): two runs on one journal, files that are not
/// journals, special files, a journal that cannot be written, and a kill after every journal
/// entry of every shipped flow — all against the fake BlueSnap in this process, whose ledger
/// outlives the runs. Every run is hang-guarded, its output bounded and scanned for card data.
@Suite struct AdversarialJournalTests {
    static let flow = "flows/standard-checkout.yaml"
    static let answers = "examples/standard-checkout/visa-approved.yaml"
    static let outputBound = 64 * 1024

    static func arguments(journal: String, fake: FakeBlueSnap, flow: String = flow, answers: String = answers) -> [String] {
        arguments(journal: journal, provider: "bluesnap", url: fake.baseURL, flow: flow, answers: answers)
    }

    static func arguments(journal: String, fake: JournalAttackFake, flow: String, answers: String) -> [String] {
        arguments(journal: journal, provider: fake.name, url: fake.baseURL, flow: flow, answers: answers)
    }

    static func arguments(journal: String, provider: String, url: URL, flow: String, answers: String) -> [String] {
        [
            "run", flow, "--answers", answers, "--journal", journal, "--json", "--now", CheckoutBinary.fixedNow, "--provider", provider,
            "--provider-url", url.absoluteString,
        ]
    }

    static func expectClean(
        _ texts: [String], numbers: [String] = ["4111 1111 1111 1111"], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for text in texts {
            for number in numbers {
                let found = LeakScanner(number: number, cvv: "\u{0}").findings(in: text).filter { !$0.hasPrefix("CVV") }
                #expect(found.isEmpty, "\(found)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Two runs at once

    /// Trials of two runs started together (`CHECKOUT_JOURNAL_LOCK_TRIALS`, default 100).
    static let lockTrials = ProcessInfo.processInfo.environment["CHECKOUT_JOURNAL_LOCK_TRIALS"].flatMap(Int.init) ?? 100

    /// What the fake saw of one trial's two runs.
    final class Trial: Sendable {
        let state = Mutex((exited: 0, charges: 0, tokens: 0))
        let changed = NSCondition()

        func update(_ change: (inout (exited: Int, charges: Int, tokens: Int)) -> Void) {
            changed.lock()
            state.withLock { change(&$0) }
            changed.broadcast()
            changed.unlock()
        }

        /// Holds a charge until the other run has ended or sent its own charge (bounded by the
        /// hang guard): without a lock, both runs reach their charges; with one, the run that
        /// lost the lock ends first. Either way nothing depends on which process is faster.
        func holdCharge() {
            let deadline = Date().addingTimeInterval(JournalAttack.hangGuard)
            changed.lock()
            while state.withLock({ $0.exited == 0 && $0.charges < 2 }), changed.wait(until: deadline) {}
            changed.unlock()
        }
    }

    @Test func twoRunsStartedTogetherOnANewJournalChargeOnce() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let current = Mutex<Trial?>(nil)
        fake.server.setFaultHook { request in
            guard request.method == "POST", let trial = current.withLock({ $0 }) else { return nil }
            if request.path.hasSuffix("/services/2/payment-fields-tokens") { trial.update { $0.tokens += 1 } }
            if request.path.hasSuffix("/services/2/transactions") {
                trial.update { $0.charges += 1 }
                trial.holdCharge()
            }
            return nil
        }
        let ws = try Workspace()
        var doubleCharges = 0
        for n in 0..<Self.lockTrials {
            let trial = Trial()
            current.withLock { $0 = trial }
            let journal = ws.url.appendingPathComponent("trial-\(n).journal").path
            let before = fake.ledger.count
            let outputs = Mutex<[(output: CheckoutBinary.Output, hung: Bool)]>([])
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do {
                    let r = try JournalAttack.run(
                        Self.arguments(journal: journal, fake: fake), environment: ProviderCommandTests.credentials(fake))
                    outputs.withLock { $0.append(r) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
                trial.update { $0.exited += 1 }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            let runs = outputs.withLock { $0 }
            let charged = fake.ledger.count - before
            if charged > 1 { doubleCharges += 1 }
            #expect(charged == 1, "trial \(n): \(charged) charges")
            #expect(trial.state.withLock { $0.tokens } == 1, "trial \(n): the refused run called the provider")
            #expect(runs.map(\.hung) == [false, false])
            let statuses = runs.map(\.output.status).sorted()
            #expect(statuses == [0, 2], "trial \(n): \(runs.map { "\($0.output.status) \($0.output.stderr)" })")
            if let refused = runs.first(where: { $0.output.status == 2 })?.output {
                #expect(refused.stderr.contains("cannot use the journal \(journal): another run holds it"), "\(refused.stderr)")
                #expect(refused.stdout.isEmpty)
            }
            for r in runs { #expect(r.output.stdout.utf8.count + r.output.stderr.utf8.count < Self.outputBound) }
            Self.expectClean(runs.flatMap { [$0.output.stdout, $0.output.stderr] } + [ws.read(journal) ?? ""])
            if charged != 1 || statuses != [0, 2] { break }
        }
        #expect(doubleCharges == 0)
    }

    // MARK: Files that are not journals

    @Test(arguments: ["a\nb", "abc", "notes\nmore notes\n", "{\"event\":\"run.start\"}\n{\"ev"])
    func aFileThatIsNotAJournalIsRefusedLeftByteForByteAndNothingIsCharged(_ text: String) throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let path = try ws.write(text, to: "notes.txt")
        let (r, hung) = try JournalAttack.run(
            Self.arguments(journal: path, fake: fake), environment: ProviderCommandTests.credentials(fake))
        #expect(!hung)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot use the journal \(path): the file is not a run journal; it was left as it is"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8), "the file was changed")
        #expect(fake.ledger.isEmpty && fake.idempotencyKeysSeen.isEmpty)
        #expect(r.stdout.utf8.count + r.stderr.utf8.count < Self.outputBound)
    }

    @Test func specialFilesAreRefusedBeforeAnythingIsReadOrWritten() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let fifo = ws.url.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", "/dev/full", fifo] {
            let (r, hung) = try JournalAttack.run(
                Self.arguments(journal: path, fake: fake), environment: ProviderCommandTests.credentials(fake))
            #expect(!hung, "\(path)")
            #expect(r.status == 2, "\(path): \(r.stderr)")
            #expect(r.stderr.contains("cannot use the journal \(path): it is not a regular file"), "\(r.stderr)")
            #expect(r.stdout.utf8.count + r.stderr.utf8.count < Self.outputBound)
        }
        let (dir, _) = try JournalAttack.run(
            Self.arguments(journal: ws.url.path, fake: fake), environment: ProviderCommandTests.credentials(fake))
        #expect(dir.status == 2, "\(dir.stderr)")
        #expect(fake.ledger.isEmpty && fake.idempotencyKeysSeen.isEmpty)
    }

    // MARK: A journal that cannot be written

    /// A journal killed right after `charge.sent` (nothing was charged yet), padded with empty
    /// lines to 64 KiB so that, under `ulimit -f 128`, its next line cannot be written.
    static func journalStoppedAtChargeSent(_ ws: Workspace, fake: FakeBlueSnap, droppingLast: Bool = false) throws -> String {
        let journal = ws.url.appendingPathComponent("run.journal").path
        var environment = ProviderCommandTests.credentials(fake)
        environment["CHECKOUT_TEST_KILL_AFTER"] = "charge.sent"
        let (killed, _) = try JournalAttack.run(Self.arguments(journal: journal, fake: fake), environment: environment)
        #expect(killed.signal == SIGKILL, "\(killed.stderr)")
        #expect(fake.ledger.isEmpty)
        if droppingLast {
            // As if killed after the step before the charge: the charge was never recorded.
            var lines = (ws.read(journal) ?? "").split(separator: "\n")
            #expect(lines.last?.contains(#""event":"charge.sent""#) == true)
            lines.removeLast()
            try ws.write(lines.joined(separator: "\n") + "\n", to: "run.journal")
        }
        try JournalAttack.pad(journal, to: 64 * 1024)
        return journal
    }

    @Test func aJournalThatCannotBeWrittenAfterTheChargeLeavesTheApprovedResult() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let journal = try Self.journalStoppedAtChargeSent(ws, fake: fake)
        let (r, hung) = try JournalAttack.runWithFileSizeLimit(
            blocks: 128, Self.arguments(journal: journal, fake: fake), environment: ProviderCommandTests.credentials(fake))
        #expect(!hung)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fake.ledger.count == 1)
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        #expect(printed["status"] as? String == "success")
        #expect((printed["transaction"] as? [String: Any])?["id"] as? String == fake.ledger.first?.transactionId)
        #expect(r.stderr.contains("the journal \(journal) could not be written"), "\(r.stderr)")
        #expect(r.stderr.contains("cannot be resumed safely"))
        #expect(r.stdout.utf8.count + r.stderr.utf8.count < Self.outputBound)
        Self.expectClean([r.stdout, r.stderr, ws.read(journal) ?? ""])
    }

    @Test func aJournalThatCannotBeWrittenBeforeTheChargeStopsTheRunUncharged() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let journal = try Self.journalStoppedAtChargeSent(ws, fake: fake, droppingLast: true)
        let (r, hung) = try JournalAttack.runWithFileSizeLimit(
            blocks: 128, Self.arguments(journal: journal, fake: fake), environment: ProviderCommandTests.credentials(fake))
        #expect(!hung)
        #expect(r.status == 4, "\(r.stderr)")
        #expect(fake.ledger.isEmpty && fake.idempotencyKeysSeen.isEmpty, "nothing was sent to charge")
        #expect(r.stdout.contains("journal_failed") && r.stdout.contains("the run stopped before charging"), "\(r.stdout)")
        #expect(r.stdout.utf8.count + r.stderr.utf8.count < Self.outputBound)
        Self.expectClean([r.stdout, r.stderr, ws.read(journal) ?? ""])
    }
}
