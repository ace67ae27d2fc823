import CheckoutLanguage
import Foundation
import Testing

/// Issue 14: inputs are read through one bounded function: the size is checked before
/// reading, special files are refused or read up to the limit, and errors say what the system
/// said.
@Suite("Reading source files")
struct SourceFileReadingTests {
    /// A fresh directory, removed afterwards.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("read-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    }

    @Test("a symbolic link loop says so, not 'no such file'")
    func symlinkLoop() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("a.yaml"), withDestinationPath: folder.file("b.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("b.yaml"), withDestinationPath: folder.file("a.yaml"))
        let result = FlowCompiler.compile(contentsOf: folder.file("a.yaml"))
        #expect(result.diagnostics.map(\.message) == ["cannot read the file: too many levels of symbolic links"])
        #expect(result.diagnostics.map(\.rule) == [.fileUnreadable])
    }

    @Test("a missing file and a directory: file-unreadable, with the reason")
    func missingAndDirectory() throws {
        let folder = try Folder()
        #expect(
            FlowCompiler.compile(contentsOf: folder.file("none.yaml")).diagnostics.map(\.message) == [
                "cannot read the file: no such file or directory"
            ])
        #expect(
            FlowCompiler.compile(contentsOf: folder.path).diagnostics.map(\.message) == ["cannot read the file: is a directory, not a file"]
        )
    }

    @Test("a file over the limit is refused from its size, with no position and so no snippet")
    func tooLarge() throws {
        let folder = try Folder()
        let path = folder.file("big.yaml")
        try Data(repeating: UInt8(ascii: "a"), count: 5_000).write(to: URL(fileURLWithPath: path))
        let result = FlowCompiler.compile(contentsOf: path, limits: YAMLLimits(maxBytes: 1_000))
        #expect(result.diagnostics.map(\.message) == ["the file is 5000 bytes, more than the limit of 1000 bytes"])
        #expect(result.diagnostics.map(\.rule) == [.sizeLimit])
        #expect(result.diagnostics.allSatisfy { $0.range == nil })
        let text = TextDiagnosticRenderer().render(file: result.diagnostics, source: result.source)
        #expect(text == "\(path): error: the file is 5000 bytes, more than the limit of 1000 bytes [size-limit]\n")
    }

    @Test("a character device is read up to the limit: /dev/zero is too large, /dev/null empty")
    func devices() {
        #expect(
            SourceFile.read(path: "/dev/zero", maxBytes: 4096)
                == .failure(FileReadError(rule: .sizeLimit, reason: "the file is more than the limit of 4096 bytes")))
        #expect(SourceFile.read(path: "/dev/null", maxBytes: 4096) == .success([]))
    }

    @Test("a FIFO nobody writes to reads as empty instead of waiting for a writer")
    func fifoWithoutWriter() throws {
        let folder = try Folder()
        let path = folder.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(SourceFile.read(path: path, maxBytes: 4096) == .success([]))
    }
}
