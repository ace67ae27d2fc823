extension StringProtocol where Index == String.Index {
    /// The text without leading and trailing white space: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (space separators, tab, zero-width space), plus line
    /// breaks (`\n`, `\r`, VT, FF, NEL, LS, PS) unless `newlines` is false — without bridging
    /// to `NSString`, which made trimming the most expensive part of checking a form.
    package func trimmingWhitespace(newlines: Bool = true) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmable(scalars[start], newlines: newlines) { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard isTrimmable(scalars[last], newlines: newlines) else { break }
            end = last
        }
        return String(self[start..<end])
    }

    private func isTrimmable(_ s: Unicode.Scalar, newlines: Bool) -> Bool {
        switch s.value {
        case 0x09, 0x20, 0x200B: true
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: newlines
        case 0..<0x80: false
        default: s.properties.generalCategory == .spaceSeparator
        }
    }
}
