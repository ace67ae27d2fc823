import CheckoutFakes
import Foundation
import Testing

/// `checkout run|test --provider bluesnap --provider-url URL` against the fake BlueSnap on
/// loopback, as a user runs them: results, exit codes, and nothing secret in any output.
@Suite struct ProviderCommandTests {
    static func credentials(_ fake: FakeBlueSnap) -> [String: String] {
        ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password]
    }

    @Test func theStandardSuitePassesAgainstTheFakeWithTwoJobs() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let run = try CheckoutBinary.run(
            [
                "test", "flows/standard-checkout.scenarios.yaml", "--jobs", "2", "--provider", "bluesnap", "--provider-url",
                fake.baseURL.absoluteString,
            ],
            environment: Self.credentials(fake))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" passed, 0 failed"))
        #expect(!fake.ledger.isEmpty)
        #expect(fake.server.acceptedConnections <= 4)
        for secret in ["4111111111111111", "4000000000009995", fake.credentials.password] {
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret))
        }
    }

    @Test func aHeadlessRunChargesTheFakeAndReportsItsTransaction() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let run = try CheckoutBinary.run(
            [
                "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--json", "--now",
                CheckoutBinary.fixedNow, "--provider", "bluesnap", "--provider-url", fake.baseURL.absoluteString,
            ], environment: Self.credentials(fake))
        #expect(run.status == 0, "\(run.stderr)")
        let id = try #require(fake.ledger.first?.transactionId)
        #expect(run.stdout.contains(#""id": "\#(id)""#))
    }

    @Test func aMissingPasswordIsNamedAndNothingRuns() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let run = try CheckoutBinary.run(
            [
                "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--provider",
                "bluesnap",
                "--provider-url", fake.baseURL.absoluteString,
            ], environment: ["BS_API_USER": "someone", "BS_API_PASSWORD": ""])
        #expect(run.status == 2)
        #expect(run.stderr.contains("BS_API_PASSWORD"))
        #expect(fake.server.requestCount == 0)
    }

    @Test func wrongCredentialsAndAnUnreachableProviderExit4() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let args = [
            "run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--provider", "bluesnap",
        ]
        let refused = try CheckoutBinary.run(
            args + ["--provider-url", fake.baseURL.absoluteString],
            environment: ["BS_API_USER": "u", "BS_API_PASSWORD": "not-the-password"])
        #expect(refused.status == 4)
        #expect(refused.stdout.contains("credentials"))
        #expect(!refused.stdout.contains("not-the-password") && !refused.stderr.contains("not-the-password"))
        // Port 1: nothing listens there, and unlike a stopped fake's port no test server can be
        // given it meanwhile (tests run in parallel; that once sent this run to another test's fake).
        let url = "http://127.0.0.1:1"
        let unreachable = try CheckoutBinary.run(args + ["--provider-url", url], environment: Self.credentials(fake))
        #expect(unreachable.status == 4)
        #expect(unreachable.stdout.contains("provider_unavailable"))
    }
}
