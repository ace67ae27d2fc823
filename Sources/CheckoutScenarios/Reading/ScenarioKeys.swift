import CheckoutDomain
import CheckoutHeadless
public import CheckoutLanguage
import CheckoutRuntime

/// The key tables of a scenarios file (docs/testing.md): `ScenarioFileReader` checks keys
/// against them, and `checkout schema --kind scenarios` (`schema/scenarios.schema.json`) and
/// the docs' key lists come from the same tables. A new key is one line here, plus reading it.
public enum ScenarioKeys {
    /// The keys of one scenario.
    package static let scenario: [KeySpec] = [
        KeySpec("name", .string(), required: true, "names the scenario in output and JUnit; unique in the file"),
        KeySpec("flow", .string(), "path of the flow, relative to the scenarios file (default: `NAME.yaml` beside it)"),
        KeySpec(
            "answers", .oneOf([.mapping(AnswersKeys.topLevel), .string()]), required: true,
            "the answers, inline, or the path of an answers file relative to the scenarios file"),
        KeySpec("seed", .integer(minimum: 0), default: "1", "the seed of ids (tokens, transactions), like `checkout run --seed`"),
        KeySpec("now", .string(), default: Scenario.defaultNowText, "the ISO 8601 instant the run's clock is fixed at"),
        KeySpec(
            "locale", .string(),
            "the shopper's language, like `checkout run --locale` (a BCP 47 tag matched to a supported one); over the flow's "
                + "`request.locale`, under `checkout test --locale`; the environment is not read in a scenario"),
        KeySpec("expect", .mapping(expect), required: true, "what the result must hold; at least one key"),
        KeySpec("tags", .list(.string()), "words for `--tag` and `--skip-tag`"),
        KeySpec(
            "chain", .string(pattern: stageIdPattern),
            "a chain's name: the file's scenarios with this chain run in file order against ONE sandbox (a shopper one "
                + "stores, the next charges), as one unit for `--jobs` and `--shard`; without it a scenario is independent"),
        KeySpec(
            "sandbox", .mapping(sandbox),
            "this scenario's own fixtures, inline or `{ file: PATH }`, added to the file's sandbox (a shopper with the same id "
                + "replaces the file's); not in a chain, whose scenarios share the file's sandbox"),
        KeySpec(
            "taxService", .mapping(taxService),
            "a test double standing in for the flow's `taxService` in this scenario only: it answers a tax, fails or hangs "
                + "(one of them); no process is run, nothing is sent; retries, timeout, routing and `tax_failed` as with the real service"),
    ]

    /// `taxService` keys (a stand-in for the flow's tax service): exactly one.
    package static let taxService: [KeySpec] = [
        KeySpec(
            "taxAmount", .string(),
            "answers `{\"taxAmount\": TEXT}` on every attempt, read as the real service's answer is: `\"3.55\"` is the tax, "
                + "text that is no amount in the currency (`\"lots\"`, `\"1.234\"` in USD) a garbage answer"),
        KeySpec("fails", .string(), "every attempt fails for this reason (in the error's message), so each retry is made"),
        KeySpec(
            "hangs", .bool,
            "`true`: every attempt runs past the service's `timeout` on the run's clock (nothing waits), so each retry is made"),
    ]

    /// `expect` keys: each is compared with the result's key of the same name.
    package static let expect: [KeySpec] = [
        KeySpec("status", .cases(CheckoutStatus.self), "the result's status"),
        KeySpec("exitCode", .integer(minimum: 0, maximum: 4), "the code `checkout run` exits with: 0, 1, 3 or 4"),
        KeySpec("paymentType", .enumeration(PaymentMethodKind.paymentTypes), "the result's payment type"),
        KeySpec("threeDSAuthenticationResult", .cases(ThreeDSResult.self), "the result's 3-D Secure result"),
        KeySpec("declineCode", .string(), "the provider's decline code"),
        KeySpec("errors", .list(.mapping(expectedError)), "the result's errors, as a set of `{ path, code }`"),
        KeySpec("steps", .mapping(steps), "what ran, read from the run's trace: stages in order, visits, attempts, outcomes, routes"),
        KeySpec(
            "result", .openMapping,
            "any part of the result JSON, compared structurally: a subset of keys, lists item by item, numbers exactly, "
                + "`absent`, `!pattern \"REGEX\"` (docs/testing.md); `checkout test --update` rewrites it"),
        KeySpec(
            "sent", .list(.mapping(ProviderCallKeys.call)),
            "provider calls the run made (`provider.call` in the trace), in order, as a subsequence; each item's `fields` "
                + "and `answer` compared as subsets"),
    ]

    /// `expect.steps` keys: each is compared with what the run's trace events say.
    package static let steps: [KeySpec] = [
        KeySpec("ran", .list(stageId), "stage ids in the order they ran; a subsequence of the run's unless `exactly`"),
        KeySpec("exactly", .bool, default: "false", "`ran` and `routes` are the run's whole sequence, nothing left out"),
        KeySpec("visits", .dictionary(keyPattern: stageIdPattern, value: .integer(minimum: 0)), "how often each stage ran"),
        KeySpec(
            "attempts", .dictionary(keyPattern: stageIdPattern, value: .integer(minimum: 0)),
            "each step's provider calls: one per visit, one more per `step.retry` and per `token.refresh`"),
        KeySpec(
            "refreshes", .dictionary(keyPattern: stageIdPattern, value: .integer(minimum: 0)),
            "how often each tokenize step refreshed the checkout token (`token.refresh`)"),
        KeySpec(
            "waits", .dictionary(keyPattern: stageIdPattern, value: .list(.integer(minimum: 0))),
            "the milliseconds each step waited before each retry (`step.retry`'s `delayMs`), in order"),
        KeySpec(
            "inputs", .dictionary(keyPattern: stageIdPattern, value: .list(.enumeration(StageInputs.names))),
            "the input-line events each `creditCard` screen with `inputEvents: true` sent (`input.startEdit`, …, without `input.`), in order"
        ),
        KeySpec(
            "outcomes", .dictionary(keyPattern: stageIdPattern, value: .string()),
            "each stage's last outcome as the trace words it (`approved`, `declined`, `AUTHENTICATION_FAILED`, `answered`, `skipped`, `error`)"
        ),
        KeySpec("routes", .list(.mapping(route)), "routes taken (`stage.routed`), in order; a subsequence of the run's unless `exactly`"),
    ]

    /// The keys of an expected route.
    package static let route: [KeySpec] = [
        KeySpec("from", stageId, required: true, "the stage that ended"),
        KeySpec("on", .enumeration(routedOutcomes), required: true, "the outcome it ended with"),
        KeySpec("to", stageId, required: true, "where the run went: a stage id or `end`"),
    ]

    /// The outcomes a route is taken on and traced (`stage.routed`): all but `success`,
    /// which goes on to the next stage without an event.
    package static let routedOutcomes = StageOutcome.allCases.filter { $0 != .success }.map(\.rawValue)
    /// A stage id, as flows write them.
    static let stageIdPattern = FlowKeys.identifierPattern
    static let stageId = ValueShape.string(pattern: stageIdPattern)

    /// The keys of an expected error.
    package static let expectedError: [KeySpec] = [
        KeySpec("path", .string(), required: true, "the answer's path (`card.number`; `\"\"` for the answers file as a whole)"),
        KeySpec("code", .string(), required: true, "the error's code"),
        KeySpec("message", .string(), "the error's message, exactly"),
    ]

    /// Every table, by name (the schema's `definitions` take their names from here).
    package static let tables: [(name: String, keys: [KeySpec])] =
        [("scenario", scenario), ("expect", expect), ("expectedError", expectedError), ("steps", steps), ("route", route)]
        + AnswersKeys.tables + [
            ("sentCall", ProviderCallKeys.call), ("sentFields", ProviderCallKeys.fields), ("sentAnswer", ProviderCallKeys.answer),
            ("sentCard", ProviderCallKeys.card), ("sentAddress", ProviderCallKeys.address),
        ] + fixtureTables + [("taxService", taxService)]

    /// The scenarios file's JSON Schema.
    package static let schema = KeySchema(
        id: "https://checkoutflow.dev/schema/scenarios-1.json", title: "CheckoutFlow scenarios",
        description: "A list of scenarios for `checkout test` (`NAME.scenarios.yaml`), or a mapping of `sandbox` fixtures "
            + "and `scenarios`. Generated by `checkout schema --kind "
            + "scenarios` from the scenarios reader's key tables; `checkout test` also checks what a schema cannot: that "
            + "files exist, `now` is an instant, `exitCode` agrees with `status`.",
        root: .oneOf([.list(.mapping(scenario)), .mapping(suite)]), catalog: tables)
}
