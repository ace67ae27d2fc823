import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// 3-D Secure at a provider that runs it inside the charge request (a 3-D Secure
/// sale or authorization, `PaymentProvider.threeDSInsideCharge`). The `threeDS` step only records that authentication
/// is requested; the charge step sends the charge, shows the same challenge screen as a
/// separate 3DS step does when the provider asks for one, hands the shopper's answer to the
/// provider, applies SPEC §8's policy, and only then learns how the charge ended (under the
/// same idempotency key). Results carry `threeDSAuthenticationResult` as with a separate step.
extension RunSession {
    /// The `threeDS` step's outcome (journal and trace) when 3-D Secure runs inside the charge.
    static let threeDSRequestedOutcome = "requested"

    /// How a charge with 3-D Secure inside it came out for the step.
    enum InsideChargeEnd {
        /// The charge ended (approved or declined).
        case charged(ChargeOutcome)
        /// Authentication ended the run before money moved (policy), or the answer was missing.
        case stopped(StageResult)
    }

    /// The `threeDS` step at such a provider: no provider call; the charge will carry the request.
    func requestThreeDSInCharge(stage: StageRef, visit: Int) throws -> StageResult {
        threeDSRequestStage = stage.id
        try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: ["outcome": Self.threeDSRequestedOutcome]))
        endStep(stage.id, .threeDS, outcome: Self.threeDSRequestedOutcome, [JSONMember("inCharge", .bool(true))])
        return .next
    }

    /// Sends `request` through `startCharge` and sees 3-D Secure through to the charge's end.
    nonisolated(nonsending) func chargeAuthenticatingInside(
        _ request: ChargeRequest, stage: StageRef, visit: Int
    ) async throws -> InsideChargeEnd {
        let progress = try await withRetry(stage, request) { p, r in try await p.startCharge(r) }
        switch progress {
        case .finished(let outcome, let result):
            guard let result else { return .charged(outcome) }
            if let stop = try authenticated(result, stage: stage.id, visit: visit) { return .stopped(stop) }
            return .charged(outcome)
        case .challengeRequired(let session):
            emitPending("challenge", stage: stage.id)
            emit(.threeDSChallenge, stage: stage.id)
            guard let response = await askChallenge(stage: stage) else { return .stopped(.end(.invalid)) }
            let result = try await withRetry(stage, (session, response)) { p, a in try await p.completeChallenge(a.0, response: a.1) }
            if let stop = try authenticated(result, stage: stage.id, visit: visit) { return .stopped(stop) }
            let outcome = try await withRetry(stage, (request, session)) { p, a in try await p.finishCharge(a.0, session: a.1) }
            return .charged(outcome)
        }
    }

    /// Records the authentication's result; the policy's end of the run when it does not go on.
    private func authenticated(_ result: ThreeDSResult, stage: String, visit: Int) throws -> StageResult? {
        threeDS = result
        emit(.threeDSEnd, stage: stage, attributes: [JSONMember("outcome", .string(result.rawValue))])
        let policy = threeDSPolicy(result, stage: stage)
        if case .next = policy { return nil }
        try journal(JournalEntry("threeDS.done", stage: stage, visit: visit, fields: ["outcome": result.rawValue]))
        return policy
    }

    /// A `charge.done` record: the transaction, and the 3DS result when it came with the charge.
    func chargeDoneFields(_ t: Transaction, outcome: String) -> [String: String] {
        var fields = Self.fields(of: t, outcome: outcome)
        if runner.provider.threeDSInsideCharge { fields["threeDS"] = threeDS?.rawValue }
        return fields
    }
}
