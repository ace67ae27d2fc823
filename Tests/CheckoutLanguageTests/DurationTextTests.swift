import CheckoutLanguage
import Testing

/// `DurationText` is the one reader of durations, for flows (`ms`, `s`, `m`) and answers files
/// (`h` too).
@Suite struct DurationTextTests {
    @Test(arguments: [
        ("250ms", Duration.milliseconds(250)), ("10s", .seconds(10)), ("1m", .seconds(60)), ("2h", .seconds(7200)),
        ("0s", .zero), ("999999999ms", .milliseconds(999_999_999)),
    ])
    func readsDigitsAndAUnit(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
    }

    @Test(arguments: ["", "s", "ms", "10", "1.5s", "+5s", "-5s", " 5s", "5 s", "1234567890s", "5S", "5sec", "٥s", "5s\u{301}"])
    func refusesAnythingElse(text: String) {
        #expect(DurationText.parse(text) == nil, "\(text)")
    }

    @Test func aCallerChoosesItsUnits() {
        #expect(DurationText.parse("1h", units: [.milliseconds, .seconds, .minutes]) == nil)
        #expect(DurationText.parse("1m", units: [.milliseconds, .seconds, .minutes]) == .seconds(60))
    }
}
