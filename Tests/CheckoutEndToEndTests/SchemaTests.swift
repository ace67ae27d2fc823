import Foundation
import Testing

/// `checkout schema` (SPEC §11): the shipped copy is the command's output, and an independent
/// validator, Python's jsonschema (`Draft7Validator`) reading flows as YAML 1.2 the way an
/// editor's YAML language server does (`Support/validate_schema.py`), agrees with the compiler:
/// the flows it compiles pass, and flows with structural mistakes fail where the mistake is.
@Suite struct SchemaTests {
    static let shipped = "schema/flow.schema.json"
    static let modeline = "# yaml-language-server: $schema=../schema/flow.schema.json"
    static let regenerate = "regenerate it with `swift run checkout schema --output schema/flow.schema.json` and commit it"

    @Test func theShippedSchemaIsWhatTheCommandPrints() throws {
        let r = try CheckoutBinary.run(["schema"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let committed = try Data(contentsOf: CheckoutBinary.root.appendingPathComponent(Self.shipped))
        #expect(Data(r.stdout.utf8) == committed, "\(Self.shipped) is not what `checkout schema` prints: \(Self.regenerate)")
    }

    @Test func outputWritesTheSameTextToAFile() throws {
        let ws = try Workspace()
        let path = ws.url.appendingPathComponent("flow.schema.json").path
        let written = try CheckoutBinary.run(["schema", "--output", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let printed = try CheckoutBinary.run(["schema"])
        #expect(ws.read(path) == printed.stdout)
    }

    @Test func anUnwritableOutputIsAUsageError() throws {
        let ws = try Workspace()
        let path = ws.url.appendingPathComponent("missing-folder/flow.schema.json").path
        let r = try CheckoutBinary.run(["schema", "--output", path])
        #expect(r.status == 2)
        #expect(r.stderr == "checkout: error: could not write the schema to \(path): No such file or directory\n", "\(r.stderr)")
    }

    @Test func shippedFlowsNameTheSchemaOnTheirFirstLine() throws {
        let flows = try SchemaValidator.shippedFlows()
        #expect(!flows.isEmpty)
        for flow in flows {
            let text = try String(contentsOf: CheckoutBinary.root.appendingPathComponent(flow), encoding: .utf8)
            #expect(text.hasPrefix(Self.modeline + "\n"), "\(flow) must start with the modeline `\(Self.modeline)`")
        }
    }

    /// PyYAML's own reading (YAML 1.1, `yaml.safe_load`) of the shipped flows passes the schema
    /// too: a tool that reads YAML 1.1 takes a bare `on:` for `true:`, so the shipped flows
    /// quote it (docs/language.md, "YAML 1.1 readers"); an unquoted `on:` fails here.
    @Test func shippedFlowsPassTheSchemaAsPyYAMLReadsThem() throws {
        let ws = try Workspace()
        let unquoted = try ws.write(
            "flow: f\ndsl: 1\nrequest: { price: { amount: 5.00 } }\nsteps:\n  - kind: createToken\n  - kind: tokenize\n"
                + "  - { kind: sale, on: { declined: end } }\n", to: "unquoted.yaml")
        let files = try SchemaValidator.shippedFlows()
        guard let report = try SchemaValidator.run(files + [unquoted], yaml11: true) else { return }
        for file in files { #expect(report.flows[file]?.isEmpty == true, "\(file) read as YAML 1.1: \(report.flows[file] ?? [])") }
        #expect(report.flows[unquoted]?.map(\.message) == ["Additional properties are not allowed (True was unexpected)"])
    }

    /// Every flow the compiler accepts that the repository has, and one that uses every section.
    @Test func theSchemaIsDraft07AndAcceptsFlowsTheCompilerAccepts() throws {
        let ws = try Workspace()
        let everySection = try ws.write(Self.everySection, to: "every-section.yaml")
        let compiled = try CheckoutBinary.run(["validate", everySection])
        #expect(compiled.status == 0, "the compiler must accept the flow this test writes:\n\(compiled.stdout)\(compiled.stderr)")

        let files =
            try SchemaValidator.shippedFlows()
            + SchemaValidator.fixtures(in: "good") + SchemaValidator.fixtures(in: "warning") + [everySection]
        guard let report = try SchemaValidator.run(files) else { return }
        #expect(report.schemaErrors.isEmpty, "\(Self.shipped) is not a valid draft-07 schema: \(report.schemaErrors)")
        for file in files {
            let findings = try #require(report.flows[file], "no report for \(file)")
            #expect(findings.isEmpty, "\(file) compiles but fails the schema:\n\(findings.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func structuralMistakesFailTheSchemaWhereTheyAre() throws {
        let files = Self.mustFail.map { "Tests/CheckoutLanguageTests/Fixtures/broken/\($0.name).yaml" }
        guard let report = try SchemaValidator.run(files) else { return }
        #expect(report.schemaErrors.isEmpty)
        for (file, broken) in zip(files, Self.mustFail) {
            let findings = try #require(report.flows[file], "no report for \(file)")
            #expect(!findings.isEmpty, "\(file) passes the schema, but must fail it: \(broken.reason)")
            #expect(!findings.contains { $0.message.hasPrefix("not YAML") }, "\(file) must be YAML: \(findings)")
            for (path, text) in broken.errors {
                #expect(
                    findings.contains { $0.path == path && $0.message.contains(text) },
                    "\(file): \(broken.reason); expected an error at '\(path)' mentioning \(text), found:\n\(findings.map(\.description).joined(separator: "\n"))"
                )
            }
        }
    }

    /// A broken fixture whose mistake is structural, so a schema must catch it: why, and the
    /// errors expected (the path of the value, or of the mapping for unknown and missing keys, and
    /// a piece of jsonschema's message).
    ///
    /// Left out on purpose, being beyond a schema: mistakes in the YAML itself (syntax, tabs,
    /// encoding, aliases, duplicate keys, several documents, the reader's limits), which an
    /// editor reports before any schema applies; and rules between values or about what a code
    /// means (`create-payment-without-shopper`, `empty-shopper-id`, `missing-amount`, which a
    /// subscription may leave out, the amount precisions, `UK` in `tax-country`).
    struct Broken: Sendable {
        var name: String
        var reason: String
        var errors: [(path: String, text: String)]
    }

    static let mustFail: [Broken] = [
        Broken(
            name: "bool-yes", reason: "`yes` is a string in YAML 1.2, and flags are booleans",
            errors: [("request.withEmail", "'yes' is not of type 'boolean'")]),
        Broken(
            name: "bool-quoted", reason: "a quoted \"true\" is a string",
            errors: [("request.fullBilling", "'true' is not of type 'boolean'")]),
        Broken(
            name: "currency-euro", reason: "a currency is three upper-case letters",
            errors: [("request.price.currency", "does not match")]),
        Broken(
            name: "currency-lower-case", reason: "a currency is three upper-case letters",
            errors: [("request.price.currency", "does not match")]),
        Broken(
            name: "currency-rates", reason: "a rate is greater than 0",
            errors: [("currencies.rates.EUR", "is not valid under any of the given schemas")]),
        Broken(name: "dsl-version", reason: "the language is at version 1", errors: [("dsl", "greater than the maximum of 1")]),
        Broken(
            name: "fraud-session-too-long", reason: "a fraud session id has at most 32 characters",
            errors: [("request.fraud.sessionId", "is too long")]),
        Broken(
            name: "inline-credential", reason: "a credential is ${env:NAME}, never the secret",
            errors: [("provider.credentials.apiPassword", "does not match")]),
        Broken(name: "invalid-flow-id", reason: "a flow id is lower-case words joined by '-'", errors: [("flow", "does not match")]),
        Broken(name: "invalid-mode", reason: "mode is an enumeration", errors: [("request.mode", "is not one of")]),
        Broken(
            name: "invalid-transaction-type", reason: "transactionType is an enumeration",
            errors: [("request.transactionType", "is not one of")]),
        Broken(name: "list-for-mapping", reason: "price is a mapping", errors: [("request.price", "is not of type 'object'")]),
        Broken(
            name: "many-mistakes", reason: "every structural mistake is found, in one pass",
            errors: [
                ("flow", "does not match"), ("request.price.amount", "is not valid under any of the given schemas"),
                ("request.price.currency", "does not match"), ("request", "'withEmial' was unexpected"),
                ("request.withShipping", "is not of type 'boolean'"), ("request.mode", "is not one of"),
                ("tax.US-NY", "is not valid under any of the given schemas"),
            ]),
        Broken(
            name: "missing-flow-and-dsl", reason: "flow and dsl are required",
            errors: [("", "'flow' is a required property"), ("", "'dsl' is a required property")]),
        Broken(
            name: "negative-amount", reason: "amounts are not negative",
            errors: [("request.price.taxAmount", "is not valid under any of the given schemas")]),
        Broken(
            name: "prefill-country", reason: "a country is two upper-case letters",
            errors: [("request.prefill.billing.country", "does not match"), ("request.prefill.shipping.country", "does not match")]),
        Broken(
            name: "provider-mistakes", reason: "name is an enumeration; baseURL starts with http(s)://",
            errors: [("provider.name", "is not one of"), ("provider.baseURL", "does not match")]),
        Broken(name: "request-not-mapping", reason: "request is a mapping", errors: [("request", "is not of type 'object'")]),
        Broken(name: "root-not-mapping", reason: "a flow is a mapping", errors: [("", "is not of type 'object'")]),
        Broken(name: "tax-country", reason: "a tax region is upper case", errors: [("tax", "'ca' does not match")]),
        Broken(
            name: "tax-out-of-range", reason: "a tax rate is a percent, 0 to 100",
            errors: [("tax.US-NY", "is not valid under any of the given schemas")]),
        Broken(name: "tax-state", reason: "a tax region's state is upper case", errors: [("tax", "'US-ny' does not match")]),
        Broken(
            name: "theme-mistakes", reason: "theme keys are exact, colours #RRGGBB, sizes not negative",
            errors: [
                ("theme", "'headerTitleColour' was unexpected"), ("theme.errorColor", "does not match"),
                ("theme.buttonCornerRadius", "is not valid under any of the given schemas"),
            ]),
        Broken(name: "unknown-key-in-price", reason: "price has no key 'ammount'", errors: [("request.price", "'ammount' was unexpected")]),
        Broken(name: "unknown-key-no-suggestion", reason: "a flow has no key 'webhook'", errors: [("", "'webhook' was unexpected")]),
        Broken(name: "unknown-key-typo", reason: "request has no key 'withEmial'", errors: [("request", "'withEmial' was unexpected")]),
    ]

    /// A flow that uses every section, with text values YAML 1.2 reads as numbers and booleans
    /// (`flow: 2024`, `zip: 01234`, `family: 1942`, `options: [true, false]`) and decimals both
    /// plain and quoted.
    static let everySection = """
        flow: 2024
        dsl: 1
        title: Every section
        description: true
        provider:
          name: sandbox
          credentials:
            apiUser: ${env:BS_API_USER}
        request:
          price:
            amount: "10.50"
            taxAmount: 0
            currency: USD
          withEmail: true
          withShipping: true
          mode: checkout
          transactionType: sale
          shopperId: 20848977
          fraud:
            sessionId: 1234567890
          prefill:
            billing: &home
              name: Ola Nordmann
              country: NO
              zip: 01234
            shipping: *home
        fields:
          billing:
            phone: optional
          custom:
            - id: gift
              title: Gift wrap
              options: [true, false]
              required: true
        cards:
          accept: [visa, mastercard]
          storeCard: offer
          masking: true
        currencies:
          base: USD
          rates: { USD: 1, EUR: 0.92, JPY: "151.50" }
        tax:
          NO: 25
          US-NY: "8.875"
        theme:
          preset: dark
          errorColor: "#C0392B"
          buttonCornerRadius: 8
          headerTitleFont: { family: Helvetica, size: 17 }
          fieldTextFont: { family: 1942, size: "12.5" }
        screens:
          - kind: creditCard
            id: card
          - kind: billing
          - kind: shipping
          - kind: form
            title: One more thing
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
            timeout: 10s
            retry: { attempts: 3, backoff: exponential, delay: 100ms, maxDelay: 2s, jitter: false }
          - kind: sale
            id: charge
            on: { success: end, declined: end }

        """
}

/// Runs `Support/validate_schema.py` on the shipped schema, with the system Python by default:
/// Debian's python3-jsonschema and python3-yaml are installed for it, and a pyenv Python on
/// PATH would not see them. `CHECKOUT_PYTHON` picks another interpreter.
enum SchemaValidator {
    static let python = ProcessInfo.processInfo.environment["CHECKOUT_PYTHON"] ?? "/usr/bin/python3"
    static let script = "Tests/CheckoutEndToEndTests/Support/validate_schema.py"
    static let install = """
        The schema test needs \(python) with the Python packages jsonschema and PyYAML. Run .ci/run: its install step \
        runs `apt-get install -y python3-jsonschema python3-yaml` when they are missing. Or set CHECKOUT_PYTHON to a \
        Python that has both (`pip install jsonschema pyyaml`).
        """

    struct Report: Decodable {
        var schemaErrors: [String]
        var flows: [String: [Finding]]
    }

    struct Finding: Decodable, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "\(path.isEmpty ? "(top level)" : path): \(message)" }
    }

    /// The shipped flows, relative to the repository root (their scenario files are not flows).
    static func shippedFlows() throws -> [String] {
        // Scenario files (`NAME.scenarios.yaml`, SPEC §12) sit beside the flows but are not flows.
        try yamlFiles(in: "flows").filter { !$0.hasSuffix(".scenarios.yaml") }
    }

    /// The language tests' fixtures of one group, relative to the repository root.
    static func fixtures(in group: String) throws -> [String] {
        try yamlFiles(in: "Tests/CheckoutLanguageTests/Fixtures/\(group)")
    }

    private static func yamlFiles(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent(folder).path)
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The validator's report on `files` (paths relative to the repository root, or absolute);
    /// nil, with the test failed and told how to install the validator, when it cannot run.
    static func run(
        _ files: [String], schema: String = SchemaTests.shipped, yaml11: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Report? {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("\(python) does not exist. \(install)", sourceLocation: sourceLocation)
            return nil
        }
        // Output goes to files, not pipes: nothing can block on a full pipe.
        let ws = try Workspace()
        let out = ws.url.appendingPathComponent("stdout.json"), err = ws.url.appendingPathComponent("stderr.txt")
        try Data().write(to: out)
        try Data().write(to: err)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script] + (yaml11 ? ["--yaml-1.1"] : []) + [schema] + files
        process.currentDirectoryURL = CheckoutBinary.root
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stderr = ws.read(err.path) ?? ""
        guard process.terminationStatus == 0 else {
            let hint = process.terminationStatus == 3 ? install : "validate_schema.py failed (exit \(process.terminationStatus))."
            Issue.record("\(hint)\n\(stderr)", sourceLocation: sourceLocation)
            return nil
        }
        return try JSONDecoder().decode(Report.self, from: Data((ws.read(out.path) ?? "").utf8))
    }
}
