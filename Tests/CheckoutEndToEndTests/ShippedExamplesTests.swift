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

/// `flows/second-card.yaml`: an explicit pipeline extending the standard checkout, run as a
/// user would, with its three example answers.
@Suite struct ExplicitFlowTests {
    func run(_ example: String, trace: String? = nil) throws -> (CheckoutBinary.Output, [String: Any]) {
        var args = ["run", "flows/second-card.yaml", "--answers", "examples/second-card/\(example).yaml", "--json", "--seed", "3"]
        if let trace { args += ["--trace", trace] }
        let r = try CheckoutBinary.run(args)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        return (r, json)
    }

    @Test func aDeclinedCardIsFollowedByTheSecondCard() throws {
        let ws = try Workspace()
        let trace = ws.url.appendingPathComponent("trace.jsonl").path
        let (r, json) = try run("declined-then-approved", trace: trace)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(json["status"] as? String == "success")
        #expect((json["creditCard"] as? [String: Any])?["last4Digits"] as? String == "1111")
        #expect(json["declineCode"] == nil)
        // The tax hook on the shipping screen applied US-NY 8.875% to 92.50.
        #expect((json["priceDetails"] as? [String: Any])?["taxAmount"] as? Double == 8.21)
        let events = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(events.contains { $0.contains(#""event":"stage.routed""#) && $0.contains(#""to":"card""#) })
        #expect(events.filter { $0.contains(#""event":"screen.answered","stage":"card""#) }.count == 2)
        // 3-D Secure is guarded by `price.total >= 100 and billing.country == US`: it runs at
        // 100.71 with a US billing address, for each card.
        #expect(!events.contains { $0.contains(#""event":"stage.skipped","stage":"verify""#) })
        #expect(events.filter { $0.contains(#""event":"step.end","stage":"verify""#) }.count == 2)
        for output in [r.stdout, r.stderr, try String(contentsOfFile: trace, encoding: .utf8)] {
            #expect(!output.contains("4000000000009995") && !output.contains("4111111111111111"), "a card number leaked")
        }
    }

    @Test func twoDeclinesEndDeclinedWithTheLastCode() throws {
        let (r, json) = try run("declined-twice")
        #expect(r.status == 1)
        #expect(json["status"] as? String == "declined")
        #expect(json["declineCode"] as? String == "lost_card")
    }

    @Test func payPalSkipsTheCardStages() throws {
        let (r, json) = try run("paypal")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(json["paymentType"] as? String == "PAYPAL")
        #expect(json["creditCard"] == nil)
        #expect(json["payPalInvoiceId"] != nil)
    }
}
