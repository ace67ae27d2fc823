import CheckoutJSON
import Foundation
import Testing

/// `JSONValue.quote`, which every JSON output goes through (results, traces, reports):
/// the escapes RFC 8259 requires, nothing else, and text JSONSerialization reads back.
@Suite struct JSONQuoteTests {
    static func quoted(_ s: String) -> String {
        var out = "["
        JSONValue.quote(s, into: &out)
        return out + "]"
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(Self.quoted("plain São › ✓") == #"["plain São › ✓"]"#)
        #expect(Self.quoted(#"say "hi" \ bye"#) == #"["say \"hi\" \\ bye"]"#)
        #expect(Self.quoted("a\nb\rc\td") == #"["a\nb\rc\td"]"#)
        #expect(Self.quoted("\u{0}\u{1}\u{1B}\u{1F}") == #"["\u0000\u0001\u001b\u001f"]"#)
        // DEL, U+2028 and U+FFFF are not escaped: JSON allows them as they are.
        #expect(Self.quoted("\u{7F}\u{2028}\u{FFFF}") == "[\"\u{7F}\u{2028}\u{FFFF}\"]")
        #expect(Self.quoted("") == #"[""]"#)
    }

    @Test func everyQuotedStringReadsBackAsItself() throws {
        let samples = [
            "", "x", "\"", "\\\\\"", "tab\there", "São Paulo › ok", "\u{0}mixed\u{1F}\"é\\\n", String(repeating: "a\u{7}", count: 40),
        ]
        for s in samples {
            let data = Data(Self.quoted(s).utf8)
            let back = try JSONSerialization.jsonObject(with: data) as? [String]
            #expect(back == [s], "\(s.debugDescription)")
        }
    }
}
