import Foundation
import Synchronization

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Catches a case that never finishes: a thread that looks at the running case's start time
/// every 100 ms, and when a case has run past `limit`, copies the crash slot to
/// `failure-<n>.yaml`, says so and ends the process. A slow case that does finish is reported
/// by the main loop, which measures it exactly.
final class Watchdog: Sendable {
    private let caseStart = Atomic<UInt64>(0)
    private let caseNumber = Atomic<Int>(0)
    private let limitNanoseconds: UInt64
    private let slotPath: String
    private let outDirectory: String
    private let seedLine: String

    init(limit: Double, slotPath: String, outDirectory: String, seedLine: String) {
        limitNanoseconds = UInt64(limit * 1e9)
        self.slotPath = slotPath
        self.outDirectory = outDirectory
        self.seedLine = seedLine
    }

    /// Starts the watching thread.
    func start() {
        Thread.detachNewThread { [self] in
            while true {
                usleep(100_000)
                let start = caseStart.load(ordering: .acquiring)
                guard start != 0, monotonicNanoseconds() &- start > limitNanoseconds else { continue }
                let n = caseNumber.load(ordering: .relaxed)
                let path = (outDirectory as NSString).appendingPathComponent("failure-\(n).yaml")
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.copyItem(atPath: slotPath, toPath: path)
                let seconds = Double(limitNanoseconds) / 1e9
                let message = "checkout-fuzz: FAILURE case \(n): hang: still compiling after \(seconds) s; input saved to \(path)\n"
                FileHandle.standardError.write(Data((message + seedLine + "\n").utf8))
                _exit(1)
            }
        }
    }

    /// Case `n` starts now.
    func begin(_ n: Int, at now: UInt64) {
        caseNumber.store(n, ordering: .relaxed)
        caseStart.store(now, ordering: .releasing)
    }

    /// No case is running.
    func end() { caseStart.store(0, ordering: .releasing) }
}
