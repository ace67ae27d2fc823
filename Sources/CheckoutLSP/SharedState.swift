import Synchronization

/// What the reading loop and the jobs off it share, under one lock: the open documents' texts
/// by path (the compiler reads a base flow from here before the disk), the newest check of each
/// document, the files each document's last check read, and the requests not yet started.
final class SharedState: Sendable {
    private struct State {
        var texts: [String: String] = [:]
        var generations: [String: Int] = [:]
        var dependencies: [String: Set<String>] = [:]
        var pending: Set<String> = []
    }

    private let state = Mutex(State())

    /// The open text of the file at `path` (standardized), if it is open.
    func openText(_ path: String) -> String? { state.withLock { $0.texts[path] } }

    /// Records the open text of `path`, or forgets it (nil: closed).
    func setOpenText(_ path: String, _ text: String?) { state.withLock { $0.texts[path] = text } }

    /// A new check of `uri`: every older one is superseded. Returns its generation.
    func newGeneration(_ uri: String) -> Int {
        state.withLock { s in
            let g = (s.generations[uri] ?? 0) + 1
            s.generations[uri] = g
            return g
        }
    }

    /// Whether `generation` is still the newest check of `uri`.
    func isLatest(_ uri: String, _ generation: Int) -> Bool { state.withLock { $0.generations[uri] == generation } }

    /// A check of `uri` starts: the files it reads are recorded afresh.
    func beginCheck(_ uri: String) { state.withLock { $0.dependencies[uri] = [] } }

    /// The open text of `path` for a check of `uri`, recording that the check looked for it,
    /// both under one lock: a change to `path` after this finds `uri` among its dependents,
    /// and a change before it is the text returned (so no check misses a newer text).
    func read(_ path: String, for uri: String) -> String? {
        state.withLock { s in
            s.dependencies[uri, default: []].insert(path)
            return s.texts[path]
        }
    }

    /// Forgets the files a closed document's checks read.
    func forget(_ uri: String) { state.withLock { $0.dependencies[uri] = nil } }

    /// The documents whose last check read or looked for `path`.
    func dependents(of path: String) -> [String] {
        state.withLock { s in s.dependencies.filter { $0.value.contains(path) }.map(\.key).sorted() }
    }

    /// A request waiting to run.
    func addPending(_ id: String) { _ = state.withLock { $0.pending.insert(id) } }

    /// Takes a waiting request to run it: false when it was cancelled (or never waited).
    func start(_ id: String) -> Bool { state.withLock { $0.pending.remove(id) != nil } }

    /// Cancels a waiting request: true when it was waiting (it is answered RequestCancelled
    /// now and not run); false when it already ran or is running (its answer stands).
    func cancel(_ id: String) -> Bool { state.withLock { $0.pending.remove(id) != nil } }
}
