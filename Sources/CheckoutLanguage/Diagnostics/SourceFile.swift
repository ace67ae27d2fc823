/// A source file's text, split into lines for rendering snippets.
public struct SourceFile: Sendable {
    /// The path as the user named it.
    public let path: String
    /// The lines of the file, without line terminators.
    public let lines: [Substring]

    /// Creates a source file from its text.
    public init(path: String, text: String) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
    }

    /// The text of 1-based line `number`, if it exists.
    public func line(_ number: Int) -> Substring? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }
}
