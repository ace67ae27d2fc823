import CheckoutLanguage

/// The JSON rendering, read back.
struct RenderedReport: Decodable {
    struct Item: Decodable, CustomStringConvertible {
        var file: String?
        var line: Int?
        var column: Int?
        var endLine: Int?
        var endColumn: Int?
        var severity: String
        var rule: String
        var message: String
        var notes: [String]
        var suggestion: String?

        func matches(_ d: Diagnostic) -> Bool {
            file == d.file && line == d.range?.start.line && column == d.range?.start.column && endLine == d.range?.end.line
                && endColumn == d.range?.end.column && severity == d.severity.rawValue && rule == d.rule.rawValue
                && message == d.message.clippedForMessage && notes == d.notes.map(\.clippedForMessage)
                && suggestion == d.suggestion?.clippedForMessage
        }

        var description: String { "\(line ?? 0):\(column ?? 0) \(severity) [\(rule)] \(message.debugDescription)" }
    }

    var diagnostics: [Item]
    var errors: Int
    var warnings: Int
    var files: Int
}
