import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

/// `--interpreter`: the standard checkout run through the compiled pipeline (the runtime's
/// interpreter with the headless front end), against a plain Swift function that makes the
/// same sandbox calls and the same validations directly — same flow, same answers, same run,
/// alternating rounds. What the ratio shows is what the interpreter costs over code written
/// by hand for this one checkout. No trace in either path.
enum InterpreterBenchmark {
    static let answersText = """
        paymentMethod: card
        card: { number: "4111 1111 1111 1111", expiry: "12/35", cvv: "123", name: Jane Shopper }
        billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
        """

    static func run(budget: Double) async -> Bool {
        let compiled = FlowCompiler.compile(contentsOf: "flows/standard-checkout.yaml")
        guard let flow = compiled.flow else {
            print("checkout-bench: run from the repository root (flows/standard-checkout.yaml did not compile)")
            return false
        }
        let (parsed, _) = AnswersReader.read(Array(answersText.utf8), file: nil)
        guard let answers = parsed else { return false }
        let start = Date(timeIntervalSince1970: 1_795_000_000)

        // Both paths must end the same way before they are timed.
        let a = await interpreted(flow, answers, start, seed: 1)
        let b = await handWritten(flow, start, seed: 1)
        guard a.status == .success, b.status == .success, a.transaction?.amount == b.transaction?.amount,
            a.creditCard == b.creditCard
        else {
            print("checkout-bench: the two paths disagree: \(a.status) \(b.status)")
            return false
        }

        print("checkout-bench: standard checkout, compiled pipeline vs hand-written Swift (same run, \(budget)s, alternating)")
        var timeA = 0.0
        var timeB = 0.0
        var runsA = 0
        var runsB = 0
        var seed: UInt64 = 2
        let deadline = Date().addingTimeInterval(budget)
        while Date() < deadline {
            for _ in 0..<2 {
                var t = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<200 {
                    _ = await interpreted(flow, answers, start, seed: seed)
                    seed += 1
                }
                timeA += Double(DispatchTime.now().uptimeNanoseconds - t)
                runsA += 200
                t = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<200 {
                    _ = await handWritten(flow, start, seed: seed)
                    seed += 1
                }
                timeB += Double(DispatchTime.now().uptimeNanoseconds - t)
                runsB += 200
            }
        }
        let perA = timeA / Double(runsA) / 1000
        let perB = timeB / Double(runsB) / 1000
        print(String(format: "  compiled pipeline  %8.1f µs/checkout  (%d runs)", perA, runsA))
        print(String(format: "  hand-written       %8.1f µs/checkout  (%d runs)", perB, runsB))
        print(String(format: "  ratio interpreter/hand-written = %.2f   (target ≤ 1.30, issue 21)", perA / perB))
        return true
    }

    static func interpreted(_ flow: CompiledFlow, _ answers: Answers, _ start: Date, seed: UInt64) async -> CheckoutResult {
        let clock = ManualClock(start: start)
        let random = SeededRandom(seed: seed)
        let runner = CheckoutRunner(
            flow: flow, provider: SandboxProvider(clock: clock, random: random), frontend: HeadlessFrontend(answers: answers),
            clock: clock, random: random)
        return await runner.run()
    }

    /// The standard checkout written out by hand: the calls the pipeline makes, in its order.
    static func handWritten(_ flow: CompiledFlow, _ start: Date, seed: UInt64) async -> CheckoutResult {
        let clock = ManualClock(start: start)
        let random = SeededRandom(seed: seed)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let request = flow.definition.request
        var result = CheckoutResult(status: .error, flow: flow.definition.id, fraudSessionId: random.hex(32))
        do {
            let token = try await sandbox.createToken()
            let input = CardInput(number: "4111 1111 1111 1111", expiry: "12/35", cvv: "123", name: "Jane Shopper")
            guard case .success(let card) = CardValidator.validate(input, now: YearMonth(containing: clock.now())) else {
                return result
            }
            let billing = Address(name: "Jane Shopper", email: "jane@example.com", zip: "10001", country: "US")
            let requirements = AddressRequirements(withEmail: request.withEmail, fullBilling: request.fullBilling)
            guard AddressValidator.validateBilling(billing, requirements: requirements).isEmpty else { return result }
            _ = try await sandbox.currencyRates()  // the currency screen lists what the shopper may switch to
            let tokenized = try await sandbox.tokenize(.new(card), token: token)
            let price = PriceState(amount: request.price.amount, taxAmount: request.price.taxAmount, currency: request.price.currency)
            let charge = ChargeRequest(
                kind: .sale, card: tokenized, amount: price.total, idempotencyKey: random.hex(32), threeDSResult: nil)
            guard case .approved(let transaction) = try await sandbox.charge(charge) else { return result }
            result.status = .success
            result.paymentType = PaymentMethodKind.card.paymentType
            result.price = price
            result.creditCard = tokenized
            result.billing = billing
            result.transaction = transaction
        } catch {
            return result
        }
        return result
    }
}
