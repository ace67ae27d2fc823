import Foundation

/// Where the compiler reads a flow and the base flows its `extends:` chain names: the file
/// system, or (in `checkout lsp`) an editor's open documents first and the disk for the rest.
package struct FlowSources: Sendable {
    /// The bytes of the file at a path, at most the given number of them, or why not.
    package var read: @Sendable (String, Int) -> Result<[UInt8], FileReadError>
    /// Whether a file exists at a path.
    package var exists: @Sendable (String) -> Bool

    /// Sources from two functions.
    package init(
        read: @escaping @Sendable (String, Int) -> Result<[UInt8], FileReadError>, exists: @escaping @Sendable (String) -> Bool
    ) {
        self.read = read
        self.exists = exists
    }

    /// The file system, read through `SourceFile.read` like every other input.
    package static let fileSystem = FlowSources(
        read: { path, maxBytes in SourceFile.read(path: path, maxBytes: maxBytes) },
        exists: { path in FileManager.default.fileExists(atPath: path) })
}
