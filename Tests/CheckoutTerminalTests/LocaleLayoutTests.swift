import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// The shopper's language at the terminal (issue 22, items 3–6): money from the platform's
/// locale data (English as it always was), columns aligned by display width, nothing cut in the
/// middle of a wide character, countries in the shopper's language found by either name.
@Suite struct LocaleLayoutTests {
    static func locale(_ tag: String) throws -> ShopperLocale { try #require(ShopperLocale.matching(tag)) }
    static func money(_ amount: String, _ code: String) throws -> Money {
        Money(amount: try #require(DecimalText.parse(amount)).value, currency: try #require(Currency.iso(code)))
    }

    @Test func moneyIsWrittenAsTheShoppersLocaleWritesIt() throws {
        #expect(MoneyText.format(try Self.money("25.00", "EUR"), ShopperText(try Self.locale("de"))) == "25,00\u{A0}€")
        #expect(MoneyText.format(try Self.money("3788", "JPY"), ShopperText(try Self.locale("ja"))) == "¥3,788")
        #expect(MoneyText.format(try Self.money("25.00", "BRL"), ShopperText(try Self.locale("pt-BR"))) == "R$\u{A0}25,00")
        #expect(MoneyText.format(try Self.money("1234.5", "EUR"), ShopperText(try Self.locale("fr"))) == "1\u{202F}234,50\u{A0}€")
        #expect(MoneyText.format(try Self.money("0.125", "BHD"), ShopperText(try Self.locale("es"))).hasPrefix("0,125"))
        // English is the code's own table, byte for byte what it always printed.
        #expect(MoneyText.format(try Self.money("25.00", "USD"), ShopperText.english) == "$25.00")
        #expect(MoneyText.format(try Self.money("3788", "JPY"), ShopperText.english) == "¥3788")
        #expect(MoneyText.format(try Self.money("25", "SEK"), ShopperText.english) == "25.00 SEK")
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(DisplayWidth.of("卡号") == 4)
        #expect(DisplayWidth.of("お支払い方法") == 12)
        #expect(DisplayWidth.of("Ｄ（") == 4)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)
        #expect(DisplayWidth.of("Übersicht") == 9)
    }

    @Test func aLineIsNeverCutInTheMiddleOfACharacter() {
        let line = StyledLine([("支付方式", .plain), ("确认", .plain)])
        // 5 columns hold two wide characters, not two and a half; the next segment too.
        #expect(line.painted(Painter(depth: .none), columns: 5) == "支付")
        #expect(line.painted(Painter(depth: .none), columns: 9) == "支付方式")
        #expect(line.painted(Painter(depth: .none), columns: 10) == "支付方式确")
        let wrapped = DisplayWidth.wrap("这张卡付款未成功，请换一张卡再试。", cells: 9)
        #expect(wrapped.allSatisfy { DisplayWidth.of($0) <= 9 })
        #expect(wrapped.joined() == "这张卡付款未成功，请换一张卡再试。")
    }

    @Test func fieldValuesLineUpWhateverTheLabelsWidth() {
        let form = Form(fields: [
            Form.Field(id: "a", label: "卡号", control: .text(TextInput(value: "x"))),
            Form.Field(id: "b", label: "保存我的卡", control: .text(TextInput(value: "y"))),
            Form.Field(id: "c", label: "Email", control: .text(TextInput(value: "z"))),
        ])
        let view = FormView(palette: Palette(theme: Theme()), columns: 80, text: ShopperText(.english))
        let rows = view.draw(form, heading: "银行卡信息", amount: nil).lines.map(\.plain)
        let columns = ["x", "y", "z"].compactMap { value in
            rows.first { $0.hasSuffix(value) }.map { DisplayWidth.of(String($0.dropLast())) }
        }
        #expect(columns.count == 3 && Set(columns).count == 1, "\(rows)")
    }

    @Test func theReviewsAmountsLineUpInEveryLanguage() throws {
        var p = ScreenPrompt(
            kind: .review, stageId: "review", price: PriceState(amount: 25, taxAmount: 2, currency: try #require(Currency.iso("JPY"))),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
        p.price = PriceState(amount: 3788, taxAmount: 303, currency: try #require(Currency.iso("JPY")))
        for tag in ["en", "ja", "zh-Hans", "de"] {
            let rows = Summary.info(p, palette: Palette(theme: Theme()), ShopperText(try Self.locale(tag))).map(\.plain)
            #expect(rows.count == 3)
            let starts = rows.map { row in DisplayWidth.of(String(row.prefix { !$0.isNumber && $0 != "¥" && $0 != "J" })) }
            #expect(Set(starts).count == 1, "\(tag): \(rows)")
        }
        let english = Summary.info(p, palette: Palette(theme: Theme())).map(\.plain)
        #expect(english == ["  Subtotal  ¥3788", "  Tax       ¥303", "  Total     ¥4091"])
    }

    @Test func countriesAreInTheShoppersLanguageAndFoundByEitherName() throws {
        let options = AddressForms.countryOptions(["DE", "AT", "US"], ShopperText(try Self.locale("de")))
        #expect(options.map(\.label) == ["Deutschland", "Österreich", "Vereinigte Staaten"])
        var list = ChoiceList(options: options, filterable: true)
        for c in "Germany" { _ = list.handle(.text(String(c))) }
        #expect(list.choice?.id == "DE")
        var again = ChoiceList(options: options, filterable: true)
        for c in "Deutsch" { _ = again.handle(.text(String(c))) }
        #expect(again.choice?.id == "DE")
        // English: the code's own names, sorted as before, no alias.
        let english = AddressForms.countryOptions(["DE", "AT", "US"], .english)
        #expect(english.map(\.label) == ["Austria", "Germany", "United States"])
        #expect(english.allSatisfy { $0.alias == nil })
    }
}
