import Foundation
import Testing

/// The shipped flows and example answers, run through the real binary.
@Suite struct ShippedExamplesTests {
    @Test func standardCheckoutVisaIsApproved() throws {
        let r = try CheckoutBinary.run([
            "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "success")
        #expect((json["creditCard"] as? [String: Any])?["ccType"] as? String == "VISA")
    }
}
