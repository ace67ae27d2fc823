import Foundation
import Synchronization

/// Whether a custom field's `pattern` is a regular expression ICU accepts, remembered per
/// process.
///
/// Compiling a pattern with ICU (`NSRegularExpression`) costs about as much as reading a whole
/// small flow, and a process that compiles flows (`checkout validate` over a directory, the
/// benchmark, a server) sees the same few patterns again and again. Only the verdict is kept:
/// the runtime compiles the pattern itself when it checks an answer.
enum PatternValidity {
    /// How many patterns are remembered; past this the memory starts over, so crafted input
    /// cannot grow it without bound.
    static let capacity = 256

    private static let verdicts = Mutex<[String: Bool]>([:])

    /// True when ICU compiles `pattern`.
    static func isValid(_ pattern: String) -> Bool {
        if let known = verdicts.withLock({ $0[pattern] }) { return known }
        // Compiled outside the lock: two threads may both compile a new pattern, and agree.
        let valid = (try? NSRegularExpression(pattern: pattern)) != nil
        verdicts.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[pattern] = valid
        }
        return valid
    }
}
