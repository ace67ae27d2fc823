import CheckoutFakes
import Foundation
import Testing

/// `checkout run --scenario FILE#NAME` and `checkout test --filter`, run as a user runs them.
@Suite struct ReplayCommandTests {
    /// Text without the whitespace outside JSON strings: pretty JSON as the compact writer writes it.
    static func compact(_ json: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for c in json {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
                out.append(c)
            } else if !c.isWhitespace {
                out.append(c)
            }
        }
        return out
    }

    /// The `result:` line of each test case's per-step detail, and its event lines, by scenario name.
    static func junitDetail(_ xml: String) -> [String: (result: String, events: [String])] {
        var out: [String: (String, [String])] = [:]
        for chunk in xml.components(separatedBy: "<testcase name=\"").dropFirst() {
            let name = String(chunk.prefix { $0 != "\"" })
            guard let open = chunk.range(of: "<system-out>"), let close = chunk.range(of: "</system-out>") else { continue }
            let text = String(chunk[open.upperBound..<close.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            let lines = text.split(separator: "\n").map(String.init)
            let result = lines.first { $0.hasPrefix("result: ") }.map { String($0.dropFirst("result: ".count)) } ?? ""
            let events = lines.filter { $0.first == " " || $0.first?.isNumber == true }
            out[name] = (result, events)
        }
        return out
    }

    @Test func aReplayGivesExactlyWhatTheScenarioSaw() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("j.xml").path
        let cases: [(file: String, name: String)] = [
            ("flows/token-expiry.scenarios.yaml", "61 minutes on review, the token is refreshed once and the payment goes through"),
            ("flows/token-expiry.scenarios.yaml", "a wait that is not a duration"),
            ("flows/three-d-secure.scenarios.yaml", "authenticated, then declined at the charge"),
            ("flows/second-card.scenarios.yaml", "declined, then approved with a second card"),
            ("flows/standard-checkout.scenarios.yaml", "the current month is a valid expiry"),  // its own `now`
        ]
        for c in cases {
            let test = try CheckoutBinary.run(["test", c.file, "--filter", c.name, "--junit", junit])
            #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
            let detail = try #require(Self.junitDetail(try String(contentsOfFile: junit, encoding: .utf8))[c.name])
            let trace = ws.url.appendingPathComponent("t.jsonl").path
            let replay = try CheckoutBinary.run(["run", "--scenario", "\(c.file)#\(c.name)", "--json", "--trace", trace])
            #expect(!detail.result.isEmpty && Self.compact(replay.stdout) == detail.result, "\(c.name)")
            #expect(detail.events.count > 10 || c.name.hasPrefix("a wait"), "\(c.name)")
            // The same events, in order: seq, event and stage of each trace line.
            let lines = (try? String(contentsOfFile: trace, encoding: .utf8))?.split(separator: "\n") ?? []
            let events = try lines.map { line -> String in
                let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return [String(format: "%3d", o["seq"] as? Int ?? 0), o["event"] as? String ?? "", o["stage"] as? String]
                    .compactMap { $0 }.joined(separator: " ")
            }
            #expect(
                events
                    == detail.events.map {
                        $0.split(separator: " ", omittingEmptySubsequences: false).prefix(while: { !$0.contains("=") }).joined(
                            separator: " ")
                    }, "\(c.name)")
            // No card number in the replay's outputs (the scenarios' cards, with or without spaces).
            let outputs = replay.stdout + replay.stderr + lines.joined(separator: "\n")
            for number in ["4111111111111111", "4000000000009995", "4000000000000119", "4000000000001091"] {
                #expect(!outputs.contains(number) && !outputs.contains(number.chunked4), "\(c.name)")
            }
            // Exit code and text as `checkout run` gives them.
            let text = try CheckoutBinary.run(["run", "--scenario", "\(c.file)#\(c.name)"])
            #expect(text.status == replay.status)
            #expect(text.stdout.hasPrefix(c.file.contains("second-card") ? "second-card: " : ""))
        }
    }

    @Test func aReplayAgainstTheFakeBlueSnapGivesWhatTheScenarioSawThere() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("j.xml").path
        let file = "flows/standard-checkout.scenarios.yaml"
        let name = "insufficient funds"
        // A fresh fake for each, so both see the same transaction numbers.
        func withFake(_ arguments: [String]) throws -> CheckoutBinary.Output {
            let fake = try FakeBlueSnap()
            defer { fake.stop() }
            return try CheckoutBinary.run(
                arguments + ["--provider", "bluesnap", "--provider-url", fake.baseURL.absoluteString],
                environment: ProviderCommandTests.credentials(fake))
        }
        let test = try withFake(["test", file, "--filter", name, "--junit", junit])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(
            test.stdout.hasSuffix(
                "1 passed, 0 failed, \(try TestCommandTests.shippedSuites().first { $0.name == "standard-checkout" }!.count - 1) skipped\n")
        )
        let detail = try #require(Self.junitDetail(try String(contentsOfFile: junit, encoding: .utf8))[name])
        let replay = try withFake(["run", "--scenario", "\(file)#\(name)", "--json"])
        #expect(replay.status == 1, "\(replay.stderr)")
        #expect(!detail.result.isEmpty && Self.compact(replay.stdout) == detail.result)
        #expect(detail.result.contains("\"declineCode\":\"insufficient_funds\""))
    }

    @Test func usageErrorsSayWhatIsWrong() throws {
        let noHash = try CheckoutBinary.run(["run", "--scenario", "flows/token-expiry.scenarios.yaml"])
        #expect(noHash.status == 2 && noHash.stderr.contains("--scenario must be FILE#NAME"))
        let unknown = try CheckoutBinary.run(["run", "--scenario", "flows/token-expiry.scenarios.yaml#no tme passes, no refresh"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains(
                "no scenario named 'no tme passes, no refresh' in flows/token-expiry.scenarios.yaml; did you mean 'no time passes, no refresh'?"
            ))
        let noFile = try CheckoutBinary.run(["run", "--scenario", "flows/nothing.scenarios.yaml#x"])
        #expect(noFile.status == 2 && noFile.stderr.contains("no such file or directory"))
        let both = try CheckoutBinary.run([
            "run", "flows/token-expiry.yaml", "--scenario", "flows/token-expiry.scenarios.yaml#x", "--seed", "2",
        ])
        #expect(both.status == 2 && both.stderr.contains("drop a flow file, --seed"))
        let none = try CheckoutBinary.run(["run"])
        #expect(none.status == 2 && none.stderr.contains("give a flow file, or --scenario FILE#NAME"))
    }

    @Test func filterRunsOnlyMatchingNamesAndCombinesWithTags() throws {
        let r = try CheckoutBinary.run(["test", "flows/three-d-secure.scenarios.yaml", "--filter", "SPREEDLY", "--filter", "paypal"])
        #expect(r.status == 0, "\(r.stderr)")
        let ran = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok   ") }.map {
            String($0.dropFirst("ok   three-d-secure › ".count))
        }
        #expect(
            ran == [
                "spreedly fingerprint then challenge", "spreedly challenge failed", "spreedly fingerprint frictionless",
                "paypal skips 3-d secure",
            ])
        #expect(r.stdout.hasSuffix("4 passed, 0 failed, 12 skipped\n"))
        let both = try CheckoutBinary.run(["test", "flows/three-d-secure.scenarios.yaml", "--filter", "spreedly", "--tag", "challenge"])
        #expect(both.stdout.hasSuffix("2 passed, 0 failed, 14 skipped\n"), "\(both.stdout)")
        let help = try CheckoutBinary.run(["test", "--help"])
        #expect(help.stdout.contains("--filter <text>"))
    }
}

extension String {
    /// `4111 1111 1111 1111`: the number as the scenarios write it.
    fileprivate var chunked4: String {
        stride(from: 0, to: count, by: 4).map { i in
            String(self[index(startIndex, offsetBy: i)..<index(startIndex, offsetBy: Swift.min(i + 4, count))])
        }.joined(separator: " ")
    }
}
