import Foundation
import Testing

/// `checkout test --junit` against Jenkins' own JUnit schema: the xUnit plugin's junit-10.xsd
/// (jenkinsci/xunit-plugin at 8c515de2, MIT; `Consumers/junit-10.xsd`), with libxml2's
/// `xmllint`, which `.ci/test` installs (issue 20). The plugin drops a report that fails it.
@Suite struct JUnitSchemaTests {
    static let xmllint = "/usr/bin/xmllint"
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Consumers/junit-10.xsd")

    /// `xmllint --schema`: its exit status and what it said.
    static func validate(_ file: String) throws -> (valid: Bool, said: String) {
        let r = try CheckoutBinary.run(["--noout", "--schema", schema.path, file], program: URL(fileURLWithPath: xmllint))
        return (r.status == 0, r.stderr)
    }

    static func available() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            Issue.record("\(xmllint) does not exist: run .ci/test --deps-only (Debian's libxml2-utils)")
            return false
        }
        return true
    }

    /// Every shipped scenario, and a suite with a failure and awkward names: valid by default.
    @Test func theDefaultReportIsValidAgainstJenkinsSchema() throws {
        guard Self.available() else { return }
        let ws = try Workspace()
        let shipped = ws.url.appendingPathComponent("shipped.xml").path
        let all = try CheckoutBinary.run(["test", "flows", "--jobs", "2", "--junit", shipped])
        #expect(all.status == 0, "\(all.stderr)")
        let checked = try Self.validate(shipped)
        #expect(checked.valid, "\(checked.said)")

        try ws.write("flow: shop\ndsl: 1\nrequest: { price: { amount: 1.00 } }\n", to: "shop.yaml")
        let suite = try ws.write(
            "- name: \"<b>wallet</b> & 'co'\"\n  answers: { paymentMethod: paypal }\n  expect: { status: declined }\n"
                + "- name: card\n  answers: { card: { number: \"4111 1111 1111 1111\", expiry: \"12/35\", cvv: \"123\" } }\n"
                + "  expect: { status: success }\n",
            to: "shop.scenarios.yaml")
        let failing = ws.url.appendingPathComponent("failing.xml").path
        let r = try CheckoutBinary.run(["test", suite, "--junit", failing])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let failed = try Self.validate(failing)
        #expect(failed.valid, "\(failed.said)")
        let text = ws.read(failing) ?? ""
        // Where the file is, for Jenkins: on the suite; and suite times in milliseconds.
        #expect(text.contains("<testsuite name=\"shop\" file=\"\(suite)\""), "\(text.prefix(500))")
        #expect(!text.contains(" line=\""))
        #expect(text.matches(of: /<testsuites? [^>]* time="[0-9]+\.[0-9]{3}">/).count == 2, "\(text.prefix(500))")
    }

    /// `--junit-testcase-locations`: `file` and `line` on every case, which GitLab and the
    /// GitHub actions read, and which Jenkins' schema refuses: the validator is really checking.
    @Test func testcaseLocationsAreWhatJenkinsSchemaRefuses() throws {
        guard Self.available() else { return }
        let ws = try Workspace()
        let report = ws.url.appendingPathComponent("located.xml").path
        let r = try CheckoutBinary.run(["test", "flows/standard-checkout.scenarios.yaml", "--junit", report, "--junit-testcase-locations"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = ws.read(report) ?? ""
        let cases = text.components(separatedBy: "<testcase ").count - 1
        let located = text.matches(of: /<testcase [^>]* file="flows\/standard-checkout\.scenarios\.yaml" line="[0-9]+" time=/).count
        #expect(cases > 20 && located == cases, "\(located) of \(cases)")
        let checked = try Self.validate(report)
        #expect(!checked.valid)
        #expect(checked.said.contains("The attribute 'file' is not allowed"), "\(checked.said)")
    }
}
