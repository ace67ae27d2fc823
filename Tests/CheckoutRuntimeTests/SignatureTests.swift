import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// SHA-256 against NIST's vectors, Maxpay's signature against a worked example computed
/// outside this code, and the `signature` hook at run time.
@Suite struct SignatureTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func sha256MatchesTheNISTVectors(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func sha256OfAMillionAs() {
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The expected text and digest were computed with Python's `hashlib` from Maxpay's
    /// description: sorted `key=value` parts, `|`, the private key, lower-cased, SHA-256.
    @Test func maxpaySignatureMatchesTheWorkedExample() {
        let fields = [
            "amount": "10.00", "currency": "USD", "transaction_type": "SALE", "transaction_unique_id": "Order-42",
            "first_name": "John", "last_name": "Doe", "user_email": "John@Example.com",
        ]
        #expect(
            MaxpaySignature.payload(fields, privateKey: "PrivKey_123")
                == "amount=10.00|currency=usd|first_name=john|last_name=doe|transaction_type=sale|transaction_unique_id=order-42|user_email=john@example.com|privkey_123"
        )
        #expect(
            MaxpaySignature.sign(fields, privateKey: "PrivKey_123")
                == "16b8c20e1b7c66120cc8f9cbef5b0556e9d6aba4cf6e4df00f8560dd69fb20a4")
        #expect(MaxpaySignature.lines(["b": "2", "a": "1"]) == "a=1\nb=2\n")
    }

    static let flow = """
        flow: signed
        dsl: 1
        provider:
          signature: { privateKey: "${env:MAXPAY_KEY}" }
        request:
          price: { amount: 26.52, currency: USD }
          transactionType: sale3d
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: threeDS
          - { id: charge, kind: sale, hooks: [signature] }
        """

    static let answers = """
        card: { number: "4111 1111 1111 1111", expiry: "12/35", cvv: "123" }
        billing: { name: Jane Van Doe, email: jane@example.com, country: US, zip: "10001" }
        """

    struct Outcome {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        var commands: [(argv: [String], input: String)]
    }

    func run(
        _ flowText: String = flow, key: String?, answers: String = answers,
        command: @escaping @Sendable ([String], String) -> CommandOutput = { _, _ in
            CommandOutput(status: 1, stdout: "")
        }
    ) async throws -> Outcome {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 9)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let seen = Mutex<[(argv: [String], input: String)]>([])
        let signing = SigningEnvironment(
            variable: { $0 == "MAXPAY_KEY" ? key : nil },
            runCommand: { argv, _, input, _ in
                seen.withLock { $0.append((argv, input)) }
                return command(argv, input)
            })
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: sandbox, frontend: HeadlessFrontend(answers: try readAnswers(answers)),
            clock: clock, random: random, trace: trace, signing: signing)
        let result = await runner.run()
        return Outcome(result: result, events: trace.events, ledger: await sandbox.ledger, commands: seen.withLock { $0 })
    }

    @Test func aRequestSignedWithTheSandboxKeyIsCharged() async throws {
        let r = try await run(key: "sandbox-maxpay-private-key")
        #expect(r.result.status == .success)
        #expect(r.ledger.count == 1)
        let hook = try #require(r.events.first { $0.event == "hook.signature" })
        #expect(hook.stage == "charge")
        let fields = hook.attributes.first { $0.key == "fields" }?.value
        #expect(
            fields
                == .array(
                    [
                        "amount", "api_version", "auth_type", "callback_url", "country", "currency", "first_name", "last_name",
                        "redirect_url", "transaction_type", "transaction_unique_id", "user_email", "zip",
                    ].map { .string($0) }))
    }

    @Test func theSandboxAnswersAsMaxpayAndTheResultCarriesMaxpaysReferenceAndType() async throws {
        let r = try await run(key: "sandbox-maxpay-private-key")
        let transaction = try #require(r.result.transaction)
        #expect(transaction.type == "SALE3D")
        #expect(r.ledger.map(\.id) == [transaction.id])
        let declined = try await run(
            key: "sandbox-maxpay-private-key",
            answers: Self.answers.replacingOccurrences(of: "4111 1111 1111 1111", with: "4000 0000 0000 9995"))
        #expect(declined.result.status == .declined)
        #expect(declined.result.declineCode == "insufficient_funds")
        #expect(declined.ledger.isEmpty)
    }

    @Test func maxpaysTransientErrorIsRetriedUnderTheSameUniqueIdAndChargesOnce() async throws {
        let r = try await run(
            key: "sandbox-maxpay-private-key",
            answers: Self.answers.replacingOccurrences(of: "4111 1111 1111 1111", with: "4000 0000 0000 0119"))
        #expect(r.result.status == .success)
        #expect(r.ledger.count == 1)
        let retry = try #require(r.events.first { $0.event == "step.retry" })
        #expect(retry.attributes.first { $0.key == "code" }?.value == .string("processing_error"))
        let signed = r.events.filter { $0.event == "hook.signature" }
        #expect(signed.count == 1, "one signature: the retry re-sends the same signed request")
    }

    @Test func theSignedFieldsAreTheTransactionAndTheShopperNeverTheCard() {
        let card = TokenizedCard(
            token: "tok", brand: .visa, last4: "1111", issuingCountry: "US", expiry: CardExpiry(month: 12, year: 2035))
        let request = ChargeRequest(
            kind: .sale, card: card, amount: Money(amount: Decimal(string: "26.5")!, currency: .usd), idempotencyKey: "key-1",
            threeDSResult: .authenticationSucceeded)
        var billing = Address()
        billing.name = "Jane Van Doe"
        billing.country = "US"
        let f = MaxpayFields.of(request, billing: billing, threeDS: true)
        #expect(f["amount"] == "26.50")
        #expect(f["transaction_type"] == "SALE3D")
        #expect(f["transaction_unique_id"] == "key-1")
        #expect(f["first_name"] == "Jane")
        #expect(f["last_name"] == "Van Doe")
        #expect(!f.values.contains { $0.contains("1111") || $0.contains("tok") })
    }

    @Test func aSignatureWithAnotherKeyIsRefusedAndNothingIsCharged() async throws {
        let r = try await run(key: "someone-elses-key")
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.code) == ["invalid_signature"])
        #expect(r.ledger.isEmpty)
        #expect(!r.result.errors[0].message.contains("someone-elses-key"))
    }

    @Test func aMissingKeyIsNamedWithoutAValue() async throws {
        let r = try await run(key: nil)
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.code) == ["signature_failed"])
        #expect(r.result.errors[0].message.contains("MAXPAY_KEY"))
        #expect(r.ledger.isEmpty)
    }

    @Test func aSigningCommandGetsTheFieldsAndItsSignatureIsSent() async throws {
        let flow = Self.flow.replacingOccurrences(
            of: "signature: { privateKey: \"${env:MAXPAY_KEY}\" }", with: "signature: { command: [signers/sign, --maxpay] }")
        let r = try await run(flow, key: nil) { _, input in
            // The command signs as a server holding the key would: from the lines it was given.
            var fields: [String: String] = [:]
            for line in input.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                fields[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return CommandOutput(status: 0, stdout: MaxpaySignature.sign(fields, privateKey: "sandbox-maxpay-private-key") + "\n")
        }
        #expect(r.result.status == .success)
        #expect(r.commands.count == 1)
        #expect(r.commands.first?.argv == ["signers/sign", "--maxpay"])
        let input = r.commands.first?.input ?? ""
        #expect(input.hasPrefix("amount=26.52\napi_version=1\n"))
        #expect(!input.contains("4111") && !input.contains("123\n"))
    }

    @Test func aFailingSigningCommandEndsTheRunBeforeTheCharge() async throws {
        let flow = Self.flow.replacingOccurrences(
            of: "signature: { privateKey: \"${env:MAXPAY_KEY}\" }", with: "signature: { command: [sign] }")
        let r = try await run(flow, key: nil) { _, _ in CommandOutput(status: 3, stdout: "") }
        #expect(r.result.status == .error)
        #expect(r.result.errors.first?.message == "the signing command 'sign' exited with status 3")
        #expect(r.ledger.isEmpty)
    }
}
