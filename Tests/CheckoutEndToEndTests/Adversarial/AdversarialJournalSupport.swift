import CheckoutFakes
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Support for the journal's adversarial tests: a run with a hang guard, the card numbers an
/// answers file holds, and a shell that starts `checkout` with a file-size limit.
enum JournalAttack {
    /// A run that has not ended after this long is hung: it is killed, and the test fails.
    static let hangGuard: Double = 120

    /// `CheckoutBinary.run`, killed with SIGKILL if it outlives `hangGuard`; `hung` says so.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], program: URL = CheckoutBinary.url,
        started: @escaping (Int32) -> Void = { _ in }
    ) throws -> (output: CheckoutBinary.Output, hung: Bool) {
        let state = Mutex((running: true, hung: false))
        var guardItem: DispatchWorkItem?
        let output = try CheckoutBinary.run(arguments, environment: environment, program: program) { pid in
            started(pid)
            let item = DispatchWorkItem {
                state.withLock { s in
                    guard s.running else { return }
                    s.hung = true
                    _ = kill(pid, SIGKILL)
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard, execute: item)
            guardItem = item
        }
        let hung = state.withLock { s in
            s.running = false
            return s.hung
        }
        guardItem?.cancel()
        return (output, hung)
    }

    /// Runs `checkout ARGS` through `/bin/sh` with `ulimit -f BLOCKS` (512-byte blocks) and
    /// SIGXFSZ ignored, so a write past the limit fails with EFBIG as on a full disk.
    static func runWithFileSizeLimit(
        blocks: Int, _ arguments: [String], environment: [String: String]
    ) throws -> (
        output: CheckoutBinary.Output, hung: Bool
    ) {
        let script = "ulimit -f \(blocks) && trap '' XFSZ && exec \"$0\" \"$@\""
        return try run(
            ["-c", script, CheckoutBinary.url.path] + arguments, environment: environment, program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// The card numbers written in an answers file (`number: …`), for leak scans.
    static func cardNumbers(inAnswers text: String) -> [String] {
        let pattern = /number:\s*"?([0-9][0-9 \-]{10,}[0-9])/
        return text.matches(of: pattern).map { String($0.output.1) }
    }

    /// Appends newlines to the journal at `path` until it is `size` bytes: a journal skips
    /// empty lines, so this changes nothing but where the next line starts.
    static func pad(_ path: String, to size: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        precondition(Int(end) <= size, "the journal is already \(end) bytes")
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: size - Int(end)))
    }
}

/// A fake provider on loopback for a kill test: BlueSnap (any shipped flow, through the
/// `--provider bluesnap` override), Maxpay or Spreedly (their own flows).
struct JournalAttackFake {
    var name: String
    var baseURL: URL
    var environment: [String: String]
    /// Each charge that moved money, as the ids a result may report for it.
    var charges: @Sendable () -> [[String]]
    var stop: @Sendable () -> Void

    static func start(_ name: String) throws -> JournalAttackFake {
        switch name {
        case "maxpay":
            let fake = try FakeMaxpay(privateKey: "sandbox-maxpay-private-key")
            return JournalAttackFake(
                name: name, baseURL: fake.baseURL, environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey],
                charges: { fake.ledger.map { [$0.reference] } }, stop: { fake.stop() })
        case "spreedly":
            let fake = try FakeSpreedly()
            return JournalAttackFake(
                name: name, baseURL: fake.baseURL, environment: fake.environment,
                charges: { fake.ledger.map { [$0.token] + ($0.captureToken.map { [$0] } ?? []) } }, stop: { fake.stop() })
        default:
            let fake = try FakeBlueSnap()
            return JournalAttackFake(
                name: "bluesnap", baseURL: fake.baseURL, environment: ProviderCommandTests.credentials(fake),
                charges: { fake.ledger.map { [$0.transactionId] } }, stop: { fake.stop() })
        }
    }
}
