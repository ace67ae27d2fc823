import CheckoutLanguage
import Testing

/// `request.orderId`, `request.metadata` and `request.customer.ip` (issue 16, item 2): compiled
/// into the request, each mistake a finding at its line with its rule.
@Suite struct MerchantReferenceTests {
    static func flow(_ request: String) -> String {
        "flow: m\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n" + request
    }

    @Test func theMerchantsReferencesAreCompiledIntoTheRequest() throws {
        let result = FlowCompiler.compile(
            Self.flow("  orderId: ORD-2026-0042\n  metadata: { cart: \"17\", channel: web }\n  customer: { ip: \"2001:db8::7\" }\n"),
            file: "m.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let request = try #require(result.flow).definition.request
        #expect(request.orderId == "ORD-2026-0042")
        #expect(request.metadata == ["cart": "17", "channel": "web"])
        #expect(request.customerIP == "2001:db8::7")
    }

    @Test(arguments: [
        ("  customer: { ip: 203.0.113.300 }\n", "invalid-format", 5, "'request.customer.ip' must be an IPv4 or IPv6 address"),
        ("  customer: { ip: shop.example.com }\n", "invalid-format", 5, "must be an IPv4 or IPv6 address"),
        (
            "  orderId: \"\(String(repeating: "x", count: 51))\"\n", "out-of-range", 5,
            "'request.orderId' must be 1 to 50 characters, found 51"
        ),
        ("  metadata:\n    \"a key\": x\n", "invalid-format", 6, "metadata key 'a key' must be 1 to 50 letters"),
        ("  metadata: [a, b]\n", "type-mismatch", 5, "'request.metadata' must be a mapping"),
        ("  customer: { host: x }\n", "unknown-key", 5, "unknown key 'host'"),
    ])
    func eachMistakeIsAFindingAtItsLine(request: String, rule: String, line: Int, message: String) {
        let diagnostics = FlowCompiler.compile(Self.flow(request), file: "m.yaml").diagnostics
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        let d = diagnostics.first
        #expect(d?.rule.rawValue == rule && d?.range?.start.line == line)
        #expect(d?.message.contains(message) == true, "\(d?.message ?? "none")")
    }
}
