import Foundation
import Testing

/// The schemas of what checkout writes, and of fixtures files, hold for the real thing: every
/// shipped scenario's result, `validate --format json` of good and broken flows, the shipped
/// fixtures file. The schemas allow no key their tables lack (`additionalProperties: false`),
/// so a key a writer adds without its table fails here (issue 20).
@Suite struct OutputSchemaTests {
    static func schema(_ kind: String) -> String { "schema/\(kind).schema.json" }

    /// The result JSON of every shipped scenario, from the JUnit report's per-scenario detail.
    @Test func everyShippedScenariosResultFitsTheResultSchema() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", "flows", "--jobs", "2", "--junit", junit])
        // A failing scenario is named on stdout (FAIL and the lines under it), not on stderr.
        let failing = r.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("       ") }.prefix(20)
        #expect(r.status == 0, "\(r.stderr)\(failing.joined(separator: "\n"))")
        let results = (ws.read(junit) ?? "").split(separator: "\n").filter { $0.hasPrefix("result: {") }.map {
            $0.dropFirst("result: ".count)
        }
        #expect(results.count > 250, "\(results.count)")
        var files: [String] = []
        for (i, json) in results.enumerated() {
            // XML content: the writer escaped &, < and >.
            let text = String(json).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            files.append(try ws.write(text, to: "result-\(i).json"))
        }
        guard let report = try SchemaValidator.run(files, schema: Self.schema("result")) else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        let invalid = files.filter { !(report.flows[$0]?.isEmpty ?? false) }
        #expect(invalid.isEmpty, "\(invalid.prefix(3).map { "\($0): \(report.flows[$0]?.map(\.description) ?? [])" })")
    }

    /// A key the schema does not know is refused: the check above would catch a writer's new key.
    @Test func aResultWithAKeyTheTablesLackFails() throws {
        let ws = try Workspace()
        let file = try ws.write(#"{"status":"success","flow":"f","fraudSessionId":"x","bonus":1}"#, to: "result.json")
        guard let report = try SchemaValidator.run([file], schema: Self.schema("result")) else { return }
        #expect(report.flows[file]?.contains { $0.message.contains("'bonus' was unexpected") } == true, "\(report.flows)")
    }

    @Test func validateReportsFitTheValidateSchema() throws {
        let ws = try Workspace()
        var files: [String] = []
        let cases = [
            ("shipped", "flows"), ("broken", "Tests/CheckoutLanguageTests/Fixtures/broken"),
            ("warning", "Tests/CheckoutLanguageTests/Fixtures/warning"), ("missing", "nope.yaml"),
        ]
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for (name, path) in cases {
            let r = try CheckoutBinary.run(["validate", "--format", "json", path])
            #expect(!r.stdout.isEmpty, "\(name)")
            files.append(try ws.write(r.stdout, to: "\(name).json"))
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            counts[name] = (object?["errors"] as? Int ?? -1, object?["warnings"] as? Int ?? -1)
        }
        // The reports hold what the schema must describe: none, errors, warnings, an unreadable file.
        #expect(counts["shipped"]?.errors == 0, "\(counts)")
        #expect((counts["broken"]?.errors ?? 0) > 0 && (counts["warning"]?.warnings ?? 0) > 0, "\(counts)")
        #expect(counts["missing"]?.errors == 1, "\(counts)")
        guard let report = try SchemaValidator.run(files, schema: Self.schema("validate")) else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        for file in files { #expect(report.flows[file]?.isEmpty == true, "\(file): \(report.flows[file] ?? [])") }
    }

    @Test func theShippedFixturesFileFitsTheFixturesSchema() throws {
        let file = "examples/sandbox-fixtures/fixtures/shoppers-and-cards.yaml"
        guard let report = try SchemaValidator.run([file], schema: Self.schema("fixtures")) else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        #expect(report.flows[file]?.isEmpty == true, "\(report.flows[file] ?? [])")
    }
}

/// Every trace line of every shipped scenario fits the trace schema: the envelope, and an
/// `event` from `TraceEventName`, the one list `emit` takes names from.
@Suite struct TraceSchemaTests {
    @Test func everyShippedScenariosTraceFitsTheTraceSchema() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        _ = try CheckoutBinary.run(["test", "flows", "--jobs", "2", "--junit", junit])
        // `scenario: NAME (FILE:LINE)` heads each case's detail.
        let heads = (ws.read(junit) ?? "").split(separator: "\n").compactMap { line -> (String, String)? in
            guard let m = line.firstMatch(of: /<system-out>scenario: (.+) \((.+\.scenarios\.yaml):[0-9]+\)$/) else { return nil }
            let unescape = { (s: Substring) in
                String(s).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&")
            }
            return (unescape(m.1), unescape(m.2))
        }
        #expect(heads.count > 250, "\(heads.count)")
        var files: [String] = []
        var events = Set<String>()
        for (i, (name, file)) in heads.enumerated() {
            let trace = ws.url.appendingPathComponent("trace-\(i).jsonl").path
            _ = try CheckoutBinary.run(["run", "--scenario", "\(file)#\(name)", "--trace", trace])
            for (j, line) in (ws.read(trace) ?? "").split(separator: "\n").enumerated() {
                files.append(try ws.write(String(line), to: "line-\(i)-\(j).json"))
                if let m = line.firstMatch(of: /"event":"([^"]+)"/) { events.insert(String(m.1)) }
            }
        }
        #expect(files.count > 2000, "\(files.count)")
        // The shipped scenarios reach most events; the schema must hold for each of them.
        #expect(events.count >= 25, "\(events.sorted())")
        guard let report = try SchemaValidator.run(files, schema: "schema/trace.schema.json") else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        let failing = files.filter { !(report.flows[$0]?.isEmpty ?? false) }
        #expect(failing.isEmpty, "\(failing.prefix(3).map { "\($0): \(report.flows[$0]?.map(\.description) ?? [])" })")
    }
}
