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
        case .scan(let given):
            s = given
            startScanAttempt(stage: stage)
        case .cancel:
            startScanAttempt(stage: stage)
            return scanFailed(.canceled, stage: stage, issue: nil)
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
        let (expiry, name, typedExpiry, edits) = scannedOrEdited(s, settings: settings)
        found += edits
        let input = CardInput(number: s.number ?? "", expiry: expiry ?? "", cvv: s.cvv ?? "", name: name)
        var checked = CardValidator.validate(
            input, now: YearMonth(containing: runner.clock.now()), accepted: acceptedBrandSet(p),
            requireHolderName: settings.requireHolderName, requireCvv: settings.requireCvv)
        if typedExpiry, case .failure(var e) = checked {
            // A typed expiry is an answer of the edit step: its problems are there, and an
            // expired one is an invalid answer, not BAM's 320 (which is about a card read).
            e.issues = e.issues.map { issue in
                guard issue.field == "expiry" else { return issue }
                var moved = issue
                moved.field = "edited.expiry"
                return moved
            }
            checked = .failure(e)
        }
        switch checked {
        case .success(let read):
            guard found.isEmpty else { return .invalid(found) }
            card = read
            bankDetails = bank
            storeCard = storeCardSetting == .required
            emit(
                .scanCompleted, stage: stage,
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

    /// The expiry and holder name the card is checked with: what the scan read — the name in
    /// capital letters, as BAM returns it — or what the shopper typed after it (BAM's edit
    /// step: `cards.expiryEditable`, `cards.holderNameEditable`, and the expiry whenever the
    /// scan does not read it, `cards.requireExpiry: false`), kept as entered. An edit the flow
    /// does not offer, or an expiry read by a scan told not to read one, is `not_offered`.
    private func scannedOrEdited(
        _ s: ScanAnswer, settings: CardSettings
    )
        -> (expiry: String?, name: String?, typedExpiry: Bool, issues: [AnswerIssue])
    {
        var issues: [AnswerIssue] = []
        var expiry = s.expiry
        var name = s.name?.uppercased()
        var typedExpiry = false
        if !settings.requireExpiry, s.expiry != nil {
            issues.append(
                AnswerIssue(
                    path: "scan.expiry", code: "not_offered",
                    message: "this checkout's scan does not read the expiry (cards.requireExpiry: false); give it as scan.edited.expiry"))
            expiry = nil
        }
        if !settings.requireExpiry { typedExpiry = true }
        if let typed = s.editedExpiry {
            if settings.expiryEditable || !settings.requireExpiry {
                expiry = typed
                typedExpiry = true
            } else {
                issues.append(
                    AnswerIssue(
                        path: "scan.edited.expiry", code: "not_offered",
                        message: "this checkout does not let the shopper edit the scanned expiry (cards.expiryEditable)"))
            }
        }
        if let typed = s.editedName {
            if settings.holderNameEditable {
                name = typed
            } else {
                issues.append(
                    AnswerIssue(
                        path: "scan.edited.name", code: "not_offered",
                        message: "this checkout does not let the shopper edit the scanned name (cards.holderNameEditable)"))
            }
        }
        return (expiry, name, typedExpiry, issues)
    }

    /// A scan attempt started (BAM `didStartScanAttemptWithScanReference`): it gets a scan
    /// reference, kept for the result and traced with the flow's `cards.reportingCriteria`.
    /// The reference is made from the run's fraud session id (itself from the run's seeded
    /// randomness) and the attempt's number: the same seed gives the same references, and no
    /// random draw is added, so nothing else a seeded run makes changes.
    private func startScanAttempt(stage: String) {
        let attempt = scanReferences.count + 1
        let reference = Self.scanReference(session: fraudSessionId, attempt: attempt)
        scanReferences.append(reference)
        let criteria = runner.flow.definition.cards.reportingCriteria
        emit(
            .scanAttempt, stage: stage,
            attributes: [JSONMember("attempt", .int(attempt)), JSONMember("reference", .string(reference))]
                + (criteria.map { [JSONMember("reportingCriteria", .string($0))] } ?? []))
    }

    /// A scan reference in the form a scan provider's takes (a UUID): the first 16 bytes of
    /// SHA-256(`scan:<session>:<attempt>`), version 4 and variant bits set.
    static func scanReference(session: String, attempt: Int) -> String {
        var bytes = Array(SHA256.digest(Array("scan:\(session):\(attempt)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef")
        let hex = String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20),
        ]
        return parts.joined(separator: "-")
    }

    /// The scan ended without a card: traced with BAM's name and code (no card data), then
    /// routed by the runner as the error's outcome.
    private func scanFailed(_ error: CardScanError, stage: String, issue: AnswerIssue?) -> ScanStep {
        emit(
            .scanFailed, stage: stage,
            attributes: [
                JSONMember("error", .string(error.rawValue)), JSONMember("code", .string(error.code)),
                JSONMember("bamCode", .int(error.bamCode)),
                JSONMember("outcome", .string(error.outcome.rawValue)),
            ])
        return .ended(.outcome(error.outcome, status: error.status, issue: error == .canceled ? nil : issue))
    }
}
