import Foundation
import Testing

/// `checkout test` with the shipped fixtures and chain (flows/sandbox-fixtures.scenarios.yaml)
/// as a user runs it: it passes, a chain stays one unit for `--shard`, and no output holds a
/// fixture's card number — not the report, not JUnit, not a finding about a broken fixture.
@Suite struct SandboxFixturesEndToEndTests {
    static let suite = "flows/sandbox-fixtures.scenarios.yaml"
    static let numbers = ["4000 0000 0000 0101", "4000 0000 0000 0036", "5555 5555 5555 4444"]

    static func expectNoCardData(_ outputs: [String]) {
        for number in numbers {
            let scanner = LeakScanner(number: number, cvv: "123")
            for text in outputs { #expect(scanner.findings(in: text).isEmpty, "\(text)") }
        }
    }

    @Test func theShippedChainAndFixturesPassAndPrintNoCardNumber() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("junit.xml").path
        let r = try CheckoutBinary.run(["test", Self.suite, "--junit", junit, "--jobs", "3"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasSuffix("8 passed, 0 failed\n"), "\(r.stdout)")
        Self.expectNoCardData([r.stdout, r.stderr, ws.read(junit) ?? ""])
    }

    @Test func aChainRunsInTheShardOfItsFirstScenario() throws {
        let one = try CheckoutBinary.run(["test", Self.suite, "--shard", "1/2"])
        let two = try CheckoutBinary.run(["test", Self.suite, "--shard", "2/2"])
        #expect(one.status == 0 && two.status == 0, "\(one.stdout)\(two.stdout)")
        #expect(one.stdout.contains("choosePayment stores") && one.stdout.contains("then charges the stored Mastercard"))
        #expect(!two.stdout.contains("stored Mastercard"))
    }

    @Test func brokenFixturesAreRefusedWithPositionsAndNoCardNumber() throws {
        let ws = try Workspace()
        try ws.write("flow: shop\ndsl: 1\nrequest:\n  price: { amount: 10.00, currency: USD }\n", to: "shop.yaml")
        try ws.write(
            "cards:\n  - { number: 4000 0000 0000 0101, brand: MASTERCARD, decline: do_not_honor }\n"
                + "  - { numbr: 4000 0000 0000 0036 }\n",
            to: "fixtures.yaml")
        let suite = try ws.write(
            "sandbox: { file: fixtures.yaml }\nscenarios:\n  - { name: a, answers: {}, expect: { status: success } }\n",
            to: "shop.scenarios.yaml")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 2)
        #expect(r.stderr.contains("fixtures.yaml:2:43: error: 'brand' is MASTERCARD but the number is VISA"), "\(r.stderr)")
        #expect(r.stderr.contains("fixtures.yaml:3:7: error: unknown key 'numbr'"), "\(r.stderr)")
        Self.expectNoCardData([r.stdout, r.stderr])
    }
}
