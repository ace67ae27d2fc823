import Foundation
import Synchronization

/// The run's clock: the current time, and waiting (retry backoff). Injected so tests are exact.
public protocol CheckoutClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Waits; a test clock advances its time instead of sleeping.
    func sleep(for duration: Duration) async throws
}

/// The system clock.
public struct SystemClock: CheckoutClock {
    /// Creates the system clock.
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// A clock that only moves when told to (or when something sleeps on it): for tests and for
/// reproducible runs (`checkout run --now`).
public final class ManualClock: CheckoutClock {
    private let current: Mutex<Date>

    /// Creates a clock stopped at `start`.
    public init(start: Date) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves time forward without waiting.
    public func sleep(for duration: Duration) async throws { advance(by: duration) }

    /// Moves time forward.
    public func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
