import Dispatch
import Synchronization

/// Where the server's deferred work runs: the checks of documents, and the requests. Each
/// executor runs its jobs one at a time, in the order they were submitted (a check publishes
/// only after every older check of the same document, so never stale diagnostics after newer
/// ones; responses go out in the order the requests came).
public protocol LSPExecutor: Sendable {
    /// Runs `job` after every job submitted before it.
    func submit(_ job: @escaping @Sendable () -> Void)
    /// Returns once every job submitted so far has run (the end of a session).
    func wait()
}

/// Jobs on a serial dispatch queue: `checkout lsp`'s executors, off the reading loop.
public final class SerialExecutor: LSPExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    public init(label: String) { queue = DispatchQueue(label: label) }

    public func submit(_ job: @escaping @Sendable () -> Void) { queue.async(execute: job) }

    public func wait() { queue.sync {} }
}

/// Jobs kept until the caller runs them: tests decide what has run when, without sleeps.
public final class ManualExecutor: LSPExecutor {
    private let jobs = Mutex<[@Sendable () -> Void]>([])

    /// An executor that runs nothing until asked.
    public init() {}

    public func submit(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(job) } }

    /// Runs every job, those they submit included.
    public func wait() { while runNext() {} }

    /// How many jobs are waiting.
    public var pending: Int { jobs.withLock { $0.count } }

    /// Runs the oldest job; false when there was none.
    @discardableResult
    public func runNext() -> Bool {
        guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        job()
        return true
    }
}
