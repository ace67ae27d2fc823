import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// A `taxUpdate` step with the flow's `taxService`: the merchant's command is given the
    /// address and the price as JSON on stdin and answers `{"taxAmount": "1.23"}` (a checkout
    /// SDK's tax callback sets the price's tax amount: docs/language.md, "The tax service"). Each attempt is timed out (the run's
    /// clock, and the process is killed after `timeout`), failed attempts are retried up to
    /// `attempts` with the steps' backoff, and a last failure ends the step `failed` with code
    /// `tax_failed` — routable with `on: { failed: … }`, else the run ends `error`. The trace's
    /// `hook.tax` holds what the service was given (an address and a price: no card data, no
    /// name, email or phone) and what it answered; with a stand-in (`TaxServiceStandIn`) it
    /// also says `standIn: true`.
    nonisolated(nonsending) func callTaxService(_ service: TaxService, stage: StageRef, visit: Int) async -> StageResult {
        let given = taxServiceInput()
        let input = given.serialized() + "\n"
        let policy = StepRetry(attempts: service.attempts)
        let standIn: [JSONMember] = runner.signing.taxServiceStandIn == nil ? [] : [JSONMember("standIn", .bool(true))]
        var attempt = 1
        while true {
            do {
                let tax = try await askTaxService(service, input: input)
                price.taxAmount = tax
                let text = DecimalText.format(tax, scale: price.currency.minorUnits)
                try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: ["taxAmount": text]))
                let amount = JSONValue.number(text)
                emit(
                    .hookTax, stage: stage.id,
                    attributes: [
                        JSONMember("outcome", .string("success")), JSONMember("given", given), JSONMember("taxAmount", amount),
                    ] + standIn)
                endStep(stage.id, .taxUpdate, outcome: "success", [JSONMember("taxAmount", amount)])
                return .next
            } catch let failure as TaxServiceFailure {
                if attempt < policy.attempts {
                    attempt += 1
                    let delay = policy.delay(beforeAttempt: attempt)
                    emit(
                        .stepRetry, stage: stage.id,
                        attributes: [
                            JSONMember("code", .string(TaxServiceFailure.code)), JSONMember("attempt", .int(attempt)),
                            JSONMember("delayMs", .int(delay.milliseconds)),
                        ])
                    try? await runner.clock.sleep(for: delay)
                    continue
                }
                emit(
                    .hookTax, stage: stage.id,
                    attributes: [
                        JSONMember("outcome", .string("failed")), JSONMember("given", given),
                        JSONMember("error", .string(failure.message)),
                    ] + standIn)
                runner.steps?.step(.failed(stage: stage.id, kind: .taxUpdate, code: TaxServiceFailure.code))
                endStep(stage.id, .taxUpdate, outcome: "failed", [JSONMember("code", .string(TaxServiceFailure.code))])
                return .outcome(
                    .failed, status: .error,
                    issue: AnswerIssue(path: stage.id, code: TaxServiceFailure.code, message: failure.message))
            } catch {
                return .end(providerFailure(error, stage: stage.id, step: .taxUpdate))
            }
        }
    }

    /// One call: runs the command under the run's clock and the process timeout, then reads
    /// its answer.
    nonisolated(nonsending) private func askTaxService(_ service: TaxService, input: String) async throws -> Decimal {
        if let standIn = runner.signing.taxServiceStandIn { return try await askStandIn(standIn, timeout: service.timeout) }
        if let url = service.url { return try await postTaxService(service, url: url, input: input) }
        let program = UserText.quoted(service.command.first ?? "")
        let directory = runner.flow.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let run = runner.signing.runCommand
        let argv = service.command
        let timeout = service.timeout
        let output: CommandOutput
        do {
            output = try await runner.clock.withTimeout(timeout) { try await run(argv, directory, input, timeout) }
        } catch is ClockTimeout {
            throw TaxServiceFailure("the tax service \(program) took longer than \(timeout.seconds)s")
        } catch is CommandTimedOut {
            throw TaxServiceFailure("the tax service \(program) took longer than \(timeout.seconds)s")
        } catch let e as ProviderError {
            throw TaxServiceFailure(e.message)
        } catch {
            throw TaxServiceFailure("the tax service \(program) could not be started")
        }
        guard output.status == 0 else {
            throw TaxServiceFailure("the tax service \(program) exited with status \(output.status)")
        }
        return try Self.taxAmount(in: output.stdout, currency: price.currency, program: program)
    }

    /// One call to a scenario's stand-in: no process, no request; a hang runs into the
    /// timeout on the run's clock exactly as a real call would.
    nonisolated(nonsending) private func askStandIn(_ standIn: TaxServiceStandIn, timeout: Duration) async throws -> Decimal {
        let program = TaxServiceStandIn.name
        switch standIn {
        case .answers(let text):
            let answer = JSONValue.object([JSONMember("taxAmount", .string(text))]).serialized()
            return try Self.taxAmount(in: answer, currency: price.currency, program: program)
        case .fails(let reason):
            throw TaxServiceFailure("the tax service \(program) failed: \(reason)")
        case .hangs:
            let clock = runner.clock
            do {
                try await clock.withTimeout(timeout) { try await clock.sleep(for: timeout + .seconds(1)) }
            } catch is ClockTimeout {
                throw TaxServiceFailure("the tax service \(program) took longer than \(timeout.seconds)s")
            }
            // A clock with no deadlines (none in a scenario) slept past the timeout all the same.
            throw TaxServiceFailure("the tax service \(program) took longer than \(timeout.seconds)s")
        }
    }

    /// One call to a `url` service: the JSON POSTed with the flow's headers (their values from
    /// the environment, never traced), a 2xx answer's body read as a command's output.
    nonisolated(nonsending) private func postTaxService(_ service: TaxService, url: String, input: String) async throws -> Decimal {
        let endpoint = UserText.quoted(url)
        guard let post = runner.signing.post else {
            throw TaxServiceFailure("this run cannot reach the tax service \(endpoint): it has no HTTP client")
        }
        var headers: [String: String] = [:]
        for (name, variable) in service.headers {
            guard let value = runner.signing.variable(variable), !value.isEmpty else {
                throw TaxServiceFailure("the environment variable \(variable) (taxService.headers.\(name)) is not set")
            }
            headers[name] = value
        }
        let timeout = service.timeout
        let sent = headers
        let answer: CommandOutput
        do {
            answer = try await runner.clock.withTimeout(timeout) { try await post(url, sent, input, timeout) }
        } catch is ClockTimeout {
            throw TaxServiceFailure("the tax service \(endpoint) took longer than \(timeout.seconds)s")
        } catch let e as ProviderError where e.code == .timeout {
            throw TaxServiceFailure("the tax service \(endpoint) took longer than \(timeout.seconds)s")
        } catch {
            throw TaxServiceFailure("the tax service \(endpoint) could not be reached")
        }
        guard (200..<300).contains(answer.status) else {
            throw TaxServiceFailure("the tax service \(endpoint) answered HTTP \(answer.status)")
        }
        return try Self.taxAmount(in: answer.stdout, currency: price.currency, program: endpoint)
    }

    /// `{"taxAmount": "1.23"}`: a decimal string ≥ 0 with at most the currency's minor units
    /// (money is never a JSON number here, nor rounded behind the merchant's back).
    static func taxAmount(in answer: String, currency: Currency, program: String) throws -> Decimal {
        let garbage = "the tax service \(program) answered no {\"taxAmount\": \"…\"}"
        guard let json = JSONParser.parse(answer.trimmingWhitespace()), case .object = json, let value = json["taxAmount"] else {
            throw TaxServiceFailure(garbage)
        }
        guard case .string(let text) = value, let (amount, scale) = DecimalText.parse(text) else {
            throw TaxServiceFailure("the tax service \(program) answered a taxAmount that is not a decimal string such as \"1.23\"")
        }
        guard amount >= 0, scale <= currency.minorUnits else {
            throw TaxServiceFailure(
                "the tax service \(program) answered taxAmount \(UserText.quoted(text)), not an amount ≥ 0 with at most \(currency.minorUnits) decimals in \(currency.code)"
            )
        }
        return amount
    }

    /// What the tax service is given: the address the tax depends on (the shipping address
    /// once known, else the billing address; for a wallet, which holds both, the flow's
    /// prefilled shipping then billing address, or none), where it came from, the payment
    /// method and the price. Country, state, zip and city only: never card data, a name, an
    /// email or a phone.
    func taxServiceInput() -> JSONValue {
        let (address, source): (Address?, String?) =
            if let shipping, shipping.country != nil {
                (shipping, "shipping")
            } else if let billing, billing.country != nil {
                (billing, "billing")
            } else if let prefill = request.prefillShipping, prefill.country != nil {
                (prefill, "prefill.shipping")
            } else if let prefill = request.prefillBilling, prefill.country != nil {
                (prefill, "prefill.billing")
            } else {
                (nil, nil)
            }
        var place = JSONObjectBuilder()
        place.add("country", address?.country)
        place.add("state", address?.state)
        place.add("zip", address?.zip)
        place.add("city", address?.city)
        var money = JSONObjectBuilder()
        money.add("amount", price.amount.map { DecimalText.format($0, scale: price.currency.minorUnits) })
        money.add("currency", price.currency.code)
        var given = JSONObjectBuilder()
        given.add("address", address == nil ? .null : place.value)
        given.add("addressSource", source.map { JSONValue.string($0) } ?? .null)
        given.add("paymentMethod", paymentMethod.map { JSONValue.string($0.rawValue) } ?? .null)
        given.add("price", money.value)
        return given.value
    }
}

/// Why a call to the tax service failed (the step's `tax_failed`); the message names the
/// program, never what it printed.
struct TaxServiceFailure: Error {
    static let code = "tax_failed"
    let message: String
    init(_ message: String) { self.message = message }
}
