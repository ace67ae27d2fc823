import Foundation

/// Writing to the standard streams, and whether colour is wanted there.
enum Output {
    static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only on a terminal, never when `NO_COLOR` is set (https://no-color.org) or
    /// `TERM` is `dumb`: `--color auto`.
    static func wantsColor(fileDescriptor: Int32) -> Bool {
        ColorChoice.auto.wantsColor(fileDescriptor: fileDescriptor)
    }

    /// Writes `text` to `path`, creating or replacing the file atomically (a temporary file
    /// beside it, then a rename): a reader never sees half a result.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
