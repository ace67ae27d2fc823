import CheckoutDomain
import Foundation
import Testing

/// The billing date of birth: an ISO date that exists, not after the run's day, at most
/// 120 years before it.
@Suite("Birthday")
struct BirthdayTests {
    /// The run's day in these tests.
    let today = CalendarDate(year: 2026, month: 11, day: 18)

    func code(_ text: String?) -> String? {
        AddressValidator.checkBirthday(text, today: today)?.code
    }

    @Test(
        "dates of birth and their codes",
        arguments: [
            ("1990-04-30", nil), ("2000-02-29", nil), ("2001-02-29", "no_such_date"), ("1900-02-29", "no_such_date"),
            ("1990-13-01", "no_such_date"), ("1990-04-31", "no_such_date"), ("1990-00-10", "no_such_date"),
            ("1990-04-00", "no_such_date"), ("2026-11-18", nil), ("2026-11-19", "birthday_in_future"),
            ("2027-01-01", "birthday_in_future"), ("1906-11-18", nil), ("1906-11-17", "birthday_too_old"),
            ("30.04.1990", "invalid_birthday"), ("1990-4-30", "invalid_birthday"), ("90-04-30", "invalid_birthday"),
            ("1990/04/30", "invalid_birthday"), ("１９９０-04-30", "invalid_birthday"), ("1990-04-30T00:00", "invalid_birthday"),
            (" 1990-04-30 ", nil), ("", nil),
        ] as [(String, String?)])
    func codes(text: String, expected: String?) {
        // 1900 is not a leap year (a century not divisible by 400), 2000 is.
        #expect(code(text) == expected, "\(text)")
    }

    @Test("a missing date of birth is not this check's business")
    func missing() {
        #expect(AddressValidator.checkBirthday(nil, today: today) == nil)
        #expect(AddressValidator.checkBirthday("   ", today: today) == nil)
    }

    @Test("exactly 120 years before a 29 February is the day itself, ordered before 1 March")
    func leapDayToday() {
        let leap = CalendarDate(year: 2024, month: 2, day: 29)
        #expect(AddressValidator.checkBirthday("1904-02-29", today: leap) == nil)
        #expect(AddressValidator.checkBirthday("1904-02-28", today: leap)?.code == "birthday_too_old")
        #expect(AddressValidator.checkBirthday("2024-03-01", today: leap)?.code == "birthday_in_future")
    }

    @Test("messages never quote the date of birth")
    func messagesAreGeneric() {
        for text in ["1990-13-45", "2999-04-30", "1066-10-14", "30.04.1990"] {
            let issue = AddressValidator.checkBirthday(text, today: today)
            #expect(issue != nil)
            #expect(issue?.field == "birthday")
            for part in text.split(whereSeparator: { !$0.isNumber }) where part.count >= 2 {
                #expect(issue?.message.contains(part) == false, "\(issue?.message ?? "") quotes \(part)")
            }
        }
    }

    @Test("the run's day is the UTC day of its clock")
    func todayFromAClock() {
        // 2026-11-18T23:30:00Z
        let late = Date(timeIntervalSince1970: 1_795_044_600)
        #expect(CalendarDate(containing: late) == CalendarDate(year: 2026, month: 11, day: 18))
        #expect(CalendarDate(containing: late.addingTimeInterval(3600)) == CalendarDate(year: 2026, month: 11, day: 19))
        #expect(CalendarDate(iso: "2026-11-18")?.description == "2026-11-18")
        #expect(CalendarDate(year: 812, month: 3, day: 4).description == "0812-03-04")
    }

    @Test("an address keeps and normalises the birthday; other fields do not see it")
    func addressCarriesIt() {
        let a = Address(name: "Jane Roe", zip: "0150", country: "no", birthday: " 1990-04-30 ").normalized()
        #expect(a.birthday == "1990-04-30")
        #expect(a.country == "NO")
        #expect(AddressValidator.validateBilling(a, requirements: AddressRequirements(withEmail: false, fullBilling: false)).isEmpty)
    }
}
