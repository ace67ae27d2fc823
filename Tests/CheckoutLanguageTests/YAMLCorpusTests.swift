import CheckoutLanguage
import Foundation
import Testing

/// The official YAML test suite (https://github.com/yaml/yaml-test-suite) through the reader.
///
/// The suite lives next to the repository, in `../shared/yaml-test-suite`: one directory per case
/// (or per variant, `00`, `01`, … inside it) with `in.yaml`, the case name in `===`, and a file
/// `error` when the input is not valid YAML.
struct YAMLCorpusTests {
    /// One case of the suite.
    struct Case {
        var id: String
        var name: String
        var bytes: [UInt8]
        var isInvalid: Bool
    }

    /// Invalid YAML that libyaml 0.2.5 accepts (its known leniencies; the reader adds no checks
    /// of its own for these). Listed so that the test notices if the list changes either way.
    static let acceptedInvalid: Set<String> = [
        "9C9N", "9JBA", "CVW2", "DK95/01", "G5U8", "QB6E", "S98Z", "SU5Z", "X4QW", "Y79Y/003", "YJV2",
    ]

    /// Valid YAML that libyaml 0.2.5 rejects with a syntax error (YAML 1.2 details it does not
    /// implement: tabs as separation, empty keys, flow keys over lines, directives, …).
    static let rejectedValid: Set<String> = [
        "2JQS", "2LFX", "2SXE", "4ABK", "4MUZ/00", "4MUZ/01", "4MUZ/02", "58MP", "5MUD", "5T43",
        "6BCT", "6CA3", "6LVF", "6M2F", "7Z25", "8XYN", "96NN/00", "96NN/01", "9SA2", "A2M4",
        "BEC7", "CFD4", "DBG4", "DK3J", "DK95/00", "DK95/03", "DK95/04", "FP8R", "FRK4", "HM87/00",
        "HWV9", "K3WX", "M2N8/00", "M7A3", "MUS6/05", "MUS6/06", "NHX8", "NJ66", "NKF9", "Q5MG",
        "QT73", "R4YG", "S3PD", "SM9W/01", "UKK6/00", "UT92", "VJP3/01", "W4TN", "W5VH", "Y79Y/001",
        "Y79Y/010",
    ]

    /// What the flow language rejects on purpose in valid YAML.
    static let languageRules: Set<Rule> = [.complexKey, .duplicateKey, .yamlMultipleDocuments, .emptyDocument]

    static func suiteDirectory(file: String = #filePath) -> URL {
        // …/main/Tests/CheckoutLanguageTests/ThisFile.swift → …/shared/yaml-test-suite
        URL(fileURLWithPath: file).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("shared/yaml-test-suite")
    }

    static func loadCases() throws -> [Case] {
        let root = suiteDirectory()
        let manager = FileManager.default
        var cases: [Case] = []
        for id in try manager.contentsOfDirectory(atPath: root.path).sorted() {
            let directory = root.appendingPathComponent(id)
            var variants: [(String, URL)] = []
            if manager.fileExists(atPath: directory.appendingPathComponent("in.yaml").path) {
                variants.append((id, directory))
            } else if let subdirectories = try? manager.contentsOfDirectory(atPath: directory.path) {
                for sub in subdirectories.sorted()
                where manager.fileExists(atPath: directory.appendingPathComponent("\(sub)/in.yaml").path) {
                    variants.append(("\(id)/\(sub)", directory.appendingPathComponent(sub)))
                }
            }
            for (caseID, url) in variants {
                let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent("in.yaml")))
                let name = (try? String(contentsOf: url.appendingPathComponent("==="), encoding: .utf8)) ?? ""
                let isInvalid = manager.fileExists(atPath: url.appendingPathComponent("error").path)
                cases.append(
                    Case(
                        id: caseID, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                        bytes: bytes, isInvalid: isInvalid
                    ))
            }
        }
        return cases
    }

    @Test func everyCaseEndsWithPositionedFindingsAndAConsistentTree() throws {
        let directory = Self.suiteDirectory()
        try #require(
            FileManager.default.fileExists(atPath: directory.path),
            "the YAML test suite is missing: expected it at \(directory.path)"
        )
        let cases = try Self.loadCases()
        try #require(cases.count >= 300, "only \(cases.count) cases found in \(directory.path)")

        var invalidAccepted: Set<String> = []
        var validRejected: Set<String> = []
        var validRejectedByLanguage = 0
        for testCase in cases {
            let doc = YAMLParser.parse(testCase.bytes, file: "\(testCase.id).yaml")
            for diagnostic in doc.diagnostics {
                let range = diagnostic.range
                #expect(diagnostic.file == "\(testCase.id).yaml", "\(testCase.id): \(diagnostic.message)")
                #expect(range != nil, "\(testCase.id): \(diagnostic.message) has no range")
                #expect((range?.start.line ?? 0) >= 1 && (range?.start.column ?? 0) >= 1, "\(testCase.id): \(diagnostic.message)")
                #expect(range.map { $0.start.offset <= testCase.bytes.count } ?? false, "\(testCase.id): offset past the end")
                #expect(
                    !diagnostic.message.isEmpty && diagnostic.message.first?.isUppercase == false, "\(testCase.id): \(diagnostic.message)")
            }
            Self.checkPositions(of: doc.root, in: testCase)

            let errors = doc.diagnostics.filter { $0.severity == .error }
            if testCase.isInvalid {
                if errors.isEmpty { invalidAccepted.insert(testCase.id) }
            } else if !errors.isEmpty {
                if errors.allSatisfy({ Self.languageRules.contains($0.rule) }) {
                    validRejectedByLanguage += 1
                } else {
                    validRejected.insert(testCase.id)
                    #expect(errors.allSatisfy { $0.rule == .yamlSyntax }, "\(testCase.id): \(errors.map(\.message))")
                }
            } else {
                #expect(doc.root != nil, "\(testCase.id) (\(testCase.name)) has neither a tree nor an error")
            }
        }
        #expect(invalidAccepted == Self.acceptedInvalid, "invalid YAML accepted: \(invalidAccepted.sorted())")
        #expect(validRejected == Self.rejectedValid, "valid YAML rejected: \(validRejected.sorted())")
        print(
            """
            yaml-test-suite: \(cases.count) cases, \(cases.filter(\.isInvalid).count) invalid; \
            \(invalidAccepted.count) invalid accepted by libyaml, \(validRejected.count) valid rejected by libyaml, \
            \(validRejectedByLanguage) valid rejected by the flow language (complex or duplicate keys, \
            several or no documents)
            """)
    }

    /// Every node's start and end agree with its byte offsets (lines and columns recounted from
    /// the bytes, as libyaml counts them), and no node ends before it starts.
    static func checkPositions(of root: YAMLNode?, in testCase: Case) {
        let lineStarts = lineStartOffsets(testCase.bytes)
        var mismatches: [String] = []
        YAMLFixture.forEachNode(root) { node in
            for location in [node.range.start, node.range.end] {
                let expected = recount(location.offset, in: testCase.bytes, lineStarts: lineStarts)
                if expected.line != location.line || expected.column != location.column {
                    mismatches.append("\(location) at byte \(location.offset), recounted \(expected.line):\(expected.column)")
                }
            }
            if node.range.end.offset < node.range.start.offset {
                mismatches.append("\(node.range) ends before it starts")
            }
        }
        #expect(mismatches.isEmpty, "\(testCase.id): \(mismatches.prefix(3))")
    }

    /// Offsets where lines start (after LF, CR not followed by LF, NEL, LS or PS).
    static func lineStartOffsets(_ bytes: [UInt8]) -> [Int] {
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: starts.append(i + 1)
            case 0x0D where i + 1 >= bytes.count || bytes[i + 1] != 0x0A: starts.append(i + 1)
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: starts.append(i + 2)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                starts.append(i + 3)
            default: break
            }
            i += 1
        }
        return starts
    }

    static func recount(_ offset: Int, in bytes: [UInt8], lineStarts: [Int]) -> (line: Int, column: Int) {
        let line = lineStarts.lastIndex { $0 <= offset } ?? 0
        let columnBytes = bytes[lineStarts[line]..<min(offset, bytes.count)]
        return (line + 1, columnBytes.filter { $0 & 0xC0 != 0x80 }.count + 1)
    }
}
