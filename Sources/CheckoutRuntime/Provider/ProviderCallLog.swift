import Synchronization

/// The records a `RecordingProvider` made and nobody has taken yet.
///
/// An attempt the run stopped waiting for (a step timeout) is recorded once, as an `error`
/// with the code `timeout`, whenever its task ends (or never): what it records itself is
/// dropped, so the record is the same on every run and cannot turn up at a later stage.
final class ProviderCallLog: Sendable {
    private struct State {
        var pending: [ProviderCall] = []
        var generation = 0
        /// The last call begun, as its record would begin.
        var current: ProviderCall?
    }
    private let state = Mutex(State())

    /// A call begins: returns its generation, for `append`.
    func begin(_ operation: ProviderCall.Operation, _ fields: ProviderCallFields) -> Int {
        state.withLock { s in
            s.current = ProviderCall(operation, fields: fields, answer: ProviderCallAnswer("pending"))
            return s.generation
        }
    }

    /// Keeps `call`, unless the attempt that made it (begun in `generation`) was abandoned.
    func append(_ call: ProviderCall, generation: Int) {
        state.withLock { s in
            if s.generation == generation { s.pending.append(call) }
        }
    }

    /// The call under way timed out: it is recorded as a `timeout` error, and whatever it
    /// recorded or records later is dropped. (The run traces the records after every attempt,
    /// so what is pending is this attempt's.)
    func abandon() {
        state.withLock { s in
            s.generation += 1
            s.pending.removeAll()
            guard var call = s.current else { return }
            s.current = nil
            call.answer = ProviderCallAnswer(error: ProviderError(.timeout, ""))
            s.pending.append(call)
        }
    }

    /// The records made since the last call, oldest first.
    func take() -> [ProviderCall] {
        state.withLock { s in
            defer { s.pending.removeAll(keepingCapacity: true) }
            return s.pending
        }
    }
}
