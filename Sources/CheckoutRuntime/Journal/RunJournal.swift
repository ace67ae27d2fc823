import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation
import Synchronization

/// One line of a run journal: an event, the stage and visit it belongs to, and flat string
/// fields. Never card numbers, CVVs or credentials: the runtime chooses every field.
package struct JournalEntry: Sendable, Hashable {
    /// `journal.start`, `run.start`, `step.done`, `charge.sent`, `charge.done`, `wallet.sent`, `run.end`.
    public var event: String
    /// The stage id, for stage events.
    public var stage: String?
    /// Which visit of the stage (routes can run a stage again), for stage events.
    public var visit: Int?
    /// The event's data.
    public var fields: [String: String]

    /// Creates an entry.
    public init(_ event: String, stage: String? = nil, visit: Int? = nil, fields: [String: String] = [:]) {
        self.event = event
        self.stage = stage
        self.visit = visit
        self.fields = fields
    }

    /// The entry as one JSON line (without the newline); fields in key order.
    public var jsonLine: String {
        var o = JSONObjectBuilder()
        o.add("event", event)
        o.add("stage", stage)
        o.add("visit", visit)
        for key in fields.keys.sorted() { o.add(key, fields[key]) }
        return o.value.serialized()
    }

    /// Parses a line written by `jsonLine`; nil when it is not one.
    public init?(jsonLine: String) {
        guard let object = JSONParser.parse(jsonLine), case .object(let members) = object, let event = object["event"]?.string
        else { return nil }
        self.event = event
        stage = object["stage"]?.string
        visit = object["visit"]?.text.flatMap { Int($0) }
        var fields: [String: String] = [:]
        for m in members where !["event", "stage", "visit"].contains(m.key) {
            guard let text = m.value.string else { return nil }
            fields[m.key] = text
        }
        self.fields = fields
    }
}

/// Where a journal's lines are kept: a file (`FileJournalStore`), or memory in tests.
package protocol JournalStore: Sendable {
    /// The complete lines so far, oldest first. A torn last line (the process died while
    /// writing it) is left out. Reading never changes the store.
    func lines() throws -> [String]
    /// Appends one line (no newline) and returns once it is durable; a torn last line is
    /// dropped first.
    func append(_ line: String) throws
}

/// Lines in memory (tests, embedders that keep their own storage).
package final class MemoryJournalStore: JournalStore {
    private let storage: Mutex<[String]>
    /// Creates a store holding `lines`.
    public init(lines: [String] = []) {
        storage = Mutex(lines)
    }
    public func lines() throws -> [String] { storage.withLock { $0 } }
    public func append(_ line: String) throws { storage.withLock { $0.append(line) } }
}

/// Why a journal cannot be used.
package enum JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The journal belongs to another flow or other answers.
    case otherRun(String)
    /// A line other than the last could not be read.
    case corrupt(line: Int)
    /// Reading or writing failed.
    case io(String)
    /// Another run holds the journal (it is locked for the life of a run).
    case locked(String)
    /// The file is not a journal at all (another kind of file, a special file, too big); it
    /// was left as it is.
    case notAJournal(String)

    public var description: String {
        switch self {
        case .otherRun(let why): why
        case .corrupt(let line): "line \(line) of the journal is not a journal entry; the file is damaged"
        case .io(let why), .locked(let why), .notAJournal(let why): why
        }
    }
}

/// A run journal (`checkout run --journal FILE`): each completed step of a run, written
/// durably as it completes, so a run killed mid-way and started again resumes where it was
/// without repeating a step — above all without charging twice. Its first line names the
/// flow and a digest of the flow and the answers; a journal of another run is refused.
package final class RunJournal: Sendable {
    /// The journal format's version.
    public static let version = "1"
    private let store: any JournalStore
    private let entries: Mutex<[JournalEntry]>
    private let observer: (@Sendable (JournalEntry) -> Void)?
    private let failure = Mutex<JournalError?>(nil)

    /// Opens the journal in `store` for a run of `flow` whose inputs have `digest`
    /// (`RunJournal.digest`): starts it when empty, else reads it back.
    /// - Parameter afterAppend: called after each entry is durable (a test's kill switch).
    /// - Throws: `JournalError` for a journal of another run, a damaged one, or failed I/O.
    public init(
        store: any JournalStore, flow: String, digest: String, afterAppend: (@Sendable (JournalEntry) -> Void)? = nil
    ) throws {
        self.store = store
        observer = afterAppend
        var read: [JournalEntry] = []
        for (n, line) in try store.lines().enumerated() where !line.isEmpty {
            guard let entry = JournalEntry(jsonLine: line) else {
                // Nothing is written to a file that is not a journal (not even the repair of
                // a torn last line): its first line must be a journal's.
                throw read.isEmpty
                    ? JournalError.notAJournal("the file is not a run journal; it was left as it is")
                    : JournalError.corrupt(line: n + 1)
            }
            read.append(entry)
        }
        entries = Mutex(read)
        guard let header = read.first else {
            try append(JournalEntry("journal.start", fields: ["version": Self.version, "flow": flow, "digest": digest]))
            return
        }
        guard header.event == "journal.start" else {
            throw JournalError.notAJournal("the file is not a run journal; it was left as it is")
        }
        guard header.fields["version"] == Self.version else {
            throw JournalError.otherRun("the file is not a version \(Self.version) run journal")
        }
        guard header.fields["flow"] == flow else {
            throw JournalError.otherRun(
                "the journal belongs to flow \(UserText.quoted(header.fields["flow"] ?? "?")), not \(UserText.quoted(flow)); use a new journal file"
            )
        }
        guard header.fields["digest"] == digest else {
            throw JournalError.otherRun(
                "the journal was written for another version of this flow or other answers; use a new journal file")
        }
    }

    /// The digest a journal is tied to: SHA-256 over the flow's and the answers' bytes (the
    /// answers themselves are never stored).
    public static func digest(flow: [UInt8], answers: [UInt8]) -> String {
        var bytes = Array("flow \(flow.count)\n".utf8) + flow
        bytes += Array("answers \(answers.count)\n".utf8) + answers
        return SHA256.hex(SHA256.digest(bytes))
    }

    /// Every entry, oldest first.
    public var all: [JournalEntry] { entries.withLock { $0 } }

    /// The recorded result of a run that ended for good: any status but `error` (a provider
    /// failure after retries, which a new start resumes). The result is its JSON text.
    public var finished: (status: CheckoutStatus, result: String)? {
        guard let end = entries.withLock({ $0.last { $0.event == "run.end" } }),
            let status = end.fields["status"].flatMap(CheckoutStatus.init(rawValue:)), status != .error,
            let result = end.fields["result"]
        else { return nil }
        return (status, result)
    }

    /// The last `event` recorded for this visit of `stage`.
    public func entry(_ event: String, stage: String, visit: Int) -> JournalEntry? {
        entries.withLock { $0.last { $0.event == event && $0.stage == stage && $0.visit == visit } }
    }

    /// The last `event` recorded outside any stage.
    public func entry(_ event: String) -> JournalEntry? {
        entries.withLock { $0.last { $0.event == event && $0.stage == nil } }
    }

    /// The first write that failed, if one did; nothing is written after it (the journal
    /// ends where it failed, and a run cannot be resumed from it safely).
    public var writeFailure: JournalError? { failure.withLock { $0 } }

    /// Writes `entry` durably, then remembers it. Once a write has failed, every later one
    /// fails the same way without touching the store.
    public func append(_ entry: JournalEntry) throws {
        if let failed = writeFailure { throw failed }
        do {
            try store.append(entry.jsonLine)
        } catch {
            let failed = error as? JournalError ?? JournalError.io("cannot write the journal: \(error)")
            failure.withLock { $0 = failed }
            throw failed
        }
        entries.withLock { $0.append(entry) }
        observer?(entry)
    }
}
