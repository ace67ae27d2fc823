import Foundation
import Testing

/// SPEC §3 field rules and §1 scalar typing, as a shopper meets them through answers files.
@Suite struct FieldRuleTests {
    private func run(_ flow: String, billing: String) throws -> RunOutcome {
        let ws = try Workspace()
        return try ws.run(flow: try ws.flow(flow), answers: Fixtures.cardAnswers("4111 1111 1111 1111", billing: billing))
    }

    @Test func emailIsRequiredWithEmail() throws {
        let run = try run(Fixtures.flow(withEmail: true), billing: "billing:\n  name: Jane Shopper\n  country: US\n  zip: \"10001\"")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.errorCodes == ["billing.email required"])
        #expect(result.transaction == nil)
    }

    @Test func emailIsNotNeededWithoutWithEmail() throws {
        let run = try run(Fixtures.flow(withEmail: false), billing: "billing:\n  name: Jane Shopper\n  country: US\n  zip: \"10001\"")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.billingDetails?.email == nil)
    }

    @Test func fullBillingNeedsAddressCityAndUSState() throws {
        let run = try run(Fixtures.flow(fullBilling: true), billing: "billing:\n  name: Jane Shopper\n  country: US\n  zip: \"10001\"")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.errorCodes == ["billing.address required", "billing.city required", "billing.state required"])
    }

    @Test func fullBillingWithEverythingSucceeds() throws {
        let billing =
            "billing:\n  name: Jane Shopper\n  address: 1 Main St\n  city: Springfield\n  country: US\n  state: NY\n  zip: \"10001\""
        let run = try run(Fixtures.flow(fullBilling: true), billing: billing)
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(
            result.billingDetails
                == .init(name: "Jane Shopper", address: "1 Main St", city: "Springfield", zip: "10001", country: "US", state: "NY"))
    }

    /// A shipping address for a flow without a shipping screen is refused before the run, with
    /// the answers file named (docs/running.md, "Field policy", last row); `sameAsBilling`
    /// alone is the billing screen's and is not.
    @Test func shippingForAFlowWithoutAShippingScreenIsRefused() throws {
        let shipping = "shipping:\n  name: Jane Shopper\n  address: 1 Main St\n  city: Albany\n  zip: \"12207\"\n  country: US\n  state: NY"
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow())
        let refused = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", extra: shipping))
        #expect(refused.exitCode == 3, "\(refused.summary)")
        #expect(try refused.result().errorCodes == ["shipping not_offered"])
        #expect(refused.stderr.contains("the flow has no shipping screen to read a shipping address"), "\(refused.stderr)")
        let shipped = try ws.run(
            flow: try ws.flow(Fixtures.flow(id: "ships", withShipping: true)),
            answers: Fixtures.cardAnswers(
                "4111 1111 1111 1111", extra: shipping))
        #expect(shipped.exitCode == 0, "\(shipped.summary)")
    }

    /// A state exists only for US, CA and BR: elsewhere it must be empty. Without full billing
    /// the checkout asks for no address, city or state: each answered one is `not_offered`,
    /// whatever else is wrong with it (docs/running.md, "Field policy").
    @Test(arguments: [true, false])
    func stateIsNotAllowedForGB(fullBilling: Bool) throws {
        let billing = "billing:\n  name: Jane Shopper\n  address: 1 Main St\n  city: London\n  country: GB\n  state: NY\n  zip: SW1A 1AA"
        let run = try run(Fixtures.flow(fullBilling: fullBilling), billing: billing)
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(
            result.errorCodes
                == (fullBilling
                    ? ["billing.state state_not_allowed"]
                    : ["billing.address not_offered", "billing.city not_offered", "billing.state not_offered"]))
    }

    @Test(arguments: ["CA", "BR"])
    func stateIsRequiredForCAAndBRWithFullBilling(country: String) throws {
        let zip = country == "CA" ? "M5V 2T6" : "01310-100"
        let billing = "billing:\n  name: Jane Shopper\n  address: 1 Main St\n  city: Somewhere\n  country: \(country)\n  zip: \(zip)"
        let run = try run(Fixtures.flow(fullBilling: true), billing: billing)
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(try run.result().errorCodes == ["billing.state required"])
    }

    @Test func noZipCountryNeedsNoZip() throws {
        let run = try run(Fixtures.flow(), billing: "billing:\n  name: Amal Haddad\n  country: AE")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.billingDetails?.country == "AE")
        #expect(result.billingDetails?.zip == nil)
    }

    @Test func zipIsRequiredWhereTheCountryHasPostalCodes() throws {
        let run = try run(Fixtures.flow(), billing: "billing:\n  name: Jane Shopper\n  country: DE")
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(try run.result().errorCodes == ["billing.zip required"])
    }

    /// `zip: 01234` and `country: NO` unquoted stay the strings the shopper wrote (not 1234 / false).
    @Test func plainZipAndCountryKeepTheirText() throws {
        let run = try run(Fixtures.flow(), billing: "billing:\n  name: Ola Nordmann\n  country: NO\n  zip: 01234")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.billingDetails?.zip == "01234")
        #expect(result.billingDetails?.country == "NO")
        #expect(run.stdout.contains(#""zip": "01234""#))
        #expect(run.stdout.contains(#""country": "NO""#))
    }

    /// The same typing applies in the flow itself (`prefill.billing`).
    @Test func plainZipAndCountryInTheFlowKeepTheirText() throws {
        let ws = try Workspace()
        let flow = Fixtures.flow() + "  prefill:\n    billing:\n      name: Ola Nordmann\n      country: NO\n      zip: 01234\n"
        let answers = "card:\n  number: 4111 1111 1111 1111\n  expiry: 12/2035\n  cvv: 123\n"
        let run = try ws.run(flow: try ws.flow(flow), answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.billingDetails?.zip == "01234")
        #expect(result.billingDetails?.country == "NO")
    }

    @Test(arguments: ["Madonna", "Jane ", " Jane"])
    func nameNeedsTwoParts(name: String) throws {
        let run = try run(Fixtures.flow(), billing: "billing:\n  name: \"\(name)\"\n  country: US\n  zip: \"10001\"")
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(try run.result().errorCodes == ["billing.name invalid_name"])
    }

    @Test(arguments: ["Mary Ann Smith", "J S"])
    func twoOrMorePartsAreAName(name: String) throws {
        let run = try run(Fixtures.flow(), billing: "billing:\n  name: \(name)\n  country: US\n  zip: \"10001\"")
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(try run.result().billingDetails?.name == name)
    }

    /// The shipped "same as billing" example: shipping to a no-zip country copies billing.
    @Test func shippingSameAsBillingToANoZipCountry() throws {
        let ws = try Workspace()
        let answers = try #require(
            ws.read(CheckoutBinary.root.appendingPathComponent("examples/full-billing-shipping/same-as-billing.yaml").path))
        let run = try ws.run(flow: "flows/full-billing-shipping.yaml", answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.shippingDetails == .init(name: "Amal Haddad", address: "Sheikh Zayed Road 1", city: "Dubai", country: "AE"))
    }
}
