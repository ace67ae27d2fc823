import Foundation
import Testing

/// `checkout validate --credentials`: every missing provider credential of a flow at once.
@Suite struct ValidateCredentialsTests {
    static let flow = """
        flow: spreedly-own
        dsl: 1
        provider:
          name: spreedly
          credentials:
            environmentKey: ${env:CHECKOUT_19N_KEY}
            accessSecret: ${env:CHECKOUT_19N_SECRET}
            gatewayToken: ${env:CHECKOUT_19N_GATEWAY}
        request:
          price: { amount: 10.00, currency: USD }

        """

    @Test func everyMissingVariableOfAFlowIsNamedInOneRun() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "spreedly.yaml")
        let r = try CheckoutBinary.run(["validate", "--credentials", path], environment: ["CHECKOUT_19N_SECRET": "a-secret-value"])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr.contains(
                "checkout: error: \(path): provider 'spreedly' needs the environment variables CHECKOUT_19N_KEY (credential 'environmentKey') and CHECKOUT_19N_GATEWAY (credential 'gatewayToken'), which are not set"
            ), "\(r.stderr)")
        #expect(!(r.stdout + r.stderr).contains("a-secret-value"))
        // Without the option validate only compiles: the flow is valid.
        #expect(try CheckoutBinary.run(["validate", path]).status == 0)
        // Set, nothing is missing.
        let all = ["CHECKOUT_19N_KEY": "k", "CHECKOUT_19N_SECRET": "s", "CHECKOUT_19N_GATEWAY": "g"]
        let ok = try CheckoutBinary.run(["validate", "--credentials", path], environment: all)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
    }
}
