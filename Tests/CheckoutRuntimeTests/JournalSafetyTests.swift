import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A journal store whose appends of one event fail, as on a full disk.
final class FailingStore: JournalStore {
    let inner = MemoryJournalStore()
    let failing: String
    init(failing event: String) { failing = event }
    func lines() throws -> [String] { try inner.lines() }
    func append(_ line: String) throws {
        if JournalEntry(jsonLine: line)?.event == failing { throw JournalError.io("cannot write the journal: No space left on device") }
        try inner.append(line)
    }
}

/// What a journal never does: change a payment's outcome when it cannot be written after the
/// charge, let a charge go out it could not record, or touch a file that is not a journal.
@Suite struct JournalSafetyTests {
    func run(store: any JournalStore, provider: any PaymentProvider, clock: ManualClock) async throws -> CheckoutResult {
        let flow = try compileFlow(simpleFlow)
        let journal = try RunJournal(store: store, flow: flow.definition.id, digest: "d1")
        return await CheckoutRunner(
            flow: flow, provider: provider, frontend: HeadlessFrontend(answers: try readAnswers(cardAnswers("4111111111111111"))),
            clock: clock, random: SeededRandom(seed: 5), journal: journal
        ).run()
    }

    @Test func aJournalThatCannotRecordTheApprovedChargeLeavesTheResultApproved() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = FailingStore(failing: "charge.done")
        let result = try await run(store: store, provider: sandbox, clock: clock)
        #expect(result.status == .success, "\(result.errors)")
        #expect(result.exitCode == 0)
        #expect(result.transaction?.id == (await sandbox.ledger.first?.id))
        #expect(await sandbox.ledger.count == 1)
        let journal = try RunJournal(store: store.inner, flow: "unit", digest: "d1")
        #expect(journal.all.last?.event == "charge.sent", "nothing was written after the failed line")
    }

    @Test(arguments: ["run.start", "step.done", "charge.sent"])
    func aJournalThatCannotRecordTheChargeBeforeItIsSentStopsTheRunUncharged(_ event: String) async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let charges = Mutex(0)
        let counting = ChargeOverridingProvider(base: sandbox) { request in
            charges.withLock { $0 += 1 }
            return try await sandbox.charge(request)
        }
        let result = try await run(store: FailingStore(failing: event), provider: counting, clock: clock)
        #expect(result.status == .error)
        #expect(charges.withLock { $0 } == 0)
        let issue = try #require(result.errors.first)
        #expect(issue.code == "journal_failed")
        #expect(issue.message.contains("No space left on device") && issue.message.contains("before charging"), "\(issue.message)")
    }

    // MARK: Files

    final class Scratch {
        let dir: String
        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("journal-safety-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: dir) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = dir + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static let notJournals: [String] = [
        "a\nb", "abc", "hello\nworld\n", "{\"event\":\"run.start\"}\n", "{\"event\":\"run.start\"}\n{\"ev",
        "{\"event\":\"journal.start\",\"flow\":\"unit\",\"version\":\"1\",\"digest\":\"other\"}\n{\"ev",
    ]

    @Test(arguments: notJournals)
    func aFileThatIsNotAJournalOfThisRunIsRefusedAndLeftByteForByte(_ text: String) throws {
        let scratch = try Scratch()
        let path = try scratch.file("notes.txt", Array(text.utf8))
        #expect(throws: JournalError.self) { try RunJournal(store: try FileJournalStore(path: path), flow: "unit", digest: "d1") }
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
    }

    @Test func aTornFirstLineOfAJournalIsRepairedAsANewJournal() throws {
        let scratch = try Scratch()
        let path = try scratch.file("run.journal", Array("{\"event\":\"journal.st".utf8))
        let journal = try RunJournal(store: try FileJournalStore(path: path), flow: "unit", digest: "d1")
        #expect(journal.all.map(\.event) == ["journal.start"])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text == (journal.all.first?.jsonLine ?? "") + "\n", "the torn line was replaced by the header")
    }

    @Test func specialFilesAreRefusedBeforeAnythingIsReadOrWritten() throws {
        let scratch = try Scratch()
        let fifo = scratch.dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", "/dev/null", scratch.dir, fifo] {
            #expect(throws: JournalError.self, "\(path)") { try FileJournalStore(path: path) }
        }
    }

    @Test func aJournalLargerThanTheCapIsRefusedUnread() throws {
        let scratch = try Scratch()
        let path = try scratch.file("big.journal", [])
        #expect(truncate(path, off_t(FileJournalStore.maximumSize + 1)) == 0)
        #expect(throws: JournalError.self) { try RunJournal(store: try FileJournalStore(path: path), flow: "unit", digest: "d1") }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == FileJournalStore.maximumSize + 1)
    }

    @Test func aJournalIsHeldByOneStoreAtATime() throws {
        let scratch = try Scratch()
        let path = scratch.dir + "/run.journal"
        let first = try FileJournalStore(path: path)
        // Not checked: that it can be locked again once released — a child process another
        // test forks meanwhile shares the lock until it execs, so a reopen would race with it.
        withExtendedLifetime(first) {
            #expect(throws: JournalError.self) { try FileJournalStore(path: path) }
            do {
                _ = try FileJournalStore(path: path)
            } catch {
                #expect("\(error)".contains("another run holds it"), "\(error)")
            }
        }
    }
}
