import CheckoutJSON
import CheckoutRuntime
import Foundation
import Testing

/// BAM's per-attempt scan references and `cards.reportingCriteria` (docs/running.md "Card scan"):
/// one `scan.attempt` per scan answer, the references in the result's `cardScan`, no card data.
@Suite struct CardScanAttemptTests {
    static let flow = CardScanRunTests.routedFlow.replacingOccurrences(
        of: "  masking: true", with: "  masking: true\n  reportingCriteria: spring-campaign")

    static let expiredThenValid = """
        scan:
          - \(CardScanRunTests.scan("5555 5555 5555 4444", expiry: "01/24"))
          - \(CardScanRunTests.scan("4111 1111 1111 1111"))
        \(CardScanRunTests.billing)
        """

    @Test func eachAttemptGetsAReferenceInTheTraceAndTheResult() async throws {
        let r = try await CardScanRunTests().run(Self.flow, Self.expiredThenValid)
        #expect(r.result.status == .success, "\(r.errors)")
        let attempts = r.events("scan.attempt")
        #expect(attempts.map(\.stage) == ["scan", "scan"])
        #expect(r.attribute("scan.attempt", "attempt") == [.int(1), .int(2)])
        #expect(r.attribute("scan.attempt", "reportingCriteria") == [.string("spring-campaign"), .string("spring-campaign")])
        let references = r.attribute("scan.attempt", "reference").compactMap { value -> String? in
            if case .string(let s) = value { return s }
            return nil
        }
        #expect(references.count == 2 && references[0] != references[1])
        for reference in references {
            #expect(
                reference.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression)
                    != nil)
        }
        // Each attempt's event comes before the attempt's end.
        let names = r.events.map(\.event).filter { $0.hasPrefix("scan.") }
        #expect(names == ["scan.attempt", "scan.failed", "scan.attempt", "scan.completed"])
        let json = r.result.json.serialized()
        let expected = #""cardScan":{"reportingCriteria":"spring-campaign","scanReferences":["\#(references[0])","\#(references[1])"]}"#
        #expect(json.contains(expected), "\(json)")
        for secret in ["4111111111111111", "5555555555554444", "31926819"] { #expect(!json.contains(secret)) }
    }

    @Test func theSameSeedGivesTheSameReferencesAndOtherIdsDoNotMove() async throws {
        let first = try await CardScanRunTests().run(Self.flow, Self.expiredThenValid)
        let second = try await CardScanRunTests().run(Self.flow, Self.expiredThenValid)
        #expect(first.attribute("scan.attempt", "reference") == second.attribute("scan.attempt", "reference"))
        let plain = try await CardScanRunTests().run(CardScanRunTests.routedFlow, Self.expiredThenValid)
        #expect(plain.result.transaction?.id == first.result.transaction?.id, "no random draw is added")
        #expect(plain.result.fraudSessionId == first.result.fraudSessionId)
        #expect(!plain.result.json.serialized().contains("reportingCriteria"))
        #expect(plain.result.json.serialized().contains(#""cardScan":{"scanReferences":["#))
    }

    @Test func aCanceledScanIsAnAttemptAndARunWithoutAScanHasNoCardScan() async throws {
        let canceled = try await CardScanRunTests().run(
            Self.flow, "scan: { error: canceled }\n\(CardScanRunTests.typedCard)\n\(CardScanRunTests.billing)")
        #expect(canceled.result.status == .success, "\(canceled.errors)")
        #expect(canceled.attribute("scan.attempt", "attempt") == [.int(1)])
        let typed = """
            flow: typed
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            """
        let r = try await CardScanRunTests().run(typed, "\(CardScanRunTests.typedCard)\n\(CardScanRunTests.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(!r.result.json.serialized().contains("cardScan"))
        #expect(r.events("scan.attempt").isEmpty)
    }
}

/// The holder name in the result (`creditCard.cardHolderName`, BAM `cardHolderName`): in capital
/// letters when the scan read it, as entered when typed.
@Suite struct CardHolderNameResultTests {
    @Test func aScannedNameIsInCapitalLetters() async throws {
        let scan =
            #"scan: { number: "4111 1111 1111 1111", expiry: "12/35", cvv: "123", name: Jane Doe, "#
            + CardScanRunTests.bank + " }"
        let r = try await CardScanRunTests().run(CardScanRunTests.routedFlow, "\(scan)\n\(CardScanRunTests.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.json.serialized().contains(#""cardHolderName":"JANE DOE""#))
        #expect(!r.events.map(\.jsonLine).joined().contains("JANE DOE"), "the trace does not carry the name")
    }

    @Test func aTypedNameIsAsEnteredAndNoNameNoKey() async throws {
        let typed = #"card: { number: "5555 5555 5555 4444", expiry: "12/35", cvv: "123", name: "Jane van Doe" }"#
        let r = try await CardScanRunTests().run(
            CardScanRunTests.routedFlow, "scan: { error: canceled }\n\(typed)\n\(CardScanRunTests.billing)")
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.json.serialized().contains(#""cardHolderName":"Jane van Doe""#))
        let none = try await CardScanRunTests().run(
            CardScanRunTests.routedFlow, "scan: { error: canceled }\n\(CardScanRunTests.typedCard)\n\(CardScanRunTests.billing)")
        #expect(none.result.status == .success, "\(none.errors)")
        #expect(!none.result.json.serialized().contains("cardHolderName"))
    }
}

/// BAM's edit step after the scan: `cards.requireExpiry: false` (the scan does not read the
/// expiry; the shopper types it), `cards.expiryEditable`, `cards.holderNameEditable`.
@Suite struct CardScanEditTests {
    static func flow(_ cards: String) -> String {
        CardScanRunTests.routedFlow.replacingOccurrences(of: "  masking: true", with: "  masking: true\n\(cards)")
    }

    static func scan(expiry: String? = "12/35", name: String = "Jane Doe", edited: String? = nil) -> String {
        let read = expiry.map { #"expiry: "\#($0)", "# } ?? ""
        let edit = edited.map { ", edited: { \($0) }" } ?? ""
        return #"scan: { number: "4111 1111 1111 1111", \#(read)cvv: "123", name: \#(name), \#(CardScanRunTests.bank)\#(edit) }"#
            + "\n\(CardScanRunTests.billing)"
    }

    @Test func withoutRequireExpiryTheShopperTypesTheExpiry() async throws {
        let flow = Self.flow("  requireExpiry: false")
        let r = try await CardScanRunTests().run(flow, Self.scan(expiry: nil, edited: #"expiry: "11/34""#))
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.creditCard?.expiry.month == 11 && r.result.creditCard?.expiry.year == 2034)
        let missing = try await CardScanRunTests().run(flow, Self.scan(expiry: nil))
        #expect(missing.errors.contains("scan.edited.expiry required"), "\(missing.errors)")
        let read = try await CardScanRunTests().run(flow, Self.scan(edited: #"expiry: "11/34""#))
        #expect(read.errors == ["scan.expiry not_offered"], "\(read.errors)")
        let expired = try await CardScanRunTests().run(flow, Self.scan(expiry: nil, edited: #"expiry: "01/24""#))
        #expect(expired.result.status == .invalid, "a typed expiry is an answer, not BAM's 320")
        #expect(expired.errors == ["scan.edited.expiry card_expired"], "\(expired.errors)")
    }

    @Test func editableFieldsOverrideWhatWasReadAndTheNameStaysAsEntered() async throws {
        let flow = Self.flow("  expiryEditable: true\n  holderNameEditable: true")
        let r = try await CardScanRunTests().run(flow, Self.scan(edited: #"expiry: "10/33", name: "Jane van Doe""#))
        #expect(r.result.status == .success, "\(r.errors)")
        #expect(r.result.creditCard?.expiry.month == 10)
        #expect(r.result.json.serialized().contains(#""cardHolderName":"Jane van Doe""#))
    }

    @Test func anEditTheFlowDoesNotOfferIsRefused() async throws {
        let r = try await CardScanRunTests().run(CardScanRunTests.routedFlow, Self.scan(edited: #"expiry: "10/33", name: "X Y""#))
        #expect(r.errors == ["scan.edited.expiry not_offered", "scan.edited.name not_offered"], "\(r.errors)")
    }
}
