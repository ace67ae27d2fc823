/// The billing date of birth (Maxpay's `showBirthdayField`, SPEC §4).
extension AddressValidator {
    /// The oldest date of birth accepted, in years before today.
    public static let oldestBirthdayYears = 120

    /// Checks a date of birth against `today` (the run's clock, `CalendarDate(containing:)`);
    /// nil when it is empty (whether it is required is the caller's rule) or acceptable.
    ///
    /// - `invalid_birthday`: not an ISO date `YYYY-MM-DD`.
    /// - `no_such_date`: the day does not exist (`2001-02-29`, `1990-13-01`).
    /// - `birthday_in_future`: after today; today itself is accepted (the date is a fact,
    ///   an age limit is the merchant's policy).
    /// - `birthday_too_old`: more than 120 years before today (exactly 120 years is accepted).
    ///
    /// Messages never quote the date: a date of birth is personal data.
    public static func checkBirthday(_ text: String?, today: CalendarDate) -> FieldIssue? {
        let value = text?.trimmingWhitespace() ?? ""
        if value.isEmpty { return nil }
        guard let date = CalendarDate(iso: value) else {
            return FieldIssue(field: .birthday, code: "invalid_birthday", message: "Enter the date of birth as YYYY-MM-DD.")
        }
        guard date.isReal else {
            return FieldIssue(field: .birthday, code: "no_such_date", message: "Enter a date of birth that exists on the calendar.")
        }
        if today < date {
            return FieldIssue(field: .birthday, code: "birthday_in_future", message: "A date of birth cannot be in the future.")
        }
        if date < today.minus(years: oldestBirthdayYears) {
            return FieldIssue(
                field: .birthday, code: "birthday_too_old",
                message: "Enter a date of birth at most \(oldestBirthdayYears) years ago.")
        }
        return nil
    }
}
