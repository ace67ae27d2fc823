package import CheckoutLanguage
import Synchronization

extension ScenarioSuite {
    /// The suite's flows compiled again from the bytes their first compile read: the same
    /// flows, sharing no storage with `flows`. A worker of `checkout test --jobs N` runs its
    /// scenarios on its own copy: every run copies its flow, and cores that retain and release
    /// the same buffers at once slow each other down (at `--jobs 2`, 3 ms of a 10,000-scenario
    /// suite's 130). Nil when the flows' files are bigger than `maxBytesCompiledAgain` in all,
    /// where a second compile would cost more than it saves.
    package func compiledAgain() -> [String: CompiledFlow]? {
        guard let sources = flowSources.replaying(maxBytes: Self.maxBytesCompiledAgain) else { return nil }
        var out: [String: CompiledFlow] = [:]
        for path in flows.keys {
            guard let flow = FlowCompiler.compile(contentsOf: path, sources: sources).flow else { return nil }
            out[path] = flow
        }
        return out
    }

    /// The most flow bytes `compiledAgain` compiles again.
    static let maxBytesCompiledAgain = 1 << 20
}

/// The files a compile read and the paths it asked about, kept as they were answered, and
/// given back to a later compile in place of the disk.
struct RecordedFlowSources: Sendable {
    private final class Record: Sendable {
        let state = Mutex<(reads: [String: [UInt8]], exists: [String: Bool])>(([:], [:]))
    }

    private let record = Record()

    /// The file system, every answer kept.
    var recording: FlowSources {
        let record = record
        return FlowSources(
            read: { path, maxBytes in
                let result = FlowSources.fileSystem.read(path, maxBytes)
                if case .success(let bytes) = result { record.state.withLock { $0.reads[path] = bytes } }
                return result
            },
            exists: { path in
                let answer = FlowSources.fileSystem.exists(path)
                record.state.withLock { $0.exists[path] = answer }
                return answer
            })
    }

    /// Lets go of the files read when they are more than `maxBytes` in all: `replaying` would
    /// not use them, and a suite of big flows would hold a second copy of each to the end.
    func forget(over maxBytes: Int) {
        record.state.withLock { state in
            if state.reads.values.reduce(0, { $0 + $1.count }) > maxBytes { state = ([:], [:]) }
        }
    }

    /// The kept answers, the disk only for what was never asked; nil when the files kept are
    /// more than `maxBytes` in all.
    func replaying(maxBytes: Int) -> FlowSources? {
        let (reads, exists) = record.state.withLock { ($0.reads, $0.exists) }
        guard !reads.isEmpty, reads.values.reduce(0, { $0 + $1.count }) <= maxBytes else { return nil }
        return FlowSources(
            read: { path, maxBytes in reads[path].map { .success($0) } ?? FlowSources.fileSystem.read(path, maxBytes) },
            exists: { path in exists[path] ?? FlowSources.fileSystem.exists(path) })
    }
}
