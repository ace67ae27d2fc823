import CheckoutDomain
import Testing

@testable import CheckoutTerminal

@Suite struct FormTests {
    /// The card fields with the card checks of a headless run.
    func cardForm(accepted: Set<CardBrand> = Set(CardBrand.allCases), storeCard: Bool = true) -> Form {
        let rules = CardForms.Rules(accepted: accepted, requireCvv: true, requireHolderName: false, today: YearMonth(year: 2026, month: 6))
        var fields = [
            Form.Field(id: "number", label: "Card number", control: .text(TextInput(format: .cardNumber))),
            Form.Field(id: "expiry", label: "Expiry", control: .text(TextInput(format: .expiry))),
            Form.Field(id: "cvv", label: "Security code", control: .text(TextInput(format: .securityCode))),
        ]
        if storeCard { fields.append(Form.Field(id: "storeCard", label: "Store my card", control: .toggle(Toggle(isOn: false)))) }
        return Form(fields: fields, check: { v, f, leaving in CardForms.check(v, field: f, leaving: leaving, rules: rules) })
    }

    func press(_ form: inout Form, _ keys: [Key]) -> [Form.Event] {
        keys.map { form.handle($0) }
    }

    @Test func aFieldWithAProblemStaysActiveWithTheReason() {
        var form = cardForm()
        _ = press(&form, [.text("4111 1111 1111 1112")])
        // Complete and failing Luhn: shown while typing, and the field is not left.
        #expect(form.errors["number"] == "The card number is not valid; check it for typing mistakes.")
        #expect(press(&form, [.enter]) == [.none])
        #expect(form.fields[form.active].id == "number")
        _ = press(&form, [.backspace, .text("1")])
        #expect(form.errors["number"] == nil)
        // Complete and valid: the form moved on by itself.
        #expect(form.fields[form.active].id == "expiry")
    }

    @Test func problemsTypingMoreCannotFixShowAtOnceOthersOnLeaving() {
        var form = cardForm(accepted: [.visa])
        _ = press(&form, [.text("5555")])
        #expect(form.errors["number"] == "Mastercard cards are not accepted.")
        var other = cardForm()
        _ = press(&other, [.text("4111 11")])
        #expect(other.errors["number"] == nil)
        _ = press(&other, [.tab])
        #expect(other.errors["number"] == "Visa card numbers must have 16, 18 or 19 digits.")
    }

    @Test func anExpiredMonthIsReportedWhenTheExpiryIsComplete() {
        var form = cardForm()
        _ = press(&form, [.text("4111111111111111"), .text("01/2")])
        #expect(form.errors["expiry"] == nil)
        _ = press(&form, [.text("5")])
        #expect(form.errors["expiry"] == "The card has expired.")
        #expect(form.fields[form.active].id == "expiry")
    }

    @Test func aPasteFillsNumberExpiryAndCode() {
        var form = cardForm()
        _ = press(&form, [.text("4111 1111 1111 1111 12/30 123")])
        #expect(form.values["number"] == "4111111111111111")
        #expect(form.values["expiry"] == "12/30")
        #expect(form.values["cvv"] == "123")
        #expect(press(&form, [.tab, .text(" "), .enter]) == [.none, .none, .submitted])
        #expect(form.values["storeCard"] == "true")
    }

    @Test func shiftTabAndArrowsGoBack() {
        var form = cardForm()
        _ = press(&form, [.text("4111111111111111")])
        #expect(form.fields[form.active].id == "expiry")
        _ = press(&form, [.backTab])
        #expect(form.fields[form.active].id == "number")
        _ = press(&form, [.down, .up])
        #expect(form.fields[form.active].id == "number")
    }

    @Test func submittingChecksEveryFieldAndGoesToTheFirstProblem() {
        var form = cardForm(storeCard: false)
        _ = press(&form, [.text("4111111111111111"), .text("1230")])
        // On the last field, Enter checks them all: the CVV is missing.
        #expect(press(&form, [.enter]) == [.none])
        #expect(form.errors["cvv"] == "Enter the CVV.")
        #expect(press(&form, [.text("123"), .enter]) == [.none, .submitted])
    }

    @Test func escapeAsksBeforeLeavingAndCtrlDOnlyEndsAnEmptyField() {
        var form = cardForm()
        #expect(press(&form, [.escape]) == [.none])
        #expect(form.confirmingCancel)
        #expect(press(&form, [.text("n")]) == [.none])
        #expect(!form.confirmingCancel)
        #expect(press(&form, [.escape, .text("y")]) == [.none, .canceled])
        var typed = cardForm()
        #expect(press(&typed, [.text("4"), .endOfInput]) == [.none, .none])
        #expect(press(&typed, [.clearLine, .endOfInput]) == [.none, .endOfInput])
        #expect(press(&typed, [.interrupt]) == [.interrupted])
    }

    @Test func fieldsCanDependOnEarlierAnswers() {
        let form = Form(
            fields: [
                Form.Field(
                    id: "country", label: "Country",
                    control: .choice(ChoiceList(options: [.init(id: "US", label: "US"), .init(id: "AE", label: "United Arab Emirates")]))),
                Form.Field(id: "zip", label: "Postal code", control: .text(TextInput())),
            ],
            shown: { v, f in AddressForms.shown(f, country: v["country"] ?? "") })
        #expect(form.visibleIndices == [0, 1])
        var emirates = form
        _ = emirates.handle(.down)
        #expect(emirates.visibleIndices == [0])
        #expect(emirates.values["zip"] == nil)
        #expect(emirates.handle(.enter) == .submitted)
    }

    /// The date of birth (billing, `showBirthdayField`) is checked against the run's day when
    /// the shopper leaves the field, like the other address fields; an optional one may stay empty.
    @Test func aDateOfBirthIsCheckedOnLeavingTheField() {
        let today = CalendarDate(year: 2026, month: 6, day: 15)
        let rules = AddressRequirements(withEmail: false, fullBilling: false)
        var form = Form(
            fields: [
                Form.Field(id: "birthday", label: "Date of birth", control: .text(TextInput()), placeholder: "YYYY-MM-DD"),
                Form.Field(id: "phone", label: "Phone", control: .text(TextInput())),
            ],
            check: { v, f, leaving in
                leaving
                    ? AddressForms.check(v, field: f, billing: true, requirements: rules, presence: [.birthday: .optional], today: today)
                    : nil
            })
        _ = press(&form, [.text("2026-06-16")])
        #expect(form.errors["birthday"] == nil)
        _ = press(&form, [.tab])
        #expect(form.errors["birthday"] == "A date of birth cannot be in the future.")
        #expect(form.fields[form.active].id == "birthday")
        _ = press(&form, [.backspace, .backspace, .text("15"), .tab])
        #expect(form.errors["birthday"] == nil)
        #expect(form.fields[form.active].id == "phone")
        #expect(AddressForms.address(form.values).birthday == "2026-06-15")

        let empty: Form.Values = ["birthday": ""]
        #expect(
            AddressForms.check(empty, field: "birthday", billing: true, requirements: rules, presence: [.birthday: .optional], today: today)
                == nil)
        #expect(
            AddressForms.check(empty, field: "birthday", billing: true, requirements: rules, presence: [.birthday: .required], today: today)
                == "Enter date of birth.")
    }
}
