import CheckoutDomain

/// A unified diff of two texts (`--- a/FILE`, `+++ b/FILE`, `@@ -l,n +l,n @@` hunks with three
/// lines of context), for `checkout test --update`. Lines in `hidden` (1-based, of the old
/// text) are shown as `(answers: not shown)` when they are context, and so is any line that
/// could hold a card number: a scenarios file's answers can hold card data, a diff never does.
package enum LineDiff {
    /// What a hidden line is shown as.
    package static let hiddenLine = "(answers: not shown)"

    /// The diff, empty when the texts are equal.
    package static func unified(old: String, new: String, file: String, hidden: Set<Int> = []) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = edits(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- a/\(file)\n+++ b/\(file)\n"
        let context = 3
        var i = 0
        while i < script.count {
            guard script[i].kind != .same else {
                i += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last change
            // that is no more than 2 × context lines of sameness away.
            let start = max(0, i - context)
            var end = i
            var j = i
            while j < script.count {
                if script[j].kind != .same {
                    end = j
                } else if j - end > 2 * context {
                    break
                }
                j += 1
            }
            let stop = min(script.count, end + 1 + context)
            let hunk = script[start..<stop]
            let oldStart = (hunk.first?.oldLine ?? 0)
            let newStart = (hunk.first?.newLine ?? 0)
            let oldCount = hunk.filter { $0.kind != .inserted }.count
            let newCount = hunk.filter { $0.kind != .deleted }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for e in hunk {
                switch e.kind {
                case .same:
                    out += " " + shown(a[e.oldLine - 1], hide: hidden.contains(e.oldLine)) + "\n"
                case .deleted: out += "-" + shown(a[e.oldLine - 1], hide: hidden.contains(e.oldLine)) + "\n"
                case .inserted: out += "+" + shown(b[e.newLine - 1], hide: false) + "\n"
                }
            }
            i = stop
        }
        return out
    }

    private static func shown(_ line: String, hide: Bool) -> String {
        hide || UserText.containsCardNumber(line) ? hiddenLine : line.escapingControlCharacters
    }

    private static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    enum Kind { case same, deleted, inserted }

    /// One line of the edit script, with its 1-based lines in the old and new text (for an
    /// inserted line, `oldLine` is the old line it comes after, plus one; likewise `newLine`).
    struct Step {
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    /// The edit script of a longest common subsequence of lines, after the common head and
    /// tail (the updater's changes are few and close together).
    static func edits(_ a: [String], _ b: [String]) -> [Step] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let x = Array(a[head..<(a.count - tail)])
        let y = Array(b[head..<(b.count - tail)])
        // lengths[i][j]: the LCS length of x[i...] and y[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                lengths[i][j] = x[i] == y[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var steps: [Step] = (0..<head).map { Step(kind: .same, oldLine: $0 + 1, newLine: $0 + 1) }
        var i = 0
        var j = 0
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                steps.append(Step(kind: .same, oldLine: head + i + 1, newLine: head + j + 1))
                i += 1
                j += 1
            } else if i < x.count, j == y.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                // Deletions first, as `diff -u` prints them.
                steps.append(Step(kind: .deleted, oldLine: head + i + 1, newLine: head + j + 1))
                i += 1
            } else {
                steps.append(Step(kind: .inserted, oldLine: head + i + 1, newLine: head + j + 1))
                j += 1
            }
        }
        for k in 0..<tail { steps.append(Step(kind: .same, oldLine: a.count - tail + k + 1, newLine: b.count - tail + k + 1)) }
        return steps
    }
}
