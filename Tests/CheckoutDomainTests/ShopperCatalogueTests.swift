import Foundation
import Testing

@testable import CheckoutDomain

/// The catalogues (issue 22, item 2): one `.strings` file per supported locale, English the
/// source; the generated tables are the files; no catalogue misses a key, has an extra one, or
/// differs from English in its placeholders.
@Suite struct ShopperCatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `"key" = "value";` entries of a catalogue, in file order (comments skipped; the
    /// escapes `\"`, `\\` and `\n`).
    static func entries(_ tag: String) throws -> [(key: String, value: String)] {
        let text = try String(
            contentsOf: root.appendingPathComponent("localization/\(tag).lproj/Localizable.strings"), encoding: .utf8)
        var out: [(String, String)] = []
        var strings: [String] = []
        var current: String?
        var inComment = false
        var chars = Array(text)
        chars.append("\n")
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inComment {
                if c == "*", chars[i + 1] == "/" {
                    inComment = false
                    i += 1
                }
            } else if var s = current {
                if c == "\\" {
                    let n = chars[i + 1]
                    s.append(n == "n" ? "\n" : n)
                    i += 1
                } else if c == "\"" {
                    strings.append(s)
                    s = ""
                    current = nil
                    i += 1
                    continue
                } else {
                    s.append(c)
                }
                current = s
            } else if c == "/", chars[i + 1] == "*" {
                inComment = true
                i += 1
            } else if c == "\"" {
                current = ""
            } else if c == ";" {
                #expect(strings.count == 2, "\(tag): an entry of \(strings.count) strings near \(strings)")
                if strings.count == 2 { out.append((strings[0], strings[1])) }
                strings = []
            }
            i += 1
        }
        return out
    }

    /// The argument numbers a text's placeholders name (`%@` the next one).
    static func placeholders(_ text: String) -> [Int] {
        var found: [Int] = []
        var next = 1
        let scalars = Array(text)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "%" {
                var j = i + 1
                var digits = ""
                while j < scalars.count, scalars[j].isNumber {
                    digits.append(scalars[j])
                    j += 1
                }
                if !digits.isEmpty, j + 1 < scalars.count, scalars[j] == "$", scalars[j + 1] == "@" {
                    found.append(Int(digits) ?? 0)
                    i = j + 2
                    continue
                }
                if i + 1 < scalars.count, scalars[i + 1] == "@" {
                    found.append(next)
                    next += 1
                }
                i += 2
                continue
            }
            i += 1
        }
        return found.sorted()
    }

    @Test func everyCatalogueHasTheEnglishKeysAndPlaceholders() throws {
        let english = try Self.entries("en")
        #expect(english.count > 150)
        #expect(Set(english.map(\.key)).count == english.count, "a key is there twice")
        for locale in ShopperLocale.supported.dropFirst() {
            let entries = try Self.entries(locale.tag)
            let table = Dictionary(entries, uniquingKeysWith: { a, _ in a })
            #expect(table.count == entries.count, "\(locale): a key is there twice")
            for (key, value) in english {
                guard let translated = table[key] else {
                    Issue.record("\(locale) misses \(key)")
                    continue
                }
                #expect(Self.placeholders(translated) == Self.placeholders(value), "\(locale) \(key): \(translated)")
            }
            let extra = Set(table.keys).subtracting(english.map(\.key))
            #expect(extra.isEmpty, "\(locale) has keys English has not: \(extra.sorted())")
        }
    }

    @Test func theGeneratedTablesAreTheCatalogues() throws {
        let english = try Self.entries("en")
        #expect(ShopperCatalogue.keys == english.map(\.key))
        for locale in ShopperLocale.supported {
            for (key, value) in try Self.entries(locale.tag) {
                #expect(ShopperCatalogue.text(key, tag: locale.tag) == value, "\(locale) \(key)")
            }
        }
    }

    @Test func theGeneratedFileIsTheScriptsOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/generate-localization.py").path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let kept = try Data(
            contentsOf: Self.root.appendingPathComponent("Sources/CheckoutDomain/Localization/ShopperCatalogue+Tables.swift"))
        #expect(data == kept, "run scripts/generate-localization.py > Sources/CheckoutDomain/Localization/ShopperCatalogue+Tables.swift")
    }

    @Test func placeholdersAreFilledByPositionOrInOrder() {
        #expect(
            ShopperCatalogue.format("%1$@ card numbers must have %2$@ digits.", ["Visa", "16"]) == "Visa card numbers must have 16 digits.")
        #expect(ShopperCatalogue.format("%2$@ nach +%1$@", ["49", "10 Ziffern"]) == "10 Ziffern nach +49")
        #expect(ShopperCatalogue.format("Pay %@", ["$25.00"]) == "Pay $25.00")
        #expect(ShopperCatalogue.format("100%% %@", ["sure"]) == "100% sure")
        #expect(ShopperCatalogue.format("no value %@", []) == "no value %@")
    }

    @Test func aTextIsInTheLocaleOrEnglish() {
        #expect(ShopperText(.english)("screen.billing") == "Billing details")
        #expect(ShopperText(ShopperLocale.matching("de")!)("screen.billing") == "Rechnungsdaten")
        #expect(ShopperText(ShopperLocale.matching("ja")!)("review.pay", "¥3,788") == "¥3,788を支払う")
        #expect(ShopperText(ShopperLocale.matching("fr")!)("no.such.key") == "no.such.key")
    }
}

/// Field problems in the shopper's language (issue 22, item 3): every message the validators
/// write is found by its code and English text and translated, with the values it carries.
@Suite struct ProblemTranslationTests {
    static let now = YearMonth(year: 2026, month: 6)

    /// Problems of every kind the domain's validators report.
    static var problems: [FieldIssue] {
        var found: [FieldIssue] = []
        func card(_ number: String, _ expiry: String, _ cvv: String, name: String? = "", accepted: Set<CardBrand> = Set(CardBrand.allCases))
        {
            if case .failure(let f) = CardValidator.validate(
                CardInput(number: number, expiry: expiry, cvv: cvv, name: name), now: now, accepted: accepted, requireHolderName: true,
                requireCvv: true)
            {
                found += f.issues
            }
        }
        card("", "", "")
        card("4111 1111 1111 111x", "13/30", "12", name: "J\u{1B}")
        card("9999 9999 9999 9999", "01/20", "1234")
        card("4111111111111111", "12/60", "12345", accepted: [.mastercard])
        card("41111111111111", "12/30", "", name: "Jane")
        card("4111111111111112", "12/30", "123", name: "Jane")
        card("378282246310005", "12/30", "123", name: "Jane")
        if case .failure(let f) = UKBankDetails.validate(sortCode: nil, accountNumber: nil) { found += f.issues }
        if case .failure(let f) = UKBankDetails.validate(sortCode: "12", accountNumber: "1") { found += f.issues }
        let requirements = AddressRequirements(withEmail: true, fullBilling: true)
        found += AddressValidator.validateBilling(Address(), requirements: requirements)
        found += AddressValidator.validateBilling(
            Address(name: "Jane", email: "x@", country: "us", phone: "abc"), requirements: requirements)
        found += AddressValidator.validateBilling(
            Address(
                name: "Jane Doe", email: "j@example.com", address: "1 A St", city: "X", zip: "ABC", country: "DE", state: "BY",
                phone: "+1 555"),
            requirements: requirements)
        found += AddressValidator.validateBilling(
            Address(
                name: "Jane Doe", email: "j@example.com", address: "1 A St", city: "X", zip: "10001", country: "US", state: "ZZ",
                phone: "555"),
            requirements: requirements)
        found += AddressValidator.validateShipping(
            Address(name: "Jane Doe", address: "A\u{1B}", city: "B\u{1B}", country: "DE", phone: "12"))
        found += AddressValidator.validateShipping(
            Address(name: "Jane Doe", address: "A", city: "B", zip: "10115", country: "AQ", phone: "12345"))
        found += AddressValidator.validateShipping(
            Address(name: "Jane Doe", address: "A", city: "B", zip: "10115", country: "AQ", phone: "+12"))
        found += AddressValidator.validateShipping(
            Address(name: "Jane Doe", address: "A", city: "B", zip: "10115", country: "DE", phone: "+44 20 7946 0018"))
        let today = CalendarDate(year: 2026, month: 6, day: 15)
        for birthday in ["1990-13-01", "1990-02-30", "2030-01-01", "1800-01-01"] {
            if let issue = AddressValidator.checkBirthday(birthday, today: today) { found.append(issue) }
        }
        return found
    }

    @Test func everyProblemTheValidatorsReportIsTranslated() {
        let problems = Self.problems
        let codes = Set(problems.map(\.code))
        #expect(codes.count >= 22, "\(codes.sorted())")
        for locale in ShopperLocale.supported.dropFirst() {
            let text = ShopperText(locale)
            for issue in problems {
                let translated = text.problem(code: issue.code, message: issue.message)
                #expect(translated != issue.message, "\(locale) \(issue.code): \(issue.message)")
                #expect(!translated.contains("%"), "\(locale): \(translated)")
            }
        }
    }

    @Test func englishIsTheMessageAndAnUnknownMessageStaysAsItIs() {
        for issue in Self.problems { #expect(ShopperText.english.problem(code: issue.code, message: issue.message) == issue.message) }
        let de = ShopperText(ShopperLocale.matching("de")!)
        #expect(de.problem(code: "not_offered", message: "PayPal is not offered.") == "PayPal is not offered.")
        #expect(de.problem(code: "required", message: "Something else entirely") == "Something else entirely")
    }

    @Test func valuesInAProblemAreCarriedAndTranslated() {
        let de = ShopperText(ShopperLocale.matching("de")!)
        #expect(
            de.problem(code: "invalid_length", message: "Visa card numbers must have 13, 16 or 19 digits.")
                == "Visa-Kartennummern haben 13, 16 oder 19 Ziffern.")
        #expect(
            de.problem(code: "invalid_zip", message: "Enter a valid postal code for Germany.")
                == "Geben Sie eine gültige Postleitzahl für Deutschland ein.")
        #expect(de.problem(code: "required", message: "Enter the CVC.") == "Geben Sie die CVC ein.")
        #expect(
            de.problem(code: "invalid_characters", message: UserText.controlCharactersMessage("street address"))
                == "Entfernen Sie die Steuerzeichen (etwa Tab, Escape oder Zeilenumbruch) aus dem Feld „Straße und Hausnummer“.")
        let ja = ShopperText(ShopperLocale.matching("ja")!)
        #expect(ja.problem(code: "card_expired", message: "The card has expired.") == "カードの有効期限が切れています。")
        #expect(
            ja.problem(code: "invalid_phone", message: "Enter a valid phone number for United Kingdom (+44): 7, 9 or 10 digits after +44.")
                == "イギリスの有効な電話番号を入力してください（+44）: +44 の後に 7、9、10 桁。")
    }
}
