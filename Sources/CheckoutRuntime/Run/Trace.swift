public import CheckoutJSON
import CheckoutLanguage
public import Foundation
import Synchronization

/// One event of a run's trace: a screen shown or answered, a step started or ended.
/// Attributes are chosen by the runtime and never hold card numbers, CVVs or credentials.
public struct TraceEvent: Sendable {
    /// The event's number in the run, from 1.
    public var seq: Int
    /// When it happened, by the run's clock.
    public var time: Date
    /// `run.start`, `screen.answered`, `screen.skipped`, `step.start`, `step.end`, `run.end`, …
    public var event: String
    /// The stage it belongs to, if any.
    public var stage: String?
    /// What else the event says (`outcome`, `code`, …), in order; never card data.
    public var attributes: [JSONMember]

    /// Creates an event (the runtime numbers its own; a front end that ends a run from outside,
    /// on a signal, writes the last one).
    public init(seq: Int, time: Date, event: String, stage: String? = nil, attributes: [JSONMember] = []) {
        self.seq = seq
        self.time = time
        self.event = event
        self.stage = stage
        self.attributes = attributes
    }

    /// One JSON Lines line (without the newline).
    public var jsonLine: String {
        var o = JSONObjectBuilder()
        o.add("seq", seq)
        o.add("time", time.formatted(TraceEvent.timeFormat))
        o.add("event", event)
        o.add("stage", stage)
        for a in attributes { o.add(a.key, a.value) }
        return o.value.serialized()
    }

    /// ISO 8601 in UTC with milliseconds; a value type, made once, not per event.
    static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// Where trace events go.
public protocol TraceSink: Sendable {
    /// Takes one event; called in order, from the run's task.
    func record(_ event: TraceEvent)
}

/// Keeps events in memory (tests, embedders).
public final class MemoryTraceSink: TraceSink {
    private let storage = Mutex<[TraceEvent]>([])
    /// Creates an empty sink.
    public init() {}
    /// Keeps `event`.
    public func record(_ event: TraceEvent) { storage.withLock { $0.append(event) } }
    /// The events so far.
    public var events: [TraceEvent] { storage.withLock { $0 } }
}

/// Writes each event as a JSON line through `write`.
public final class JSONLinesTraceSink: TraceSink {
    private let write: @Sendable (String) -> Void
    private let lock = Mutex(())
    /// Creates a sink that hands each line (with its newline) to `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }
    /// Writes `event` as one JSON line.
    public func record(_ event: TraceEvent) {
        let line = event.jsonLine + "\n"
        lock.withLock { _ in write(line) }
    }
}
