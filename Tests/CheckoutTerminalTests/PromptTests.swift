import CheckoutDomain
import Testing

@testable import CheckoutTerminal

@Suite struct TextInputTests {
    func typed(_ format: TextInput.Format, _ keys: [Key]) -> TextInput {
        var t = TextInput(format: format)
        for k in keys { _ = t.handle(k) }
        return t
    }

    @Test func cardNumberKeepsDigitsAndGroupsByTheBrandsGaps() {
        let visa = typed(.cardNumber, [.text("4111-1111 1111x1111")])
        #expect(visa.value == "4111111111111111")
        #expect(visa.display.text == "4111 1111 1111 1111")
        #expect(visa.display.cursor == 19)
        let amex = typed(.cardNumber, [.text("378282246310005")])
        #expect(amex.display.text == "3782 822463 10005")
        // At most 19 digits.
        #expect(typed(.cardNumber, [.text(String(repeating: "4", count: 25))]).value.count == 19)
    }

    @Test func expiryIsFormattedAsMonthAndYear() {
        let e = typed(.expiry, [.text("1"), .text("2"), .text("3"), .text("0"), .text("9")])
        #expect(e.display.text == "12/30")
        #expect(e.answer == "12/30")
        // A first digit that cannot start a month is the month 0N.
        let april = typed(.expiry, [.text("430")])
        #expect(april.answer == "04/30")
        #expect(typed(.expiry, [.text("12/30")]).answer == "12/30")
        #expect(typed(.expiry, [.text("1230"), .backspace, .backspace]).display.text == "12/")
    }

    @Test func theSecurityCodeIsOnlyEverDots() {
        let cvv = typed(.securityCode, [.text("12a34"), .text("5")])
        #expect(cvv.value == "1234")
        #expect(cvv.display.text == "••••")
        #expect(!cvv.display.text.contains("1"))
    }

    @Test func plainTextEditsAtTheCursor() {
        let t = typed(.plain, [.text("Jane Do"), .left, .left, .left, .text("x"), .end, .text("e"), .home, .delete])
        #expect(t.value == "anex Doe")
        #expect(typed(.plain, [.text("abc"), .clearLine]).value == "")
        // Keys that are not for a text field are left to the form.
        var u = TextInput()
        let enter = u.handle(.enter)
        let up = u.handle(.up)
        #expect(!enter && !up)
    }
}

@Suite struct ChoiceListTests {
    let methods = ChoiceList(options: [
        .init(id: "card", label: "Credit or debit card"), .init(id: "paypal", label: "PayPal"), .init(id: "applePay", label: "Apple Pay"),
    ])

    @Test func arrowsMoveAndWrap() {
        var c = methods
        #expect(c.choice?.id == "card")
        _ = c.handle(.down)
        #expect(c.choice?.id == "paypal")
        _ = c.handle(.up)
        _ = c.handle(.up)
        #expect(c.choice?.id == "applePay")
        _ = c.handle(.text("2"))
        #expect(c.choice?.id == "paypal")
    }

    @Test func aFilterableListNarrowsAsThePersonTypes() {
        let countries = Country.allCodes.map { ChoiceList.Option(id: $0, label: Country.name($0) ?? $0) }
        var c = ChoiceList(options: countries, selectedId: "US", filterable: true)
        for ch in "germ" { _ = c.handle(.text(String(ch))) }
        #expect(c.choice?.id == "DE")
        #expect(c.visible.count == 1)
        _ = c.handle(.clearLine)
        _ = c.handle(.text("de"))
        // The exact code comes first.
        #expect(c.choice?.id == "DE")
        _ = c.handle(.backspace)
        _ = c.handle(.backspace)
        _ = c.handle(.text("zzz"))
        #expect(c.choice == nil)
        #expect(c.visible.isEmpty)
    }

    @Test func aLongListShowsAWindowAroundTheChoice() {
        let options = (1...30).map { ChoiceList.Option(id: "\($0)", label: "Option \($0)") }
        let c = ChoiceList(options: options, selectedId: "15")
        let (shown, more) = c.window(limit: 7)
        #expect(shown.count == 7)
        #expect(shown.contains(14))
        #expect(more.above + more.below == 23)
    }

    @Test func aFixedSwitchDoesNotMove() {
        var t = Toggle(isOn: true, isFixed: true)
        _ = t.handle(.text(" "))
        _ = t.handle(.text("n"))
        #expect(t.isOn)
        var u = Toggle(isOn: false)
        _ = u.handle(.text("y"))
        #expect(u.isOn)
        _ = u.handle(.left)
        #expect(!u.isOn)
    }
}
