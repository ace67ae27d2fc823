import CheckoutRuntime
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test hook for crash tests: `CHECKOUT_TEST_KILL_AFTER=EVENT` (or `EVENT@STAGE`, or
/// `EVENT@STAGE#VISIT` for a later visit of a stage a route ran again) makes
/// `checkout run --journal` kill itself with SIGKILL right after that journal entry is on
/// disk (`charge.sent`, `charge.done`, `step.done@createToken`, `run.end`, …) — exactly as
/// if it had been killed from outside at that point. Unset, it costs nothing.
enum JournalKillSwitch {
    static let variable = "CHECKOUT_TEST_KILL_AFTER"

    static func fromEnvironment() -> (@Sendable (JournalEntry) -> Void)? {
        guard let spec = ProcessInfo.processInfo.environment[variable], !spec.isEmpty else { return nil }
        let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
        let event = parts[0]
        let stageParts = parts.count > 1 ? parts[1].split(separator: "#", maxSplits: 1).map(String.init) : []
        let stage = stageParts.first
        let visit = stageParts.count > 1 ? Int(stageParts[1]) : nil
        return { entry in
            guard entry.event == event, stage == nil || entry.stage == stage, visit == nil || entry.visit == visit else { return }
            kill(getpid(), SIGKILL)
        }
    }
}
