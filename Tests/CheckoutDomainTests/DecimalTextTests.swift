import CheckoutDomain
import Foundation
import Testing

@Suite("DecimalText")
struct DecimalTextTests {
    @Test(
        "parses strict decimal syntax with its written scale",
        arguments: [
            ("10", "10", 0), ("10.5", "10.5", 1), ("10.50", "10.5", 2), ("-0.25", "-0.25", 2),
            ("0.075", "0.075", 3), ("007", "7", 0), ("0", "0", 0), ("-0", "0", 0), ("0.000", "0", 3),
            ("1000", "1000", 0), ("1234567.89", "1234567.89", 2),
        ])
    func parsesValidText(text: String, expected: String, scale: Int) throws {
        let parsed = try #require(DecimalText.parse(text))
        #expect(parsed.value == Decimal(string: expected, locale: Locale(identifier: "en_US_POSIX")))
        #expect(parsed.scale == scale)
    }

    @Test(
        "rejects anything outside the strict syntax",
        arguments: [
            "", "-", ".", ".5", "5.", "+1", "1e3", "1E3", " 1", "1 ", "1,000", "1.2.3", "--1", "1-",
            "abc", "١٢", "0x10", "1_000", "NaN", "-.5",
        ])
    func rejectsInvalidText(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    @Test("reads 30 significant digits exactly")
    func thirtyDigits() throws {
        let text = "123456789012345678901234567890"
        let parsed = try #require(DecimalText.parse(text))
        #expect(parsed.value.description == text)
        let withFraction = try #require(DecimalText.parse("-12345678901234567890.1234567891"))
        #expect(withFraction.value.description == "-12345678901234567890.1234567891")
        #expect(withFraction.scale == 10)
    }

    @Test("reads inner and trailing zeros in long numbers exactly")
    func zerosInLongNumbers() throws {
        let text = "100000000000000000000000000000000000000000"  // 1e41: 42 digits, one significant
        #expect(try #require(DecimalText.parse(text)).value.description == text)
        let inner = "1000000000000000000000000000000000001"  // 37 digits
        #expect(try #require(DecimalText.parse(inner)).value.description == inner)
    }

    @Test("rejects more significant digits than Decimal holds")
    func tooManyDigits() {
        #expect(DecimalText.parse(String(repeating: "7", count: 39)) == nil)
        #expect(DecimalText.parse(String(repeating: "7", count: 38)) != nil)
    }

    @Test(
        "formats with exactly the requested scale, half-up",
        arguments: [
            ("10.5", 2, "10.50"), ("1234", 0, "1234"), ("0.125", 2, "0.13"), ("-0.125", 2, "-0.13"),
            ("0.124", 2, "0.12"), ("2.5", 0, "3"), ("-2.5", 0, "-3"), ("0.005", 2, "0.01"),
            ("-0.001", 2, "0.00"), ("0", 3, "0.000"), ("1505", 0, "1505"), ("9.999", 2, "10.00"),
            ("1.23456", 4, "1.2346"), ("123456789012345678901234567890", 2, "123456789012345678901234567890.00"),
            ("7", -1, "7"),
        ])
    func formats(value: String, scale: Int, expected: String) throws {
        let decimal = try #require(DecimalText.parse(value)).value
        #expect(DecimalText.format(decimal, scale: scale) == expected)
    }

    @Test("parse and format round-trip the written text")
    func roundTrip() throws {
        for text in ["10.50", "0.075", "-3.10", "1505", "0.0001"] {
            let parsed = try #require(DecimalText.parse(text))
            #expect(DecimalText.format(parsed.value, scale: parsed.scale) == text)
        }
    }

    @Test(
        "Decimal.rounded(scale:) rounds ties away from zero",
        arguments: [
            ("0.125", 2, "0.13"), ("-0.125", 2, "-0.13"), ("0.115", 2, "0.12"), ("1.005", 2, "1.01"),
            ("1505.5", 0, "1506"), ("10.4999", 2, "10.5"), ("155", -1, "160"),
        ])
    func rounding(value: String, scale: Int, expected: String) throws {
        let decimal = try #require(DecimalText.parse(value)).value
        let wanted = try #require(DecimalText.parse(expected)).value
        #expect(decimal.rounded(scale: scale) == wanted)
    }

    @Test(
        "fractionDigits counts significant fraction digits",
        arguments: [
            ("10.50", 1), ("10.25", 2), ("10", 0), ("0", 0), ("0.001", 3), ("-1.10", 1), ("1000", 0),
        ])
    func fractionDigits(value: String, expected: Int) throws {
        #expect(try #require(DecimalText.parse(value)).value.fractionDigits == expected)
    }
}
