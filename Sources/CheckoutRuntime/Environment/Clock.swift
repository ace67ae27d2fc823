public import Foundation
import Synchronization

/// The run's clock: the current time, waiting (retry backoff) and deadlines (step timeouts).
/// Injected so tests are exact.
public protocol CheckoutClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Waits; a test clock advances its time instead of sleeping.
    func sleep(for duration: Duration) async throws
    /// Runs `operation`, and gives up on it when `timeout` passes on this clock first: the
    /// operation is cancelled and `ClockTimeout` thrown, without waiting for it to finish.
    /// The default races the operation against `sleep(for:)` in two tasks.
    func withTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T
}

/// An operation lost its race against the clock (`CheckoutClock.withTimeout`).
public struct ClockTimeout: Error, Sendable, Hashable {
    /// The time the operation had.
    public var timeout: Duration
    /// Creates the error.
    public init(timeout: Duration) {
        self.timeout = timeout
    }
}

extension CheckoutClock {
    /// Races `operation` against `sleep(for: timeout)` in two unstructured tasks: the first to
    /// end decides, and the other is cancelled. The caller does not wait for a cancelled
    /// operation that ignores cancellation (a hung connection): its task is left to end on its own.
    public func withTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.wait(continuation)
                let work = Task {
                    do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    // A cancelled timer (the operation won) throws here and reports nothing.
                    guard (try? await self.sleep(for: timeout)) != nil, !Task.isCancelled else { return }
                    race.finish(.failure(ClockTimeout(timeout: timeout)))
                }
                race.track(work, timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The state of one `withTimeout` race: the waiting caller, the first result, the two tasks.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
    }
    private let state = Mutex(State())

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { s in
            if let r = s.result { return r }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func track(_ tasks: Task<Void, Never>...) {
        let decided = state.withLock { s in
            s.tasks = tasks
            return s.result != nil
        }
        if decided { for t in tasks { t.cancel() } }
    }

    /// The first call decides; later ones are dropped.
    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { s in
            guard s.result == nil else { return (nil, []) }
            s.result = result
            defer { s.continuation = nil }
            return (s.continuation, s.tasks)
        }
        for t in tasks { t.cancel() }
        continuation?.resume(with: result)
    }
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
///
/// Deadlines are simulated in the running task: inside `withTimeout`, a `sleep` that would
/// pass the deadline moves the clock to the deadline and throws `CancellationError` (the
/// timer fired first and the call was cancelled); an operation that returns after something
/// moved the clock past the deadline lost the race too. Runs stay exact and sleep-free.
public final class ManualClock: CheckoutClock {
    private let current: Mutex<Date>

    /// The innermost deadline of the running task, and the clock it belongs to.
    @TaskLocal private static var deadline: (clock: ObjectIdentifier, at: Date)?

    /// Creates a clock stopped at `start`.
    public init(start: Date) {
        current = Mutex(start)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves time forward without waiting; past a `withTimeout` deadline, stops there and
    /// throws `CancellationError`.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        if let d = Self.deadline, d.clock == ObjectIdentifier(self), now().addingTimeInterval(duration.seconds) > d.at {
            current.withLock { $0 = max($0, d.at) }
            throw CancellationError()
        }
        advance(by: duration)
    }

    public func withTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        var at = now().addingTimeInterval(timeout.seconds)
        if let outer = Self.deadline, outer.clock == ObjectIdentifier(self) { at = min(at, outer.at) }
        let value: T
        do {
            value = try await Self.$deadline.withValue((ObjectIdentifier(self), at)) { try await operation() }
        } catch {
            if now() >= at { throw ClockTimeout(timeout: timeout) }
            throw error
        }
        if now() > at { throw ClockTimeout(timeout: timeout) }
        return value
    }

    /// Moves time forward.
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.addingTimeInterval(duration.seconds) }
    }
}
