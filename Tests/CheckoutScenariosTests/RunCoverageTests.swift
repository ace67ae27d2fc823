import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// Flow coverage read from a run's trace (docs/testing.md, "Flow coverage").
@Suite struct RunCoverageTests {
    func e(_ event: String, _ stage: String?, _ attributes: [JSONMember] = []) -> TraceEvent {
        TraceEvent(seq: 0, time: Date(timeIntervalSince1970: 0), event: event, stage: stage, attributes: attributes)
    }

    @Test func routesGuardsAndWhatEachStageProducedComeFromTheTrace() {
        let run = RunCoverage([
            e("run.start", nil),
            e("step.retry", "shopper", [JSONMember("code", .string("timeout"))]),
            e("screen.invalid", "card", [JSONMember("issues", .array([.string("card.number")]))]),
            e("screen.answered", "card"),
            e("step.start", "tokenize"),
            e("token.refresh", "tokenize"),
            e("step.end", "tokenize", [JSONMember("outcome", .string("success"))]),
            e("stage.skipped", "verify", [JSONMember("condition", .string("card.brand == visa"))]),
            e("step.start", "charge"),
            e("step.retry", "charge", [JSONMember("code", .string("timeout"))]),
            e("step.end", "charge", [JSONMember("outcome", .string("declined")), JSONMember("declineCode", .string("do_not_honor"))]),
            e("stage.routed", "charge", [JSONMember("outcome", .string("declined")), JSONMember("to", .string("card"))]),
            e("screen.answered", "card"),
            e("step.start", "charge"),
            e(
                "step.end", "charge",
                [JSONMember("outcome", .string("declined")), JSONMember("declineCode", .string("insufficient_funds"))]),
            e("run.end", nil, [JSONMember("status", .string("declined"))]),
        ])
        #expect(run.ran == ["card", "tokenize", "charge"])
        #expect(run.skippedByCondition == ["verify"])
        // card and tokenize went on; charge was routed back once, then its second decline ended
        // the run: declined, never success.
        #expect(run.routeKeys == ["route:card:success", "route:tokenize:success", "route:charge:declined"])
        #expect(run.observed["charge"] == ["declined do_not_honor", "declined insufficient_funds", "retried timeout"])
        #expect(run.observed["tokenize"] == ["success", "token refreshed"])
        #expect(run.observed["card"] == ["invalid card.number"])
    }

    @Test func theLastVisitTakesTheRunsStatusAndInvalidIsNoRoute() {
        let declined = RunCoverage([
            e("screen.answered", "review"), e("step.start", "sale"),
            e("step.end", "sale", [JSONMember("outcome", .string("declined"))]),
            e("run.end", nil, [JSONMember("status", .string("declined"))]),
        ])
        #expect(declined.routeKeys == ["route:review:success", "route:sale:declined"])
        let success = RunCoverage([
            e("step.start", "sale"), e("step.end", "sale", [JSONMember("outcome", .string("approved"))]),
            e("run.end", nil, [JSONMember("status", .string("success"))]),
        ])
        #expect(success.routeKeys == ["route:sale:success"])
        let invalid = RunCoverage([e("screen.invalid", "billing"), e("run.end", nil, [JSONMember("status", .string("invalid"))])])
        #expect(invalid.routes.isEmpty && invalid.ran == ["billing"])
    }

    @Test func aFlowIsMeasuredAgainstItsPipelinesStagesGuardsAndOutcomes() throws {
        let compiled = FlowCompiler.compile(
            """
            flow: covered
            dsl: 1
            request: { price: { amount: 120, currency: USD } }
            screens:
              - id: card
                kind: creditCard
              - kind: review
            steps:
              - kind: createToken
              - kind: tokenize
              - id: verify
                kind: threeDS
                when: card.brand == visa
                on: { failed: end }
              - id: charge
                kind: sale
                on: { declined: card }
            """, file: "covered.yaml")
        let flow = try #require(compiled.flow, "\(compiled.diagnostics)")
        let keys = flow.pipeline.coverageItems.map(\.key)
        #expect(
            keys == [
                "stage:card", "route:card:success", "stage:review", "route:review:success", "stage:createToken",
                "route:createToken:success", "stage:tokenize", "route:tokenize:success", "stage:verify", "when:verify:true",
                "when:verify:false", "route:verify:success", "route:verify:failed", "route:verify:canceled", "stage:charge",
                "route:charge:success", "route:charge:declined",
            ])
        var coverage = FlowCoverage(flow, file: "covered.yaml")
        #expect(coverage.lines["route:charge:declined"] == 17 && coverage.lines["when:verify:true"] == 13)
        #expect(coverage.lines["stage:card"] == 5 && coverage.lines["route:card:success"] == 5)
        coverage.add(
            RunCoverage([
                e("screen.answered", "card"), e("screen.answered", "review"), e("step.start", "createToken"),
                e("step.end", "createToken"), e("step.start", "tokenize"), e("step.end", "tokenize"),
                e("stage.skipped", "verify", [JSONMember("condition", .string("card.brand == visa"))]),
                e("step.start", "charge"), e("step.end", "charge", [JSONMember("outcome", .string("approved"))]),
                e("run.end", nil, [JSONMember("status", .string("success"))]),
            ]))
        #expect(coverage.coveredCount == 11 && coverage.total == 17)
        #expect(
            coverage.uncovered.map(\.key) == [
                "stage:verify", "when:verify:true", "route:verify:success", "route:verify:failed", "route:verify:canceled",
                "route:charge:declined",
            ])
        // A stage that never ran shows in the text with its line.
        let report = CoverageReport(flows: [coverage])
        #expect(report.text.contains("  uncovered covered.yaml:17: route charge declined → card\n"), "\(report.text)")
        #expect(report.text.contains("coverage covered (covered.yaml): 11/17 64.7% over 1 scenario\n"))
    }

    @Test func whatTheCompilerProvedNoRunCanTakeIsNotCounted() throws {
        // `price.total >= 100` at a fixed price of 25 never holds (dead-route): only the skip counts.
        let compiled = FlowCompiler.compile(
            """
            flow: dead
            dsl: 1
            request: { price: { amount: 25, currency: USD } }
            screens:
              - kind: creditCard
            steps:
              - kind: createToken
              - kind: tokenize
              - id: verify
                kind: threeDS
                when: price.total >= 100
              - kind: sale
            """, file: "dead.yaml")
        let keys = try #require(compiled.flow).pipeline.coverageItems.map(\.key)
        #expect(keys.contains("when:verify:false"))
        #expect(!keys.contains("stage:verify") && !keys.contains("when:verify:true") && !keys.contains("route:verify:success"))
    }
}
