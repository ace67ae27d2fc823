import CCurlShim
import CheckoutRuntime
import Synchronization

/// One libcurl easy handle. A handle keeps its connections alive between transfers, so a
/// handle used again for the same host reuses its connection. Used by one transfer at a time.
final class CurlEasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init?() {
        guard let pointer = cs_easy_init() else { return nil }
        self.pointer = pointer
    }

    deinit { cs_easy_cleanup(pointer) }
}

/// At most `limit` easy handles for one scheme, host and port. A request takes a free handle,
/// opens a new one while fewer than `limit` exist, or waits (cancellably, first come first
/// served) for one to be given back.
final class CurlHandlePool: Sendable {
    private struct State {
        var idle: [CurlEasyHandle] = []
        var open = 0
        var waiters: [(id: UInt64, continuation: CheckedContinuation<CurlEasyHandle, any Error>)] = []
    }

    private enum Step {
        case take(CurlEasyHandle)
        case create
        case cancelled
        case wait
    }

    let limit: Int
    private let state = Mutex(State())
    private let nextID = Atomic<UInt64>(0)

    init(limit: Int) { self.limit = max(1, limit) }

    /// Handles opened so far and not closed (idle or in use).
    var openHandles: Int { state.withLock { $0.open } }
    /// Requests waiting for a handle.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// A handle for one transfer; give it back with `release`.
    func acquire() async throws -> CurlEasyHandle {
        let id = nextID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<CurlEasyHandle, any Error>) in
                // Cancellation is checked under the lock the cancel handler takes too: either the
                // handler finds this waiter, or the waiter sees the task cancelled.
                let step = state.withLock { s -> Step in
                    if let handle = s.idle.popLast() { return .take(handle) }
                    if s.open < limit {
                        s.open += 1
                        return .create
                    }
                    if Task.isCancelled { return .cancelled }
                    s.waiters.append((id: id, continuation: continuation))
                    return .wait
                }
                switch step {
                case .take(let handle): continuation.resume(returning: handle)
                case .create:
                    if let handle = CurlEasyHandle() {
                        continuation.resume(returning: handle)
                    } else {
                        state.withLock { $0.open -= 1 }
                        continuation.resume(throwing: ProviderError(.unavailable, "libcurl could not start a transfer"))
                    }
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { s -> CheckedContinuation<CurlEasyHandle, any Error>? in
                guard let index = s.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return s.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives `handle` back: to the longest waiting request, else to the idle list.
    func release(_ handle: CurlEasyHandle) {
        let waiter = state.withLock { s -> CheckedContinuation<CurlEasyHandle, any Error>? in
            if !s.waiters.isEmpty { return s.waiters.removeFirst().continuation }
            s.idle.append(handle)
            return nil
        }
        waiter?.resume(returning: handle)
    }
}
