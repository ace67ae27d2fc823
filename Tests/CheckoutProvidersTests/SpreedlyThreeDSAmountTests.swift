import CheckoutDomain
import CheckoutFakes
import CheckoutRuntime
import Testing

/// Spreedly's test gateway picks the 3DS2 course by the amount in cents, not by the card
/// (docs.spreedly.com/guides/3dsecure2/, "Test Data for Spreedly 3DS2 Gateway Specific",
/// "$ Amounts": 3001 full frictionless, 3003 fingerprint with direct authorize, 3004 fingerprint
/// to challenge, 3005 direct challenge, 3103 fingerprint with forced failure, 3104 challenge with
/// forced failure). The fake does the same: each case runs a card whose sandbox course (SPEC §7)
/// is a different one, so only the amount can give the expected course.
@Suite struct SpreedlyThreeDSAmountTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var flow: String
        var number: String
        var code: String?
        var fingerprint: Bool
        var challenge: Bool
        var status: CheckoutStatus
        var testDescription: String { "\(flow) \(number.suffix(4))" }
    }

    static let variants = "../examples/spreedly-3ds2/flows/"

    static let cases: [Case] = [
        // 4556 is fingerprint then challenge in the sandbox; 3001 answers at once.
        Case(flow: variants + "frictionless", number: "4556 7610 2998 3886", fingerprint: false, challenge: false, status: .success),
        // 4111 is frictionless in the sandbox; 3003 asks for the device fingerprint first.
        Case(
            flow: variants + "fingerprint-authorized", number: "4111 1111 1111 1111", fingerprint: true, challenge: false,
            status: .success),
        // 4111 at 3004 (the shipped flow's 30.04): fingerprint, then a challenge.
        Case(flow: "spreedly-3ds2", number: "4111 1111 1111 1111", code: "1234", fingerprint: true, challenge: true, status: .success),
        // 4556 at 3005: the challenge at once, no fingerprint.
        Case(
            flow: variants + "direct-challenge", number: "4556 7610 2998 3886", code: "1234", fingerprint: false, challenge: true,
            status: .success),
        // 4890 is fingerprint then frictionless success in the sandbox; 3103 fails it.
        Case(
            flow: variants + "fingerprint-forced-failure", number: "4024 0071 0193 4890", fingerprint: true, challenge: false,
            status: .failed),
        // 3104 fails the challenge although the shopper answers the sandbox's passing code.
        Case(
            flow: variants + "challenge-forced-failure", number: "4556 7610 2998 3886", code: "1234", fingerprint: false,
            challenge: true, status: .failed),
    ]

    @Test(arguments: cases)
    func theAmountPicksTheCourseNotTheCard(_ c: Case) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let r = try await SpreedlyFakeTests.run(c.flow, c.number, code: c.code, against: fake)
        #expect(r.result.status == c.status, "\(r.result.errors)")
        #expect(r.events.contains { $0.event == "threeDS.fingerprint" } == c.fingerprint)
        #expect(r.events.contains { $0.event == "threeDS.challenge" } == c.challenge)
        let expected: ThreeDSResult = c.status == .success ? .authenticationSucceeded : .authenticationFailed
        #expect(r.result.threeDSResult == expected)
        #expect(fake.ledger.count == (c.status == .success ? 1 : 0))
    }
}
