import Foundation

/// The clock throughput is measured on: this thread's CPU time, not the wall clock.
///
/// The benchmark machine is shared (other builds run on its two cores); wall time then counts
/// the time the thread waited for a core, and a ratio of two measurements taken seconds apart
/// swings with the load. CPU time counts only the work done, so ratios hold under load.
enum BenchClock {
    /// This thread's CPU time in nanoseconds.
    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
