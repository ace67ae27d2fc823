/// A position in a source file: 1-based line and column (in Unicode scalars), plus the byte offset.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars as libyaml counts them.
    public var column: Int
    /// 0-based byte offset into the file.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// The span of a node or token: `start` is inclusive, `end` is exclusive (as libyaml marks it).
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// Where the span starts.
    public var start: SourceLocation
    /// Just past the last character of the span.
    public var end: SourceLocation

    /// Creates a span.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// A zero-width span at one location.
    public init(at location: SourceLocation) {
        self.start = location
        self.end = location
    }

    public var description: String { "\(start)-\(end)" }
}
