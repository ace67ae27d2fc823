import Foundation

/// The inputs mutations start from, and the words they splice in: every key and scalar value
/// found in the seed files, plus values that YAML 1.1 and 1.2 read differently.
struct SeedCorpus {
    /// One seed file.
    struct Seed {
        var path: String
        var bytes: [UInt8]
    }

    /// The seed files, sorted by path so that a seed reproduces a run.
    var seeds: [Seed]
    /// Mapping keys seen in the seeds (`withEmail`, `currency`, …) and likely typos.
    var keys: [[UInt8]]
    /// Scalars seen in the seeds and ones YAML reads in surprising ways.
    var scalars: [[UInt8]]

    /// The default seed paths, relative to the repository root; missing ones are skipped.
    /// (`Fixtures/fuzz/` holds the fuzzer's own findings and is left out.)
    static let defaultPaths = [
        "flows", "Tests/CheckoutLanguageTests/Fixtures/broken", "Tests/CheckoutLanguageTests/Fixtures/good",
        "Tests/CheckoutLanguageTests/Fixtures/warning", "examples", "../shared/yaml-test-suite",
    ]

    /// Values whose type depends on the YAML version or the reader, and edge cases of numbers.
    static let trickyScalars: [String] = [
        "yes", "no", "NO", "Yes", "on", "off", "y", "n", "true", "false", "True", "FALSE", "~", "null", "Null",
        "01234", "0o17", "0x1F", "1e3", "1E-3", "-0.5", "+1", ".5", "5.", "1_000", ".inf", "-.inf", ".nan", "-0",
        "99999999999999999999999999", "0.000000000000000000001", "25.005", "1,000.00", "10.", "0.1e1",
        "\"\"", "''", "\"quoted\"", "'single'", "\"\\u00e9\"", "\"\\x41\"", "\"\\e[31m\"", "\"a\\nb\"", "\"\\0\"",
        "USD", "usd", "EUR", "XXX", "US-NY", "US-", "CA", "ZZ", "2026-13-45", "12/35", "13/99",
        "${env:NAME}", "${env:}", "${NAME}", "https://", "http://x", "ftp://x", "#FFF", "#GGGGGG", "#1A1A2E",
        "é", "💳", "\u{202E}rtl", "a: b", "[]", "{}", "[1, 2]", "{a: 1}", "-", "?", "|-", ">+", "!!int 3",
        "!!str 3", "!!binary aGk=", "!custom x", "!!null", "<<", "*a", "&a x", "sale", "auth", "none", "checkout",
        "standard", "0", "1", "2", "100", "-1", "1.234", "25.00", "2147483648", "9223372036854775808",
    ]

    /// Keys close to real ones (the compiler suggests the real key) and YAML's merge key.
    static let trickyKeys: [String] = [
        "withEmial", "withemail", "WithEmail", "fullBiling", "withShiping", "activate3Ds", "curency", "ammount",
        "amout", "requst", "flw", "dls", "titel", "<<", "? a", "\"flow\"", "'dsl'", "", "a b", "-", "1", "true",
        "null", "~", "[a]", "{a: 1}",
    ]

    /// Loads every `*.yaml` and `*.yml` file under `paths` (files or directories).
    static func load(_ paths: [String]) -> SeedCorpus {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let found = (manager.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .map { (path as NSString).appendingPathComponent($0) }
            files += found
        }
        var seeds: [Seed] = []
        for file in Set(files).sorted() {
            guard let data = manager.contents(atPath: file) else { continue }
            seeds.append(Seed(path: file, bytes: [UInt8](data)))
        }
        var keys = Set(trickyKeys.map { Array($0.utf8) })
        var scalars = Set(trickyScalars.map { Array($0.utf8) })
        for seed in seeds {
            collectWords(seed.bytes, keys: &keys, scalars: &scalars)
        }
        return SeedCorpus(seeds: seeds, keys: keys.sorted(by: Self.lexicographic), scalars: scalars.sorted(by: Self.lexicographic))
    }

    /// Adds the `key` and `value` of every `key: value` line (after any `- `), up to a comment.
    static func collectWords(_ bytes: [UInt8], keys: inout Set<[UInt8]>, scalars: inout Set<[UInt8]>) {
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var text = line.drop { $0 == 0x20 || $0 == 0x2D }  // indentation and "- "
            if let hash = text.firstRange(of: [0x20, 0x23]) { text = text[..<hash.lowerBound] }
            guard !text.isEmpty, text.count <= 200 else { continue }
            if let colon = text.firstRange(of: [0x3A, 0x20]) {
                let key = trimmed(text[..<colon.lowerBound])
                let value = trimmed(text[colon.upperBound...])
                if !key.isEmpty, keys.count < 5000 { keys.insert(key) }
                if !value.isEmpty, scalars.count < 5000 { scalars.insert(value) }
            } else if text.last == 0x3A {
                let key = trimmed(text.dropLast())
                if !key.isEmpty, keys.count < 5000 { keys.insert(key) }
            } else if scalars.count < 5000 {
                scalars.insert(trimmed(text[...]))
            }
        }
    }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> [UInt8] {
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0D }
        return Array(s.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    private static func lexicographic(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }
}
