import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// How a card-scan answer went.
enum ScanStep {
    /// The screen is over: the card was read (`.next`) or the scan ended with an outcome.
    case ended(StageResult)
    /// The answer has problems (paths `scan.*`), handled like any invalid answer.
    case invalid([AnswerIssue])
}

extension RunSession {
    /// The `cardScan` screen (a card-scan SDK): the scanned card goes through the same checks
    /// as a typed one. A brand `cards.accept` leaves out ends the scan `cardTypeNotAccepted`
    /// and an expired card `cardExpired`, as BAM's errors 300 and 320 do; other problems are
    /// invalid answers. Order: the number (brand first), then the expiry, then the rest.
    func scan(_ answer: ScreenAnswer, prompt p: ScreenPrompt, stage: String) -> ScanStep {
        let s: ScanAnswer
        switch answer {
        case .scan(let given): s = given
        case .cancel: return scanFailed(.canceled, stage: stage, issue: nil)
        default: return .invalid([AnswerIssue(path: "scan", code: "required", message: "no answer for the card scan")])
        }
        if let error = s.error {
            return scanFailed(error, stage: stage, issue: AnswerIssue(path: "scan.error", code: error.code, message: error.message))
        }
        let settings = runner.flow.definition.cards
        var found: [AnswerIssue] = []
        var bank: UKBankDetails?
        if p.readsBankDetails {
            switch UKBankDetails.validate(sortCode: s.sortCode, accountNumber: s.accountNumber) {
            case .success(let details): bank = details
            case .failure(let e): found += e.issues.map { AnswerIssue(path: "scan.\($0.field)", code: $0.code, message: $0.message) }
            }
        } else {
            for (key, value) in [("sortCode", s.sortCode), ("accountNumber", s.accountNumber)] where value != nil {
                found.append(
                    AnswerIssue(
                        path: "scan.\(key)", code: "not_offered",
                        message: "this checkout does not read the sort code and account number (cards.requireSortCodeAndAccountNumber)"))
            }
        }
        let input = CardInput(number: s.number ?? "", expiry: s.expiry ?? "", cvv: s.cvv ?? "", name: s.name)
        let checked = CardValidator.validate(
            input, now: YearMonth(containing: runner.clock.now()), accepted: acceptedBrandSet(p),
            requireHolderName: settings.requireHolderName, requireCvv: settings.requireCvv)
        switch checked {
        case .success(let read):
            guard found.isEmpty else { return .invalid(found) }
            card = read
            bankDetails = bank
            storeCard = storeCardSetting == .required
            emit(
                "scan.completed", stage: stage,
                attributes: [JSONMember("brand", .string(read.brand.resultName)), JSONMember("last4", .string(read.last4))]
                    + (bank != nil ? [JSONMember("bankDetails", .bool(true))] : []))
            return .ended(.next)
        case .failure(let e):
            let issues = e.issues.map { AnswerIssue(path: "scan.\($0.field)", code: $0.code, message: $0.message) }
            let number = issues.first { $0.path == "scan.number" }
            if let number, number.code == "brand_not_accepted" {
                return scanFailed(.cardTypeNotAccepted, stage: stage, issue: number)
            }
            if number == nil, let expiry = issues.first(where: { $0.path == "scan.expiry" }), expiry.code == "card_expired" {
                return scanFailed(.cardExpired, stage: stage, issue: expiry)
            }
            return .invalid(issues + found)
        }
    }

    /// The scan ended without a card: traced with BAM's name and code (no card data), then
    /// routed by the runner as the error's outcome.
    private func scanFailed(_ error: CardScanError, stage: String, issue: AnswerIssue?) -> ScanStep {
        emit(
            "scan.failed", stage: stage,
            attributes: [
                JSONMember("error", .string(error.rawValue)), JSONMember("code", .string(error.code)),
                JSONMember("bamCode", .int(error.bamCode)),
                JSONMember("outcome", .string(error.outcome.rawValue)),
            ])
        return .ended(.outcome(error.outcome, status: error.status, issue: error == .canceled ? nil : issue))
    }
}
