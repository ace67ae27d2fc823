import Foundation
import Testing

/// `examples/embedding`: a program that compiles a flow and runs it with its own front end
/// through the library, run as its README says.
@Suite struct EmbeddingExampleTests {
    static let program = CheckoutBinary.sibling("checkout-embedding-example")

    @Test func itPaysTheStandardCheckoutWithItsOwnFrontEnd() throws {
        let r = try CheckoutBinary.run([], program: Self.program)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // Its front end was shown the screens, in the pipeline's order…
        let screens = r.stdout.split(separator: "\n").filter { $0.hasPrefix("screen ") }.map { $0.split(separator: " ")[1] }
        #expect(screens == ["paymentMethod", "creditCard", "billing", "currency", "review"])
        // …and the library's result came back.
        let json = try #require(r.stdout.firstIndex(of: "{").map { String(r.stdout[$0...]) })
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(result["status"] as? String == "success")
        #expect((result["transaction"] as? [String: Any])?["type"] as? String == "SALE")
        #expect(!r.stdout.contains("4111 1111 1111 1111") && !r.stdout.contains("4111111111111111"))
    }

    @Test func aBrokenFlowGetsTheCompilersDiagnosticsAndExit2() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: broken\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  withEmial: true\n")
        let r = try CheckoutBinary.run([flow], program: Self.program)
        #expect(r.status == 2)
        #expect(r.stdout.contains("unknown key 'withEmial'") && r.stdout.contains("[unknown-key]"), "\(r.stdout)")
    }
}
