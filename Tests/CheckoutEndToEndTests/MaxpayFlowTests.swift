import Foundation
import Testing

/// `flows/maxpay-sale3d.yaml` as a user runs it: the signing command it ships with, the
/// sandbox checking the signature, and the key given through the environment.
@Suite struct MaxpayFlowTests {
    func run(
        _ example: String, flow: String = "flows/maxpay-sale3d.yaml", environment: [String: String] = [:]
    ) throws -> (
        CheckoutBinary.Output, [String: Any], String
    ) {
        let ws = try Workspace()
        let trace = ws.url.appendingPathComponent("trace.jsonl").path
        let r = try CheckoutBinary.run(
            ["run", flow, "--answers", "examples/maxpay-sale3d/\(example).yaml", "--json", "--seed", "5", "--trace", trace],
            environment: environment)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        return (r, json, try String(contentsOfFile: trace, encoding: .utf8))
    }

    @Test func theShippedSignerSignsAndTheSaleIsApproved() throws {
        let (r, json, trace) = try run("frictionless", environment: ["MAXPAY_PRIVATE_KEY": ""])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(json["status"] as? String == "success")
        #expect(json["threeDSAuthenticationResult"] as? String == "AUTHENTICATION_SUCCEEDED")
        let hook = try #require(trace.split(separator: "\n").first { $0.contains(#""event":"hook.signature""#) })
        #expect(hook.contains(#""stage":"sale3d""#))
        #expect(hook.contains(#""transaction_type""#) && hook.contains(#""user_phone""#))
        for output in [r.stdout, r.stderr, trace] {
            #expect(!output.contains("4111111111111111") && !output.contains("4111 1111"), "the card number leaked")
            #expect(!output.contains("sandbox-maxpay-private-key"), "the key leaked")
        }
    }

    @Test func aSignerWithAnotherKeyIsRefusedWithExit4() throws {
        let (r, json, trace) = try run("frictionless", environment: ["MAXPAY_PRIVATE_KEY": "Not-The-Sandbox-Key"])
        #expect(r.status == 4)
        #expect(json["status"] as? String == "error")
        let errors = try #require(json["errors"] as? [[String: Any]])
        let code = errors.first?["code"] as? String
        #expect(code == "invalid_signature")
        #expect(json["transaction"] == nil)
        for output in [r.stdout, r.stderr, trace] { #expect(!output.lowercased().contains("not-the-sandbox-key")) }
    }

    @Test func aFailedChallengeNeverSendsTheSale() throws {
        let (r, json, trace) = try run("challenge-failed")
        #expect(r.status == 1)
        #expect(json["status"] as? String == "failed")
        #expect(!trace.contains(#""event":"hook.signature""#))
    }

    @Test func aPrivateKeyFromTheEnvironmentSignsInProcess() throws {
        let ws = try Workspace()
        let flow = try ws.flow(
            """
            flow: env-signed
            dsl: 1
            extends: \(FileManager.default.currentDirectoryPath)/flows/maxpay-sale3d.yaml
            provider:
              signature: { privateKey: "${env:SHOP_MAXPAY_KEY}" }
            """)
        let answers = "examples/maxpay-sale3d/frictionless.yaml"
        let signed = try CheckoutBinary.run(
            ["run", flow, "--answers", answers, "--json"], environment: ["SHOP_MAXPAY_KEY": "sandbox-maxpay-private-key"])
        #expect(signed.status == 0, "\(signed.stderr)\(signed.stdout)")
        let unset = try CheckoutBinary.run(["run", flow, "--answers", answers, "--json"], environment: ["SHOP_MAXPAY_KEY": ""])
        #expect(unset.status == 4)
        #expect(unset.stdout.contains("signature_failed") && unset.stdout.contains("SHOP_MAXPAY_KEY"))
    }
}
