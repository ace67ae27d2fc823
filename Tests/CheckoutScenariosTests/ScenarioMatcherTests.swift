import CheckoutRuntime
import CheckoutScenarios
import Testing

@Suite struct ScenarioMatcherTests {
    func result(_ status: CheckoutStatus, errors: [AnswerIssue] = []) -> CheckoutResult {
        var r = CheckoutResult(status: status, flow: "f", fraudSessionId: "x")
        r.paymentType = "CC"
        r.errors = errors
        return r
    }

    @Test func onlyTheGivenKeysAreCompared() {
        #expect(ScenarioMatcher.differences(ScenarioExpectation(), result(.declined)).isEmpty)
        #expect(ScenarioMatcher.differences(ScenarioExpectation(status: "declined", exitCode: 1), result(.declined)).isEmpty)
    }

    @Test func eachDifferenceSaysWhatWasExpectedAndWhatCame() {
        var r = result(.success)
        r.threeDSResult = .authenticationBypassed
        let e = ScenarioExpectation(
            status: "declined", exitCode: 1, paymentType: "PAYPAL", threeDSAuthenticationResult: "AUTHENTICATION_FAILED",
            declineCode: "lost_card")
        #expect(
            ScenarioMatcher.differences(e, r) == [
                "expected status declined, got success",
                "expected exitCode 1, got 0",
                "expected paymentType PAYPAL, got CC",
                "expected threeDSAuthenticationResult AUTHENTICATION_FAILED, got AUTHENTICATION_BYPASSED",
                "expected declineCode lost_card, got none",
            ])
    }

    @Test(arguments: CheckoutStatus.allCases) func exitCodeIsTheRunsExitCode(status: CheckoutStatus) {
        let expected: Int32 =
            switch status {
            case .success: 0
            case .declined, .failed, .canceled: 1
            case .invalid: 3
            case .error: 4
            }
        #expect(ScenarioMatcher.differences(ScenarioExpectation(exitCode: expected), result(status)).isEmpty)
        #expect(ScenarioMatcher.differences(ScenarioExpectation(exitCode: expected == 0 ? 1 : 0), result(status)).count == 1)
    }

    @Test func errorsMatchAsASetOfPathAndCode() {
        let actual = [
            AnswerIssue(path: "billing.zip", code: "required", message: "Enter the postal code."),
            AnswerIssue(path: "card.cvv", code: "invalid_cvv", message: "The security code has 3 digits."),
        ]
        let reversed = [ExpectedError(path: "card.cvv", code: "invalid_cvv"), ExpectedError(path: "billing.zip", code: "required")]
        #expect(ScenarioMatcher.differences(ScenarioExpectation(errors: reversed), result(.invalid, errors: actual)).isEmpty)
        let wrong = [ExpectedError(path: "billing.zip", code: "required"), ExpectedError(path: "billing.email", code: "required")]
        #expect(
            ScenarioMatcher.differences(ScenarioExpectation(errors: wrong), result(.invalid, errors: actual)) == [
                "expected error billing.email required, got none",
                "unexpected error card.cvv invalid_cvv: The security code has 3 digits.",
            ])
        // An empty list expects no errors at all.
        #expect(ScenarioMatcher.differences(ScenarioExpectation(errors: []), result(.invalid, errors: actual)).count == 2)
        #expect(ScenarioMatcher.differences(ScenarioExpectation(errors: []), result(.success)).isEmpty)
    }

    @Test func aGivenMessageMustMatch() {
        let actual = [AnswerIssue(path: "", code: "file_unreadable", message: "cannot read it")]
        let right = [ExpectedError(path: "", code: "file_unreadable", message: "cannot read it")]
        let wrong = [ExpectedError(path: "", code: "file_unreadable", message: "gone")]
        #expect(ScenarioMatcher.differences(ScenarioExpectation(errors: right), result(.invalid, errors: actual)).isEmpty)
        #expect(
            ScenarioMatcher.differences(ScenarioExpectation(errors: wrong), result(.invalid, errors: actual)) == [
                "expected error (answers) file_unreadable message 'gone', got 'cannot read it'"
            ])
    }
}
