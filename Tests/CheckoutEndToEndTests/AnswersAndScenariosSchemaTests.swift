import Foundation
import Testing

/// `checkout schema --kind answers|scenarios`: the shipped copies are the command's output, and
/// Python's jsonschema agrees with the readers on the shipped answers and scenarios files: those
/// they read pass, and the examples that exist to show a mistake fail where the mistake is.
@Suite struct AnswersAndScenariosSchemaTests {
    /// Every schema shipped in schema/ but the flow's (SchemaTests has its own checks): the one
    /// list is `SchemaCommand.Kind`, and `kindsAreTheShippedSchemas` holds the folder to it.
    static let kinds: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent("schema").path)) ?? []
        return names.filter { $0.hasSuffix(".schema.json") }.map { String($0.dropLast(".schema.json".count)) }.filter { $0 != "flow" }
            .sorted()
    }()

    /// The kinds `checkout schema --help` offers are exactly the shipped schemas, so a new kind
    /// without its shipped copy (or a stale copy of a removed kind) fails.
    @Test func kindsAreTheShippedSchemas() throws {
        let r = try CheckoutBinary.run(["schema", "--help"])
        #expect(r.status == 0, "\(r.stderr)")
        let help = r.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
            of: #"\s+"#, with: " ", options: .regularExpression)
        let listed = try #require(help.firstMatch(of: /--kind <kind> .*?\(values: ([a-z, ]+);/)).1
        let offered = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(offered.sorted() == (Self.kinds + ["flow"]).sorted(), "\(offered) vs \(Self.kinds)")
        #expect(Self.kinds.count >= 6)
    }

    static func shipped(_ kind: String) -> String { "schema/\(kind).schema.json" }

    @Test(arguments: kinds)
    func theShippedSchemaIsWhatTheCommandPrints(_ kind: String) throws {
        let r = try CheckoutBinary.run(["schema", "--kind", kind])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let committed = try Data(contentsOf: CheckoutBinary.root.appendingPathComponent(Self.shipped(kind)))
        #expect(
            Data(r.stdout.utf8) == committed,
            "\(Self.shipped(kind)) is not what `checkout schema --kind \(kind)` prints: regenerate it with `swift run checkout schema --kind \(kind) --output \(Self.shipped(kind))` and commit it"
        )
    }

    @Test func theFlowSchemaIsStillTheDefault() throws {
        let plain = try CheckoutBinary.run(["schema"])
        let flow = try CheckoutBinary.run(["schema", "--kind", "flow"])
        #expect(plain.stdout == flow.stdout && plain.status == 0)
        let unknown = try CheckoutBinary.run(["schema", "--kind", "answer"])
        #expect(unknown.status == 2, "\(unknown.stderr)")
    }

    /// Answers examples that show a mistake the schema can see, and where it is.
    static let brokenAnswers: [String: String] = [
        "examples/standard-checkout/unknown-payment-method.yaml": "paymentMethod",
        "examples/token-expiry/wait-not-a-duration.yaml": "wait.review",
    ]

    @Test func shippedAnswersFilesPassTheAnswersSchema() throws {
        // examples/NAME/*.yaml: the answers files (not the flows and signers in subfolders).
        let files = try Self.yamlFiles(under: "examples").filter {
            !$0.hasPrefix("examples/embedding/") && $0.split(separator: "/").count == 3
        }
        #expect(files.count > 30)
        guard let report = try SchemaValidator.run(files, schema: Self.shipped("answers")) else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        for file in files {
            let findings = try #require(report.flows[file], "no report for \(file)")
            if let path = Self.brokenAnswers[file] {
                #expect(findings.map(\.path) == [path], "\(file): \(findings)")
            } else {
                #expect(findings.isEmpty, "\(file) fails the answers schema:\n\(findings.map(\.description).joined(separator: "\n"))")
            }
        }
    }

    @Test func shippedScenariosFilesPassTheScenariosSchema() throws {
        let files = try Self.yamlFiles(under: "flows").filter { $0.hasSuffix(".scenarios.yaml") }
        #expect(!files.isEmpty)
        guard let report = try SchemaValidator.run(files, schema: Self.shipped("scenarios")) else { return }
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        for file in files {
            let findings = try #require(report.flows[file], "no report for \(file)")
            #expect(findings.isEmpty, "\(file) fails the scenarios schema:\n\(findings.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func structuralMistakesFailTheSchemasWhereTheyAre() throws {
        let ws = try Workspace()
        let answers = try ws.write(
            "paymentMethod: card\ncard: { number: \"4111 1111 1111 1111\", expiry: \"12/30\", cvv: 123, storeCard: yes }\n"
                + "billing: { name: Jane Shopper, zip: 01234, country: US, birthdate: 1990-01-01 }\nshipping: { birthday: 1990-01-01 }\n",
            to: "answers.yaml")
        let scenarios = try ws.write(
            "- name: one\n  answers: { paymentMethod: bitcoin }\n  expcet: { status: success }\n"
                + "- name: two\n  answers: a.yaml\n  expect: { status: sucess, errors: [{ path: card.number }] }\n",
            to: "checkout.scenarios.yaml")
        guard let a = try SchemaValidator.run([answers], schema: Self.shipped("answers")),
            let s = try SchemaValidator.run([scenarios], schema: Self.shipped("scenarios"))
        else { return }
        let answerFindings = try #require(a.flows[answers])
        for (path, text) in [
            ("card.storeCard", "'yes' is not of type 'boolean'"), ("billing", "'birthdate' was unexpected"),
            ("shipping", "'birthday' was unexpected"),
        ] {
            #expect(answerFindings.contains { $0.path == path && $0.message.contains(text) }, "\(path): \(answerFindings)")
        }
        let scenarioFindings = try #require(s.flows[scenarios])
        for (path, text) in [
            ("[0]", "'expcet' was unexpected"), ("[0]", "'expect' is a required property"), ("[1].expect.status", "is not one of"),
            ("[1].expect.errors[0]", "'code' is a required property"), ("[0].answers", "is not valid under any of the given schemas"),
        ] {
            #expect(scenarioFindings.contains { $0.path == path && $0.message.contains(text) }, "\(path) \(text): \(scenarioFindings)")
        }
    }

    static func yamlFiles(under folder: String) throws -> [String] {
        let root = CheckoutBinary.root.appendingPathComponent(folder).path
        let names = try FileManager.default.subpathsOfDirectory(atPath: root)
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }
}
