import CheckoutLanguage
import Testing

/// `FilePaths.directory(of:)` stands in for `NSString.deletingLastPathComponent`, which traps on
/// a one-character path in swift-corelibs-foundation 6.3.
@Suite struct FilePathsTests {
    @Test(arguments: [
        ("j", ""), (".", ""), ("ab", ""), ("a/j", "a"), ("/j", "/"), ("/", "/"), ("a//j", "a"), ("a/j/", "a"),
        ("flows/x.scenarios.yaml", "flows"), ("/tmp/w/run.journal", "/tmp/w"), ("../f", ".."),
    ])
    func theFolderOfAPath(path: String, folder: String) {
        #expect(FilePaths.directory(of: path) == folder)
    }

    @Test func joiningKeepsAbsoluteNamesAndBareFolders() {
        #expect(FilePaths.joined("", "f.yaml") == "f.yaml")
        #expect(FilePaths.joined("flows", "f.yaml") == "flows/f.yaml")
        #expect(FilePaths.joined("/", "f.yaml") == "/f.yaml")
        #expect(FilePaths.joined("flows", "/abs/f.yaml") == "/abs/f.yaml")
    }
}
