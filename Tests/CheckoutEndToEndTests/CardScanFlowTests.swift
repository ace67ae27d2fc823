import Foundation
import Testing

/// `flows/bam-card-scan.yaml` (Jumio BAM Checkout card scan) run as a user would: its example
/// answers, and a leak scan of every output for the number, CVV, sort code and account number.
@Suite struct CardScanFlowTests {
    static let flow = "flows/bam-card-scan.yaml"

    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var status: String
        var exitCode: Int32
        var errors: [String] = []
        var last4: String?
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(name: "success-by-answers", status: "success", exitCode: 0, last4: "1111"),
        Example(name: "success-by-scan-file", status: "success", exitCode: 0, last4: "4444"),
        Example(name: "canceled-fallback", status: "success", exitCode: 0, last4: "1111"),
        Example(name: "expired-then-rescanned", status: "success", exitCode: 0, last4: "1111"),
        Example(name: "expired", status: "failed", exitCode: 1, errors: ["scan.expiry card_expired"]),
        Example(name: "card-type-not-accepted", status: "failed", exitCode: 1, errors: ["scan.number brand_not_accepted"]),
        Example(name: "number-too-long", status: "invalid", exitCode: 3, errors: ["scan.number invalid_length"]),
    ]

    @Test(arguments: examples)
    func shippedExample(example: Example) throws {
        let r = try CheckoutBinary.run([
            "run", Self.flow, "--answers", "examples/bam-card-scan/\(example.name).yaml", "--json", "--now", CheckoutBinary.fixedNow,
        ])
        #expect(r.status == example.exitCode, "\(r.stdout)\n\(r.stderr)")
        let result = try JSONDecoder().decode(ResultJSON.self, from: Data(r.stdout.utf8))
        #expect(result.status == example.status)
        #expect(result.errorCodes == example.errors)
        #expect(result.creditCard?.last4Digits == example.last4)
        if example.last4 != nil {
            let mask = example.last4 == "1111" ? "4111 11XX XXXX 1111" : "5555 55XX XXXX 4444"
            #expect(r.stdout.contains(#""cardMask": "\#(mask)""#), "BAM's cardNumberMasked")
        }
    }

    /// Secrets no output of these runs holds by chance: no sandbox card, last 4, amount, expiry,
    /// seeded id or workspace path contains them.
    static let cvv = "736", amexCvv = "7361", sortCode = "83-91-47", account = "64825093"

    struct LeakCase: Sendable, CustomTestStringConvertible {
        var name: String
        var answers: String
        /// A scan file written beside the answers as `scan.json`.
        var scanFile: String?
        var json = true
        var number: String
        var cvv: String = CardScanFlowTests.cvv
        var proof: String
        var testDescription: String { name }
    }

    static let rest = """
        custom: { delivery: morning }
        billing: { name: Jane Doe, email: jane@example.com, zip: SW1A 1AA, country: GB }
        """

    static func scan(_ number: String, cvv: String = CardScanFlowTests.cvv, expiry: String = "12/35", sort: String = sortCode) -> String {
        #"scan: { number: "\#(number)", expiry: "\#(expiry)", cvv: "\#(cvv)", name: JANE DOE, sortCode: "\#(sort)", accountNumber: "\#(account)" }"#
            + "\n" + rest
    }

    static let visa = "4111 1111 1111 1111"

    static let leaks: [LeakCase] = [
        LeakCase(name: "scanned and approved", answers: scan(visa), number: visa, proof: "4111 11XX XXXX 1111"),
        LeakCase(name: "text output", answers: scan(visa), json: false, number: visa, proof: "1111"),
        LeakCase(
            name: "scan file",
            answers: "scan: { file: scan.json }\n" + rest,
            scanFile:
                #"{"number": "5555 5555 5555 4444", "expiry": "09/34", "cvv": "736", "name": "JOHN SMITH", "sortCode": "\#(sortCode)", "accountNumber": "\#(account)"}"#,
            number: "5555 5555 5555 4444", proof: "5555 55XX XXXX 4444"),
        LeakCase(
            name: "misread number in a scan file", answers: "scan: { file: scan.json }\n" + rest,
            scanFile: "number: 4111 1111 1111 1112\nexpiry: 12/35\ncvv: \"736\"\nsortCode: \(sortCode)\naccountNumber: \"\(account)\"\n",
            number: "4111 1111 1111 1112", proof: "luhn_check_failed"),
        LeakCase(
            name: "brand not accepted", answers: scan("3782 822463 10005", cvv: amexCvv), number: "3782 822463 10005", cvv: amexCvv,
            proof: "brand_not_accepted"),
        LeakCase(name: "expired", answers: scan(visa, expiry: "01/24"), number: visa, proof: "card_expired"),
        LeakCase(name: "sort code malformed", answers: scan(visa, sort: "83-91-4"), number: visa, proof: "invalid_sort_code"),
        LeakCase(
            name: "account number of the wrong type",
            answers:
                #"scan: { number: "\#(visa)", expiry: "12/35", cvv: "736", name: JANE DOE, sortCode: "\#(sortCode)", accountNumber: [\#(account)] }"#
                + "\n" + rest,
            number: visa, proof: "scan.accountNumber"),
        LeakCase(
            name: "misspelled scan keys",
            answers: #"scan: { numbr: "\#(visa)", expiry: "12/35", cvc: "736", sortcode: "\#(sortCode)", account: "\#(account)" }"#,
            number: visa, proof: "numbr"),
        LeakCase(name: "declined", answers: scan("4000 0000 0000 9995"), number: "4000 0000 0000 9995", proof: "insufficient_funds"),
        LeakCase(
            name: "number longer than BAM reads", answers: scan("4111 1111 1111 1111 110"), number: "4111 1111 1111 1111 110",
            proof: "this number has 19"),
    ]

    @Test(arguments: leaks)
    func noCardOrBankDataInAnyOutput(leak: LeakCase) throws {
        let ws = try Workspace()
        if let scanFile = leak.scanFile { try ws.write(scanFile, to: "scan.json") }
        let run = try ws.run(flow: CheckoutBinary.root.appendingPathComponent(Self.flow).path, answers: leak.answers, json: leak.json)
        let everything = run.outputs.map(\.text).joined(separator: "\n")
        #expect(everything.contains(leak.proof), "the run never got to the scan: \(run.summary)")
        #expect([0, 1, 3].contains(run.exitCode), "\(run.summary)")
        let scanner = LeakScanner(number: leak.number, cvv: leak.cvv)
        for (name, text) in run.outputs {
            #expect(scanner.findings(in: text).isEmpty, "\(name) leaks \(scanner.findings(in: text)):\n\(text)")
            let squeezed = text.filter { $0 != " " && $0 != "-" }
            #expect(!squeezed.contains("839147") && !text.contains("83-91-4"), "\(name) leaks the sort code:\n\(text)")
            #expect(!squeezed.contains(Self.account), "\(name) leaks the account number:\n\(text)")
        }
    }

    /// A scanned number BAM cannot return (more than 16 digits) is an invalid answer, exit 3.
    @Test func aNumberLongerThanBAMReadsIsAnInvalidAnswer() throws {
        let ws = try Workspace()
        let run = try ws.run(
            flow: CheckoutBinary.root.appendingPathComponent(Self.flow).path, answers: Self.scan("4111 1111 1111 1111 7"))
        #expect(run.exitCode == 3, "\(run.summary)")
        let result = try JSONDecoder().decode(ResultJSON.self, from: Data(run.stdout.utf8))
        #expect(result.status == "invalid")
        #expect(result.errorCodes == ["scan.number invalid_length"])
        #expect(run.stdout.contains("a card scan reads at most 16 digits (Jumio BAM's cardNumber); this number has 17"))
    }

    /// The scanner's own error reaches the result with BAM's message, verbatim.
    @Test func aScanErrorCarriesBAMsMessage() throws {
        let ws = try Workspace()
        let run = try ws.run(
            flow: CheckoutBinary.root.appendingPathComponent(Self.flow).path, answers: "scan: { error: cardTypeNotAccepted }\n" + Self.rest)
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(run.stdout.contains(#""message": "Your card type is not accepted""#), "\(run.stdout)")
    }

    @Test func theTraceRecordsTheScanWithoutCardData() throws {
        let ws = try Workspace()
        let run = try ws.run(
            flow: CheckoutBinary.root.appendingPathComponent(Self.flow).path,
            answers: "scan:\n  - { error: cardExpired }\n  - \(Self.scan(Self.visa).split(separator: "\n")[0].dropFirst("scan: ".count))\n"
                + Self.rest)
        #expect(run.exitCode == 0, "\(run.summary)")
        let events = try run.trace()
        let failed = try #require(events.first { $0.event == "scan.failed" })
        #expect(failed.code == "card_expired")
        #expect(failed.line.contains(#""bamCode":320"#) && failed.line.contains(#""outcome":"cardExpired""#))
        #expect(events.contains { $0.event == "stage.routed" && $0.line.contains(#""to":"scan""#) })
        let completed = try #require(events.first { $0.event == "scan.completed" })
        #expect(completed.line.contains(#""brand":"VISA","last4":"1111","bankDetails":true"#))
    }
}
