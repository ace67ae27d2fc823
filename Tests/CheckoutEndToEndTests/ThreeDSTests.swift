import Foundation
import Testing

/// 3-D Secure: challenges, the Spreedly 3DS2 lifecycle, and the SPEC §8 policy both ways.
@Suite struct ThreeDSTests {
    private func run3DS(_ number: String, processFailed3DS: Bool = false, extra: String) throws -> RunOutcome {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(activate3DS: true, processFailed3DS: processFailed3DS))
        return try ws.run(flow: flow, answers: Fixtures.cardAnswers(number, extra: extra))
    }

    /// Spreedly's lifecycle: pending (device_fingerprint), fingerprint sent, pending (challenge).
    static let fingerprintThenChallenge = ["threeDS.pending", "threeDS.fingerprint", "threeDS.pending", "threeDS.challenge"]

    private func threeDSEvents(_ run: RunOutcome) throws -> [String] {
        try run.trace().map(\.event).filter { $0.hasPrefix("threeDS.") }
    }

    @Test func challengeWithRightCodeSucceeds() throws {
        let run = try run3DS("4000 0000 0000 1091", extra: Fixtures.threeDSCode("1234"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_SUCCEEDED")
        #expect(result.transaction?.status == "APPROVED")
        #expect(try threeDSEvents(run) == ["threeDS.pending", "threeDS.challenge"])
    }

    @Test func challengeWithWrongCodeFailsAndChargesNothing() throws {
        let run = try run3DS("4000 0000 0000 1091", extra: Fixtures.threeDSCode("4321"))
        let result = try run.result()
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(result.status == "failed")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_FAILED")
        #expect(result.transaction == nil)
        #expect(try threeDSEvents(run) == ["threeDS.pending", "threeDS.challenge"])
    }

    @Test func challengeWithoutAnAnswerIsAMissingAnswer() throws {
        let run = try run3DS("4000 0000 0000 1091", extra: "")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.errorCodes == ["threeDS.code required"])
        #expect(result.transaction == nil)
    }

    @Test(arguments: [false, true])
    func canceledChallengeEndsCanceled(processFailed3DS: Bool) throws {
        let run = try run3DS("4000 0000 0000 1091", processFailed3DS: processFailed3DS, extra: "threeDS:\n  cancel: true\n")
        let result = try run.result()
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(result.status == "canceled")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_CANCELED")
        #expect(result.transaction == nil)
    }

    @Test func spreedlyFingerprintThenChallengeWithRightCode() throws {
        let run = try run3DS("4556 7610 2998 3886", extra: Fixtures.threeDSCode("1234"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_SUCCEEDED")
        #expect(result.transaction?.status == "APPROVED")
        #expect(try threeDSEvents(run) == Self.fingerprintThenChallenge)
    }

    @Test func spreedlyFingerprintThenChallengeWithWrongCode() throws {
        let run = try run3DS("4556 7610 2998 3886", extra: Fixtures.threeDSCode("0000"))
        let result = try run.result()
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(result.status == "failed")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_FAILED")
        #expect(try threeDSEvents(run) == Self.fingerprintThenChallenge)
    }

    /// Frictionless after the fingerprint: no challenge, so no code is needed at all.
    @Test func spreedlyFingerprintFrictionless() throws {
        let run = try run3DS("4024 0071 0193 4890", extra: "")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_SUCCEEDED")
        #expect(result.transaction?.status == "APPROVED")
        #expect(try threeDSEvents(run) == ["threeDS.pending", "threeDS.fingerprint"])
    }

    /// `processFailed3DS: false`: an unsuccessful 3DS ends `failed`, and no charge step runs.
    @Test func failedAuthenticationStopsTheCharge() throws {
        let run = try run3DS("4000 0000 0000 1109", extra: "")
        let result = try run.result()
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(result.status == "failed")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_FAILED")
        #expect(result.transaction == nil)
        #expect(try run.trace().filter { $0.event == "step.start" && $0.stage == "sale" }.isEmpty)
    }

    /// `processFailed3DS: true`: the charge goes ahead and the result keeps the 3DS outcome.
    @Test(arguments: [
        ("4000 0000 0000 1059", "AUTHENTICATION_UNAVAILABLE"),
        ("4000 0000 0000 1109", "AUTHENTICATION_FAILED"),
        ("4000 0000 0000 1117", "THREE_DS_ERROR"),
    ])
    func failedAuthenticationIsChargedWhenAllowed(number: String, threeDS: String) throws {
        let run = try run3DS(number, processFailed3DS: true, extra: "")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.threeDSAuthenticationResult == threeDS)
        #expect(result.transaction?.status == "APPROVED")
    }

    @Test func wrongChallengeCodeIsChargedWhenAllowed() throws {
        let run = try run3DS("4000 0000 0000 1091", processFailed3DS: true, extra: Fixtures.threeDSCode("9999"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_FAILED")
        #expect(result.transaction?.status == "APPROVED")
    }

    /// CARD_NOT_SUPPORTED with `processFailed3DS: true`: charged, and the issuer declines.
    @Test func cardNotSupportedIsDeclinedWhenCharged() throws {
        let run = try run3DS("4000 0000 0000 0002", processFailed3DS: true, extra: "")
        let result = try run.result()
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(result.status == "declined")
        #expect(result.threeDSAuthenticationResult == "CARD_NOT_SUPPORTED")
        #expect(result.declineCode == "card_declined")
    }

    /// 3DS off: the 3DS card is charged directly; the result and trace show no 3DS at all.
    @Test func noThreeDSWhenNotActivated() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers("4000 0000 0000 1109"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.threeDSAuthenticationResult == nil)
        #expect(!run.stdout.contains("threeDSAuthenticationResult"))
        #expect(try run.trace().filter { $0.stage == "threeDS" || $0.event.hasPrefix("threeDS.") }.isEmpty)
    }

    /// The shipped 3-D Secure flow (49.99 EUR) with its shipped answers.
    @Test(arguments: [
        ("challenge-passed", Int32(0), "success", "AUTHENTICATION_SUCCEEDED"),
        ("challenge-canceled", 1, "canceled", "AUTHENTICATION_CANCELED"),
        ("authentication-failed", 1, "failed", "AUTHENTICATION_FAILED"),
    ])
    func shippedThreeDSExamples(example: String, exitCode: Int32, status: String, threeDS: String) throws {
        let ws = try Workspace()
        let answers = try #require(ws.read(CheckoutBinary.root.appendingPathComponent("examples/three-d-secure/\(example).yaml").path))
        let run = try ws.run(flow: "flows/three-d-secure.yaml", answers: answers)
        let result = try run.result()
        #expect(run.exitCode == exitCode, "\(run.summary)")
        #expect(result.status == status)
        #expect(result.threeDSAuthenticationResult == threeDS)
        #expect(result.priceDetails?.currency == "EUR")
        #expect((result.transaction != nil) == (status == "success"))
    }
}
