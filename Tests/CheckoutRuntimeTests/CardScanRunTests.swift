import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The `cardScan` screen (Jumio BAM Checkout) at run time: scan answers inline and from a file,
/// the scanned card checked like a typed one, BAM's errors as routable outcomes, masking, and
/// the bank details kept out of every output.
@Suite struct CardScanRunTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        func events(_ name: String) -> [TraceEvent] { events.filter { $0.event == name } }
        func attribute(_ event: String, _ key: String) -> [JSONValue] {
            events(event).compactMap { $0.attributes.first { $0.key == key }?.value }
        }
        var errors: [String] { result.errors.map { "\($0.path) \($0.code)" } }
    }

    func run(_ flowText: String, answers: Answers) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 7)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: sandbox, frontend: HeadlessFrontend(answers: answers), clock: clock,
            random: random, trace: trace)
        let result = await runner.run()
        return Run(result: result, events: trace.events, ledger: await sandbox.ledger)
    }

    func run(_ flowText: String, _ answersText: String) async throws -> Run {
        try await run(flowText, answers: try readAnswers(answersText))
    }

    /// Every error routed: canceled and failed fall back to the typed card, an expired card is
    /// scanned again, a refused brand ends the run.
    static let routedFlow = """
        flow: scan-routed
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
          allowCurrencyChange: false
        cards:
          accept: [visa, mastercard]
          requireSortCodeAndAccountNumber: true
          masking: true
        screens:
          - id: scan
            kind: cardScan
            on: { success: billing, canceled: typeCard, failed: typeCard, cardExpired: scan, cardTypeNotAccepted: end }
          - { id: typeCard, kind: creditCard }
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """

    /// No routes: every error ends the run.
    static let unroutedFlow = """
        flow: scan-unrouted
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
          allowCurrencyChange: false
        cards:
          accept: [visa, mastercard]
        screens:
          - kind: cardScan
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """

    static let billing = #"billing: { name: Jane Doe, country: US, zip: "10001" }"#
    static let bank = #"sortCode: "12-34-56", accountNumber: "31926819""#

    static func scan(_ number: String, expiry: String = "12/35", cvv: String = "123", bank: Bool = true) -> String {
        #"{ number: "\#(number)", expiry: "\#(expiry)", cvv: "\#(cvv)", name: JANE DOE\#(bank ? ", " + Self.bank : "") }"#
    }

    static let typedCard = #"card: { number: "5555 5555 5555 4444", expiry: "12/35", cvv: "123" }"#

    @Test func aScannedCardPaysMaskedAndTracesOnlyBrandAndLast4() async throws {
        let r = try await run(Self.routedFlow, "scan: \(Self.scan("4111 1111 1111 1111"))\n\(Self.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.creditCard?.last4 == "1111")
        #expect(r.result.maskedNumber == "4111 11XX XXXX 1111", "BAM's cardNumberMasked: grouped, first 6 + last 4, the rest X")
        #expect(r.result.json.serialized().contains(#""cardMask":"4111 11XX XXXX 1111""#))
        #expect(r.ledger.map(\.status) == ["APPROVED"])
        let completed = try #require(r.events("scan.completed").first)
        #expect(completed.stage == "scan")
        #expect(completed.attributes.map(\.key) == ["brand", "last4", "bankDetails"])
        #expect(r.attribute("scan.completed", "brand") == [.string("VISA")])
        #expect(r.attribute("scan.completed", "bankDetails") == [.bool(true)])
        #expect(r.events("screen.answered").map(\.stage) == ["billing"], "the scan records scan.completed, not screen.answered")
        let everything = r.result.json.serialized() + r.events.map(\.jsonLine).joined()
        for secret in ["4111111111111111", "31926819", "123456", "12-34-56"] {
            #expect(!everything.contains(secret), "\(secret) leaked")
        }
    }

    @Test func withoutMaskingTheResultHasNoCardMask() async throws {
        let flow = Self.unroutedFlow
        let r = try await run(flow, "scan: \(Self.scan("4111 1111 1111 1111", bank: false))\n\(Self.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.maskedNumber == nil)
        #expect(r.attribute("scan.completed", "bankDetails").isEmpty)
    }

    @Test func aScanAloneImpliesPayingByCard() throws {
        let answers = try readAnswers("scan: \(Self.scan("4111 1111 1111 1111"))")
        #expect(answers.effectivePaymentMethod == .card)
    }

    @Test(arguments: [
        ("canceled", "canceled"), ("cameraNotAvailable", "failed"), ("authenticationFailed", "failed"),
        ("scanningNotAvailable", "failed"), ("certificateNotValid", "failed"), ("backgroundExecutionNotSupported", "failed"),
    ])
    func aRoutedScanErrorFallsBackToTheTypedCard(error: String, outcome: String) async throws {
        let r = try await run(Self.routedFlow, "scan: { error: \(error) }\n\(Self.typedCard)\n\(Self.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.creditCard?.last4 == "4444")
        #expect(r.result.errors.isEmpty, "a routed error is handled, not reported")
        #expect(r.attribute("scan.failed", "error") == [.string(error)])
        #expect(r.attribute("scan.failed", "outcome") == [.string(outcome)])
        #expect(r.attribute("stage.routed", "to") == [.string("typeCard")])
    }

    @Test func anExpiredScanRoutedBackIsScannedAgain() async throws {
        let r = try await run(
            Self.routedFlow,
            "scan: [\(Self.scan("5555 5555 5555 4444", expiry: "01/24")), \(Self.scan("4111 1111 1111 1111"))]\n\(Self.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.creditCard?.last4 == "1111")
        #expect(r.attribute("scan.failed", "bamCode") == [.int(320)])
        #expect(r.attribute("stage.routed", "to") == [.string("scan")])
        #expect(r.events("scan.completed").count == 1)
    }

    @Test func anExpiredScanWithNoSecondScanEndsFailedWithTheReason() async throws {
        let r = try await run(Self.routedFlow, "scan: \(Self.scan("5555 5555 5555 4444", expiry: "01/24"))\n\(Self.billing)")
        #expect(r.result.status == .failed)
        #expect(r.result.exitCode == 1)
        #expect(r.errors == ["scan.expiry card_expired"])
        #expect(r.events("screen.left").map(\.stage) == ["scan"], "giving up is not routed again as 'failed'")
        #expect(r.ledger.isEmpty)
    }

    @Test func aRefusedBrandRoutedToTheEndFailsWithTheTypedCardsCodeAndMessage() async throws {
        let r = try await run(Self.routedFlow, "scan: \(Self.scan("3782 822463 10005", cvv: "1234"))\n\(Self.billing)")
        #expect(r.result.status == .failed)
        #expect(r.errors == ["scan.number brand_not_accepted"])
        #expect(r.result.errors.first?.message == "American Express cards are not accepted.")
        #expect(r.attribute("scan.failed", "error") == [.string("cardTypeNotAccepted")])
        #expect(r.attribute("scan.failed", "code") == [.string("card_type_not_accepted")])
        #expect(r.attribute("stage.routed", "to") == [.string("end")])
        #expect(r.result.creditCard == nil)
    }

    @Test func unroutedErrorsEndTheRun() async throws {
        let canceled = try await run(Self.unroutedFlow, "scan: { error: canceled }\n\(Self.billing)")
        #expect(canceled.result.status == .canceled)
        #expect(canceled.result.errors.isEmpty)
        #expect(canceled.events("stage.routed").isEmpty)

        let refused = try await run(Self.unroutedFlow, "scan: { error: cardTypeNotAccepted }\n\(Self.billing)")
        #expect(refused.result.status == .failed)
        #expect(refused.errors == ["scan.error card_type_not_accepted"])

        let camera = try await run(Self.unroutedFlow, "scan: { error: cameraNotAvailable }\n\(Self.billing)")
        #expect(camera.result.status == .failed)
        #expect(camera.errors == ["scan.error camera_not_available"])
        #expect(camera.attribute("scan.failed", "bamCode") == [.int(260)])

        let expired = try await run(Self.unroutedFlow, "scan: \(Self.scan("4111 1111 1111 1111", expiry: "10/26", bank: false))")
        #expect(expired.result.status == .failed, "October 2026 is past on 2026-11-18")
        #expect(expired.errors == ["scan.expiry card_expired"])

        let amex = try await run(Self.unroutedFlow, "scan: \(Self.scan("3782 822463 10005", cvv: "1234", bank: false))")
        #expect(amex.result.status == .failed)
        #expect(amex.errors == ["scan.number brand_not_accepted"])
        for r in [canceled, refused, camera, expired, amex] { #expect(r.ledger.isEmpty) }
    }

    /// BAM's error table (Jumio docs/integration_bam-checkout.md), message for message.
    static let bamMessages: [(CardScanError, Int, String)] = [
        (.authenticationFailed, 200, "Authentication failed"),
        (.scanningNotAvailable, 240, "Scanning not available at this time, please contact the app vendor"),
        (.canceled, 250, "Canceled by end-user"),
        (.cameraNotAvailable, 260, "The camera is currently not available"),
        (.certificateNotValid, 280, "Certificate not valid anymore. Please update your application"),
        (.cardTypeNotAccepted, 300, "Your card type is not accepted"),
        (.backgroundExecutionNotSupported, 310, "Background execution is not supported"),
        (.cardExpired, 320, "Your card is expired"),
    ]

    @Test func scanErrorsCarryBAMsMessagesVerbatim() async throws {
        #expect(Self.bamMessages.map(\.0) == CardScanError.allCases)
        for (error, code, message) in Self.bamMessages {
            #expect(error.bamCode == code)
            #expect(error.message == message)
            guard error != .canceled else { continue }
            let r = try await run(Self.unroutedFlow, "scan: { error: \(error.rawValue) }\n\(Self.billing)")
            #expect(r.result.errors.map(\.message) == [message], "\(error)")
            #expect(r.result.json.serialized().contains(#""message":"\#(message)""#))
        }
    }

    @Test func anInvalidScannedNumberIsAnInvalidAnswerWithTheTypedCardsCode() async throws {
        let r = try await run(Self.routedFlow, "scan: \(Self.scan("4111 1111 1111 1112"))\n\(Self.billing)")
        #expect(r.result.status == .invalid)
        #expect(r.result.exitCode == 3)
        #expect(r.errors == ["scan.number luhn_check_failed"])
        #expect(r.events("scan.failed").isEmpty, "a misread number is not a BAM error")
        #expect(r.ledger.isEmpty)
    }

    @Test func aMissingScanAndBadFieldsAreEachReported() async throws {
        let missing = try await run(Self.routedFlow, Self.billing)
        #expect(missing.result.status == .invalid)
        #expect(
            missing.errors == [
                "scan.number required", "scan.expiry required", "scan.cvv required", "scan.sortCode required",
                "scan.accountNumber required",
            ])
        let bad = try await run(
            Self.routedFlow,
            #"scan: { number: "4111 1111 1111 1111", expiry: "13/35", cvv: "12", sortCode: "12-34", accountNumber: "3192681X" }"#
                + "\n\(Self.billing)")
        #expect(
            bad.errors == [
                "scan.expiry invalid_expiry", "scan.cvv invalid_cvv", "scan.sortCode invalid_sort_code",
                "scan.accountNumber invalid_account_number",
            ])
        let notAsked = try await run(Self.unroutedFlow, "scan: \(Self.scan("4111 1111 1111 1111"))\n\(Self.billing)")
        #expect(notAsked.errors == ["scan.sortCode not_offered", "scan.accountNumber not_offered"])
        for r in [missing, bad, notAsked] {
            #expect(!r.result.errors.map(\.message).joined().contains("31926819"))
        }
    }

    @Test func aScanFileRelativeToTheAnswersFileIsRead() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("scans"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(
            #"{"number": "5555555555554444", "expiry": "09/34", "cvv": "321", "sortCode": "404784", "accountNumber": "70872490"}"#
                .utf8
        ).write(to: dir.appendingPathComponent("scans/mc.json"))
        try Data("number: 4111 1111 1111 1112\nexpiry: 12/35\ncvv: \"123\"\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        let answersPath = dir.appendingPathComponent("answers.yaml").path
        try Data("scan: { file: scans/mc.json }\n\(Self.billing)\n".utf8).write(to: URL(fileURLWithPath: answersPath))
        let (answers, problems) = AnswersReader.read(contentsOf: answersPath)
        #expect(problems.isEmpty)
        let r = try await run(Self.routedFlow, answers: try #require(answers))
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.maskedNumber == "5555 55XX XXXX 4444")

        // A misread number in a YAML scan file is reported at the scan's path.
        try Data("scan: { file: bad.yaml }\n\(Self.billing)\n".utf8).write(to: URL(fileURLWithPath: answersPath))
        let (badAnswers, _) = AnswersReader.read(contentsOf: answersPath)
        let bad = try await run(Self.unroutedFlow, answers: try #require(badAnswers))
        #expect(bad.errors == ["scan.number luhn_check_failed"])

        // A number longer than BAM reads is refused inside a scan file too, pointing into it.
        try Data("expiry: 12/35\nnumber: \"4111111111111111110\"\n".utf8).write(to: dir.appendingPathComponent("long.yaml"))
        try Data("scan: { file: long.yaml }\n".utf8).write(to: URL(fileURLWithPath: answersPath))
        let (_, long) = AnswersReader.read(contentsOf: answersPath)
        #expect(long.map { "\($0.issue.path) \($0.issue.code)" } == ["scan.number invalid_length"])
        #expect(long.first?.diagnostic.file == dir.appendingPathComponent("long.yaml").path)
        #expect(long.first?.diagnostic.range?.start.line == 2)

        // A missing file and a broken one are answers problems, positioned where they are.
        try Data("scan: { file: nowhere.json }\n".utf8).write(to: URL(fileURLWithPath: answersPath))
        let (none, missing) = AnswersReader.read(contentsOf: answersPath)
        #expect(none == nil)
        #expect(missing.map { "\($0.issue.path) \($0.issue.code)" } == ["scan.file file_unreadable"])
        try Data("number: [1\n".utf8).write(to: dir.appendingPathComponent("broken.yaml"))
        try Data("scan: { file: broken.yaml }\n".utf8).write(to: URL(fileURLWithPath: answersPath))
        let (_, broken) = AnswersReader.read(contentsOf: answersPath)
        #expect(broken.map(\.issue.path) == ["scan.file"])
        #expect(broken.first?.diagnostic.file == dir.appendingPathComponent("broken.yaml").path)
    }

    @Test func scanAnswersProblems() throws {
        func problems(_ text: String) -> [String] {
            AnswersReader.read(Array(text.utf8), file: "answers.yaml").1.map { "\($0.issue.path) \($0.issue.code)" }
        }
        #expect(problems("scan: { error: cancelled }") == ["scan.error invalid_value"])
        #expect(
            AnswersReader.read(Array("scan: { error: cancelled }".utf8), file: "a.yaml").1.first?.diagnostic.suggestion == "canceled")
        #expect(problems(#"scan: { error: canceled, number: "4111111111111111" }"#) == ["scan.error conflicting_answers"])
        #expect(problems("scan: { numbr: 1 }") == ["scan.numbr unknown_key"])
        // BAM's cardNumber has at most 16 digits: a longer scanned number is refused as read,
        // with the count and not the digits; 16 digits are left to the card checks.
        let long = AnswersReader.read(Array(#"scan: { number: "4111 1111 1111 1111 7" }"#.utf8), file: "a.yaml").1
        #expect(long.map { "\($0.issue.path) \($0.issue.code)" } == ["scan.number invalid_length"])
        #expect(long.first?.issue.message == "a card scan reads at most 16 digits (Jumio BAM's cardNumber); this number has 17")
        #expect(long.first?.diagnostic.range?.start.description == "1:17", "at the number")
        #expect(problems(#"scan: { number: "4111111111111111110", expiry: "12/35" }"#) == ["scan.number invalid_length"])
        #expect(problems(#"scan: { number: "4111 1111 1111 1111" }"#).isEmpty)
        #expect(problems(#"scan: { number: "4111 1111 1111 111x 77" }"#).isEmpty, "not digits: the card check's invalid_number")
        #expect(problems("scan: { file: a.json, number: 1 }").first == "scan.number unknown_key", "a file or the fields, not both")
        let secret = AnswersReader.read(Array("scan: { accountNumber: [31926819] }".utf8), file: "a.yaml").1
        #expect(secret.map(\.issue.code) == ["invalid_type"])
        #expect(!secret.map(\.issue.message).joined().contains("31926819"))
    }

    @Test func bankDetailsNeverPrint() throws {
        let details = try UKBankDetails.validate(sortCode: "12 34 56", accountNumber: "31926819").get()
        #expect(details.sortCode == "123456")
        for text in [
            "\(details)", String(reflecting: details),
            {
                var s = ""; dump(details, to: &s); return s
            }(),
        ] {
            #expect(!text.contains("123456") && !text.contains("31926819") && !text.contains("12 34 56"), "\(text)")
        }
        #expect(throws: FieldIssues.self) { try UKBankDetails.validate(sortCode: "1234567", accountNumber: "31926819").get() }
        #expect("\(ScanAnswer(number: "4111111111111111", cvv: "123"))" == "ScanAnswer(card)")
    }
}
