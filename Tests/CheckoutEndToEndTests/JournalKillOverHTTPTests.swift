import CheckoutFakes
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 6's crash test, across processes: `checkout run --journal` against the fake BlueSnap
/// is killed with SIGKILL at the moment its charge reaches the provider — the provider charges,
/// the answer never arrives, no result is written — and started again with the same journal.
/// The fake lives in this test process, so its ledger outlives the killed run.
@Suite struct JournalKillOverHTTPTests {
    @Test func aRunKilledAfterItsChargeWasSentResumesWithoutASecondCharge() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let journal = ws.url.appendingPathComponent("run.journal").path
        let result = ws.url.appendingPathComponent("result.json").path
        // The first charge request to arrive kills the run that sent it, then is handled: the
        // money moves, and the answer goes to a process that no longer exists.
        let child = Self.killAtFirstCharge(fake.server, pathSuffix: "/services/2/transactions")
        let arguments = [
            "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--journal", journal,
            "--result", result, "--json", "--now", CheckoutBinary.fixedNow, "--provider", "bluesnap", "--provider-url",
            fake.baseURL.absoluteString,
        ]
        let environment = ProviderCommandTests.credentials(fake)

        let first = try CheckoutBinary.run(arguments, environment: environment) { pid in child.pid.withLock { $0 = pid } }
        #expect(first.signal == SIGKILL, "exit \(first.status): \(first.stderr)")
        #expect(first.stdout.isEmpty)
        #expect(ws.read(result) == nil, "the killed run wrote no result")
        Self.waitUntil { !fake.ledger.isEmpty }
        #expect(fake.ledger.count == 1, "the provider charged once, for a run that was already dead")
        let journalText = try #require(ws.read(journal))
        #expect(journalText.contains(#""event":"charge.sent""#) && !journalText.contains(#""event":"charge.done""#))

        let second = try CheckoutBinary.run(arguments, environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(fake.ledger.count == 1, "the restart re-sent the charge under its key and was given the first answer")
        let charged = try #require(fake.ledger.first)
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(printed["status"] as? String == "success")
        #expect((printed["transaction"] as? [String: Any])?["id"] as? String == charged.transactionId)
        #expect(ws.read(result)?.contains(charged.transactionId) == true)
        for output in [first.stdout, first.stderr, second.stdout, second.stderr, journalText, ws.read(result) ?? ""] {
            #expect(!output.contains("4111111111111111") && !output.contains(fake.credentials.password))
        }
    }

    /// The same against the fake Maxpay with the SALE3D flow: Maxpay's card lives only in the
    /// killed process's adapter, so the restart takes it from the answers again, re-sends the
    /// signed SALE3D under its `transaction_unique_id` and is given the first answer.
    @Test func aMaxpayRunKilledAfterItsChargeWasSentResumesWithoutASecondCharge() throws {
        let fake = try FakeMaxpay(privateKey: "sandbox-maxpay-private-key")
        defer { fake.stop() }
        let ws = try Workspace()
        let journal = ws.url.appendingPathComponent("run.journal").path
        let result = ws.url.appendingPathComponent("result.json").path
        let child = Self.killAtFirstCharge(fake.server, pathSuffix: "/api/cc")
        let arguments = [
            "run", "flows/maxpay-sale3d.yaml", "--answers", "examples/maxpay-sale3d/frictionless.yaml", "--journal", journal,
            "--result", result, "--json", "--now", CheckoutBinary.fixedNow, "--provider", "maxpay", "--provider-url",
            fake.baseURL.absoluteString,
        ]
        let environment = ["MAXPAY_PUBLIC_KEY": fake.publicKey]

        let first = try CheckoutBinary.run(arguments, environment: environment) { pid in child.pid.withLock { $0 = pid } }
        #expect(first.signal == SIGKILL, "exit \(first.status): \(first.stderr)")
        #expect(ws.read(result) == nil, "the killed run wrote no result")
        Self.waitUntil { !fake.ledger.isEmpty }
        #expect(fake.ledger.count == 1, "Maxpay charged once, for a run that was already dead")
        let journalText = try #require(ws.read(journal))
        #expect(journalText.contains(#""event":"charge.sent""#) && !journalText.contains(#""event":"charge.done""#))

        let second = try CheckoutBinary.run(arguments, environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(fake.ledger.count == 1, "the restart re-sent the SALE3D under its unique id and was given the first answer")
        let charged = try #require(fake.ledger.first)
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(printed["status"] as? String == "success")
        #expect(printed["threeDSAuthenticationResult"] as? String == "AUTHENTICATION_SUCCEEDED")
        #expect((printed["transaction"] as? [String: Any])?["id"] as? String == charged.reference)
        for output in [first.stdout, first.stderr, second.stdout, second.stderr, journalText, ws.read(result) ?? ""] {
            #expect(!output.contains("4111111111111111") && !output.contains(fake.privateKey))
        }
    }

    /// The child process a fault hook kills: its pid, set once the child is spawned.
    final class Child: Sendable {
        let pid = Mutex<pid_t>(0)
    }

    /// Makes `server` kill the returned child when the first POST to a path ending in
    /// `pathSuffix` arrives; the request is then handled as usual.
    static func killAtFirstCharge(_ server: LoopbackHTTPServer, pathSuffix: String) -> Child {
        let child = Child()
        let killed = Mutex(false)
        server.setFaultHook { request in
            guard request.method == "POST", request.path.hasSuffix(pathSuffix) else { return nil }
            killed.withLock { done in
                guard !done else { return }
                done = true
                _ = kill(child.pid.withLock { $0 }, SIGKILL)
            }
            return nil
        }
        return child
    }

    /// The server handles the charge after its hook killed the run, on its own thread: wait
    /// (bounded, 10 s) for that handling to land rather than race it.
    static func waitUntil(_ done: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !done(), Date() < deadline { usleep(1_000) }
    }
}
