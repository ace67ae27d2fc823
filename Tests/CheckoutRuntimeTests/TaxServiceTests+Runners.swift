import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// The tax service over HTTP (`url`, through an injected `post`) and the real command runner.
extension TaxServiceTests {
    static let urlFlow = flow.replacingOccurrences(
        of: "taxService: { command: [tax/rates.sh, --live], timeout: 2s, attempts: 2 }",
        with: "taxService: { url: \"https://tax.example/quote\", headers: { X-Api-Key: \"${env:TAX_KEY}\" }, attempts: 2 }")

    @Test func aURLServiceIsPostedTheSameJSONWithItsHeadersFromTheEnvironment() async throws {
        let posts = Mutex<[(String, [String: String], String)]>([])
        let r = try await run(
            Self.urlFlow, environment: ["TAX_KEY": "k-123"],
            post: { url, headers, body, _ in
                posts.withLock { $0.append((url, headers, body)) }
                return CommandOutput(status: 200, stdout: #"{"taxAmount":"3.55"}"#)
            }, answer: Self.answering("never run", status: 9))
        #expect(r.result.status == .success)
        #expect(r.result.price?.taxAmount == Decimal(string: "3.55"))
        #expect(r.calls.isEmpty, "no command")
        let sent = try #require(posts.withLock { $0.first })
        #expect(sent.0 == "https://tax.example/quote")
        #expect(sent.1 == ["X-Api-Key": "k-123"])
        #expect(sent.2.hasPrefix(#"{"address":{"country":"US","state":"NY","zip":"10118""#))
        let hook = try #require(r.event("hook.tax"))
        #expect(!"\(hook.attributes)".contains("k-123"), "the header's value is never traced")
    }

    @Test func aURLServiceFailsOnAnErrorStatusAnUnsetVariableOrNoHTTPClient() async throws {
        let down = try await run(
            Self.urlFlow, environment: ["TAX_KEY": "k"], post: { _, _, _, _ in CommandOutput(status: 503, stdout: "busy") },
            answer: Self.answering(""))
        #expect(down.result.errors.map(\.code) == ["tax_failed"])
        #expect(down.result.errors.first?.message == "the tax service 'https://tax.example/quote' answered HTTP 503")
        #expect(down.ledger.isEmpty)
        let unset = try await run(
            Self.urlFlow, post: { _, _, _, _ in CommandOutput(status: 200, stdout: #"{"taxAmount":"1.00"}"#) },
            answer: Self.answering(""))
        #expect(unset.result.errors.first?.message == "the environment variable TAX_KEY (taxService.headers.X-Api-Key) is not set")
        let none = try await run(Self.urlFlow, environment: ["TAX_KEY": "k"], answer: Self.answering(""))
        #expect(
            none.result.errors.first?.message
                == "this run cannot reach the tax service 'https://tax.example/quote': it has no HTTP client")
    }

    /// The real runner: a command past its timeout is killed (SIGKILL, so a blocked or ignored
    /// SIGTERM cannot keep it alive) and reported as `CommandTimedOut`; one that ends is read.
    @Test func theSystemRunnerKillsACommandPastItsTimeout() async throws {
        await #expect(throws: CommandTimedOut.self) {
            _ = try await SigningEnvironment.system.runCommand(["sh", "-c", "trap '' TERM; exec sleep 30"], nil, "", .milliseconds(200))
        }
        // A child of the command keeps its stdout open after the command is killed: the
        // timeout still ends the call (a script's `curl` that hangs).
        await #expect(throws: CommandTimedOut.self) {
            _ = try await SigningEnvironment.system.runCommand(["sh", "-c", "sleep 30; echo late"], nil, "", .milliseconds(200))
        }
        let echoed = try await SigningEnvironment.system.runCommand(["sh", "-c", "cat; exit 4"], nil, "{\"a\":1}", .seconds(10))
        #expect(echoed == CommandOutput(status: 4, stdout: "{\"a\":1}"))
    }
}
