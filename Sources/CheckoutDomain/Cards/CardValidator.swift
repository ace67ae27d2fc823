import Foundation

/// Validation of the credit-card screen (SPEC §3 "Card", §5).
package enum CardValidator {
    /// How far ahead an expiry may be.
    public static let maximumYearsAhead = 20

    /// Validates all card fields and returns every problem at once.
    ///
    /// Fields: `"number"`, `"expiry"`, `"cvv"`, `"name"`, at most one issue each, in that order.
    /// Codes: `required` (empty), `invalid_number` (characters other than digits, spaces, `-`),
    /// `unknown_brand`, `brand_not_accepted` (not in `accepted`), `invalid_length` (not a length of
    /// its brand), `luhn_check_failed`, `invalid_cvv` (non-digits or not the brand's length; 3 or 4
    /// when the brand is unknown), `invalid_expiry` (not `MM/YY`/`MM/YYYY`, month not 01–12),
    /// `card_expired` (before `now`; the current month is valid), `expiry_too_far` (more than
    /// 20 years after `now`). With `requireHolderName`, an empty name is `required`.
    public static func validate(
        _ input: CardInput,
        now: YearMonth,
        accepted: Set<CardBrand> = Set(CardBrand.allCases),
        requireHolderName: Bool = false
    ) -> Result<ValidatedCard, FieldIssues> {
        validate(input, now: now, accepted: accepted, requireHolderName: requireHolderName, requireCvv: true)
    }

    /// Like `validate(_:now:accepted:requireHolderName:)`, for flows with `cards.requireCvv: false`:
    /// then an empty CVV is accepted (the card's `cvv` is `""`); a CVV that is given is still checked.
    public static func validate(
        _ input: CardInput,
        now: YearMonth,
        accepted: Set<CardBrand>,
        requireHolderName: Bool,
        requireCvv: Bool
    ) -> Result<ValidatedCard, FieldIssues> {
        var issues: [FieldIssue] = []
        let number = checkNumber(input.number, accepted: accepted)
        if case .issue(let issue) = number { issues.append(issue) }
        let brand = CardNumber.digits(from: input.number).flatMap(CardBrand.detect)

        let expiry = checkExpiry(input.expiry, now: now)
        if case .issue(let issue) = expiry { issues.append(issue) }

        let cvv = input.cvv.trimmingWhitespace(newlines: false)
        if let issue = checkCvv(cvv, brand: brand, required: requireCvv) { issues.append(issue) }

        let name = input.name?.trimmingWhitespace() ?? ""
        if requireHolderName && name.isEmpty {
            issues.append(FieldIssue(field: "name", code: "required", message: "Enter the name on the card."))
        } else if UserText.hasControlCharacters(name) {
            issues.append(
                FieldIssue(field: "name", code: "invalid_characters", message: UserText.controlCharactersMessage("name on the card")))
        }

        guard issues.isEmpty, case .valid(let digits) = number, case .valid(let month) = expiry,
            let brand
        else { return .failure(FieldIssues(issues: issues)) }
        return .success(
            ValidatedCard(
                number: digits, cvv: cvv, expiry: month, brand: brand, holderName: name.isEmpty ? nil : name
            ))
    }

    private static func checkNumber(_ text: String, accepted: Set<CardBrand>) -> Checked<String> {
        func issue(_ code: String, _ message: String) -> Checked<String> {
            .issue(FieldIssue(field: "number", code: code, message: message))
        }
        let trimmed = text.trimmingWhitespace(newlines: false)
        guard !trimmed.isEmpty else { return issue("required", "Enter the card number.") }
        guard let digits = CardNumber.digits(from: trimmed) else {
            return issue("invalid_number", "The card number may contain only digits.")
        }
        guard let brand = CardBrand.detect(digits) else {
            return issue("unknown_brand", "The card number does not belong to a known card brand.")
        }
        guard accepted.contains(brand) else {
            return issue("brand_not_accepted", "\(brand.niceName) cards are not accepted.")
        }
        guard brand.lengths.contains(digits.count) else {
            let allowed = listed(brand.lengths)
            return issue("invalid_length", "\(brand.niceName) card numbers must have \(allowed) digits.")
        }
        guard CardNumber.luhnValid(digits) else {
            return issue("luhn_check_failed", "The card number is not valid; check it for typing mistakes.")
        }
        return .valid(digits)
    }

    private static func checkExpiry(_ text: String, now: YearMonth) -> Checked<CardExpiry> {
        func issue(_ code: String, _ message: String) -> Checked<CardExpiry> {
            .issue(FieldIssue(field: "expiry", code: code, message: message))
        }
        let trimmed = text.trimmingWhitespace(newlines: false)
        guard !trimmed.isEmpty else { return issue("required", "Enter the expiry date.") }
        guard let expiry = CardExpiry.parse(trimmed) else {
            return issue("invalid_expiry", "Enter the expiry date as MM/YY with a month from 01 to 12.")
        }
        guard expiry.yearMonth >= now else { return issue("card_expired", "The card has expired.") }
        guard expiry.yearMonth <= now.adding(months: 12 * maximumYearsAhead) else {
            return issue("expiry_too_far", "The expiry date is more than \(maximumYearsAhead) years away.")
        }
        return .valid(expiry)
    }

    private static func checkCvv(_ cvv: String, brand: CardBrand?, required: Bool) -> FieldIssue? {
        let name = brand?.securityCodeName ?? "security code"
        guard !cvv.isEmpty else {
            return required ? FieldIssue(field: "cvv", code: "required", message: "Enter the \(name).") : nil
        }
        let allowed = brand.map { [$0.cvvLength] } ?? [3, 4]
        let digitsOnly = cvv.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard digitsOnly, allowed.contains(cvv.utf8.count) else {
            let lengths = listed(allowed)
            return FieldIssue(field: "cvv", code: "invalid_cvv", message: "The \(name) must be \(lengths) digits.")
        }
        return nil
    }

    /// `[16, 18, 19]` → `"16, 18 or 19"`.
    private static func listed(_ numbers: [Int]) -> String {
        let texts = numbers.map(String.init)
        guard let last = texts.last, texts.count > 1 else { return texts.first ?? "" }
        return texts.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The outcome of checking one field.
    private enum Checked<Value> {
        case valid(Value)
        case issue(FieldIssue)
    }
}
