/// Makes a failing input smaller while it still fails the same way: deletes runs of lines,
/// halving the run length, then runs of bytes. Bounded by a number of attempts, since each
/// attempt is a full compile.
enum Shrinker {
    static func shrink(_ input: [UInt8], attempts: Int = 4000, stillFails: ([UInt8]) -> Bool) -> [UInt8] {
        var best = input
        var left = attempts
        func tryCandidate(_ candidate: [UInt8]) -> Bool {
            guard left > 0 else { return false }
            left -= 1
            if stillFails(candidate) {
                best = candidate
                return true
            }
            return false
        }
        // Lines first: they keep the YAML readable.
        var chunk = max(1, Lines(best).count / 2)
        while chunk >= 1, left > 0 {
            var start = 0
            while left > 0 {
                let lines = Lines(best)
                guard start < lines.count else { break }
                let end = min(lines.count, start + chunk)
                if !tryCandidate(lines.joined(0..<start) + lines.joined(end..<lines.count)) { start += chunk }
            }
            chunk /= 2
        }
        for size in [64, 16, 4, 1] where left > 0 {
            var start = 0
            while start < best.count, left > 0 {
                var candidate = best
                candidate.removeSubrange(start..<min(best.count, start + size))
                if !tryCandidate(candidate) { start += size }
            }
        }
        return best
    }
}
