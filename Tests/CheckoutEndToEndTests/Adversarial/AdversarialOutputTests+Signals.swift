import CheckoutFakes
import Foundation
import FoundationXML
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 14's signal attacks on headless commands: SIGINT and SIGTERM delivered at a known
/// point — while the fake BlueSnap holds a charge, or while `validate` waits on a FIFO — end
/// with a message, `run.end` canceled in the trace, the result and JUnit written, exit 130/143.
@Suite struct AdversarialOutputSignalTests {
    /// The spawned run, for the fake's hook: its pid, and whether it has ended.
    final class Child: Sendable {
        let pid = Mutex<pid_t>(0)
        let ended = Mutex(false)
    }

    /// Makes `server` send `signal` to the child when the `n`th charge arrives, then hold that
    /// request (60 s at most) until the child has ended: the signal lands while the charge is
    /// under way, every time.
    static func signal(_ signal: Int32, atCharge n: Int, on server: LoopbackHTTPServer, to child: Child) {
        let seen = Mutex(0)
        server.setFaultHook { request in
            guard request.method == "POST", request.path.hasSuffix("/services/2/transactions") else { return nil }
            guard
                seen.withLock({ count in
                    count += 1
                    return count == n
                })
            else { return nil }
            let deadline = Date().addingTimeInterval(60)
            while child.pid.withLock({ $0 }) == 0, Date() < deadline { usleep(1_000) }
            kill(child.pid.withLock { $0 }, signal)
            while !child.ended.withLock({ $0 }), Date() < deadline { usleep(1_000) }
            return nil
        }
    }

    @Test func sigintDuringAChargeEndsTheTraceWritesACanceledResultAndPointsToTheJournal() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let child = Child()
        Self.signal(SIGINT, atCharge: 1, on: fake.server, to: child)
        let answers = try ws.write(OutputAttack.answers, to: "answers.yaml")
        let result = ws.url.appendingPathComponent("result.json").path
        let trace = ws.url.appendingPathComponent("trace.jsonl").path
        let journal = ws.url.appendingPathComponent("run.journal").path
        let arguments = [
            "run", "flows/standard-checkout.yaml", "--answers", answers, "--json", "--result", result, "--trace", trace,
            "--journal", journal, "--now", CheckoutBinary.fixedNow, "--provider", "bluesnap", "--provider-url", fake.baseURL.absoluteString,
        ]
        let environment = ProviderCommandTests.credentials(fake)
        let ended = try OutputAttack.run(arguments, in: ws, environment: environment) { pid in child.pid.withLock { $0 = pid } }
        child.ended.withLock { $0 = true }

        OutputAttack.expectSound(ended, exit: 130, files: [result, trace, journal], in: ws)
        let lines = ended.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(ended.summary)")
        #expect(ended.stderr.hasPrefix("checkout: error: interrupted by SIGINT; the charge at "), "\(ended.summary)")
        #expect(ended.stderr.contains("may have been made: run again with --journal \(journal)"), "\(ended.summary)")
        #expect(OutputAttack.status(ended.stdout) == "canceled")
        let resultText = OutputAttack.regularText(result)
        #expect(OutputAttack.status(resultText) == "canceled")
        #expect(resultText.contains("interrupted by SIGINT while the charge at "), "\(resultText)")
        let last = try #require(OutputAttack.traceEvents(OutputAttack.regularText(trace)).last, "no trace")
        #expect(last["event"] as? String == "run.end")
        #expect(last["status"] as? String == "canceled" && last["reason"] as? String == "interrupted by SIGINT")

        // What the message says to do: the same journal learns the charge's outcome, once.
        fake.server.setFaultHook(nil)
        let resumed = try OutputAttack.run(arguments, in: ws, environment: environment)
        OutputAttack.expectSound(resumed, exit: 0, files: [result, trace, journal], in: ws)
        #expect(fake.ledger.count == 1, "charged \(fake.ledger.count) times")
    }

    @Test func sigtermDuringAChargeWithoutAJournalExits143WithWhatItKnows() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let child = Child()
        Self.signal(SIGTERM, atCharge: 1, on: fake.server, to: child)
        let answers = try ws.write(OutputAttack.answers, to: "answers.yaml")
        let result = ws.url.appendingPathComponent("result.json").path
        let trace = ws.url.appendingPathComponent("trace.jsonl").path
        let ended = try OutputAttack.run(
            [
                "run", "flows/standard-checkout.yaml", "--answers", answers, "--result", result, "--trace", trace, "--now",
                CheckoutBinary.fixedNow, "--provider", "bluesnap", "--provider-url", fake.baseURL.absoluteString,
            ], in: ws, environment: ProviderCommandTests.credentials(fake)
        ) { pid in child.pid.withLock { $0 = pid } }
        child.ended.withLock { $0 = true }

        OutputAttack.expectSound(ended, exit: 143, files: [result, trace], in: ws)
        #expect(ended.stderr.contains("checkout: error: interrupted by SIGTERM; the charge at "), "\(ended.summary)")
        #expect(ended.stderr.contains("check with the provider before trying again"), "\(ended.summary)")
        #expect(ended.stdout.hasPrefix("standard-checkout: canceled\n"), "\(ended.summary)")
        #expect(OutputAttack.status(OutputAttack.regularText(result)) == "canceled")
        let last = OutputAttack.traceEvents(OutputAttack.regularText(trace)).last
        #expect(last?["event"] as? String == "run.end" && last?["reason"] as? String == "interrupted by SIGTERM")
    }

    @Test func sigtermDuringTestWritesTheJUnitOfWhatRanAndTheRestAsErrors() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let child = Child()
        // The second scenario's charge: the first has passed by then.
        Self.signal(SIGTERM, atCharge: 2, on: fake.server, to: child)
        let junit = ws.url.appendingPathComponent("junit.xml").path
        let ended = try OutputAttack.run(
            [
                "test", "flows/standard-checkout.scenarios.yaml", "--junit", junit, "--provider", "bluesnap", "--provider-url",
                fake.baseURL.absoluteString,
            ], in: ws, environment: ProviderCommandTests.credentials(fake)
        ) { pid in child.pid.withLock { $0 = pid } }
        child.ended.withLock { $0 = true }

        OutputAttack.expectSound(ended, exit: 143, files: [junit], in: ws)
        #expect(ended.stderr.hasPrefix("checkout: error: interrupted by SIGTERM after 1 of "), "\(ended.summary)")
        let xml = OutputAttack.regularText(junit)
        let cases = xml.components(separatedBy: "<testcase ").count - 1
        let errors = xml.components(separatedBy: "type=\"Interrupted\"").count - 1
        #expect(cases > 2 && errors == cases - 1, "\(xml)")
        #expect(xml.contains("errors=\"\(errors)\"") && xml.contains("not run to its end: interrupted by SIGTERM"))
        // FoundationXML traps on an empty document: parsed only once there is one.
        if xml.hasPrefix("<?xml") { #expect(try XMLDocument(xmlString: xml).rootElement()?.name == "testsuites") }
    }

    @Test func sigintDuringValidateSaysSoAndExits130() throws {
        let ws = try Workspace()
        let flow = try ws.write("id: broken\nnot-a-key: 1\n", to: "flow.yaml")
        let child = Child()
        // validate's stdout is a full pipe nobody reads: its first report line blocks, and the
        // signal comes while it waits there, past its start.
        let signaller = Thread {
            let deadline = Date().addingTimeInterval(60)
            while !child.ended.withLock({ $0 }), Date() < deadline {
                let pid = child.pid.withLock { $0 }
                if pid != 0, OutputAttack.blockedWritingStdout(pid) {
                    kill(pid, SIGINT)
                    return
                }
                usleep(1_000)
            }
        }
        let ended = try OutputAttack.run(["validate", flow], in: ws, stdout: .fullPipe) { pid in
            child.pid.withLock { $0 = pid }
            signaller.start()
        }
        child.ended.withLock { $0 = true }
        OutputAttack.expectSound(ended, exit: 130, in: ws)
        #expect(ended.stderr.hasSuffix("checkout: error: interrupted\n"), "\(ended.summary)")
    }
}
