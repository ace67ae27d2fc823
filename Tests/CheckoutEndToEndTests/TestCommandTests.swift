import Foundation
import Testing

/// `checkout test` run as a user runs it: the shipped flows' scenarios, and suites written
/// into a workspace to see failures, diagnostics and options.
@Suite struct TestCommandTests {
    /// The shipped scenarios files and how many scenarios each holds (items at column 0).
    static func shippedSuites() throws -> [(name: String, count: Int)] {
        let dir = CheckoutBinary.root.appendingPathComponent("flows")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".scenarios.yaml") }.sorted().map {
            let text = try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)
            return (String($0.dropLast(".scenarios.yaml".count)), text.split(separator: "\n").filter { $0.hasPrefix("- ") }.count)
        }
    }

    /// The shipped scenarios files with `sandbox:` fixtures or chains.
    static let fixtureSuites: Set<String> = ["create-payment", "sandbox-fixtures"]

    /// The shipped scenario output lines' units for `--shard`: each scenario alone, but the
    /// scenarios of one chain (`chain:` in the file) together, at the first one's place.
    static func shardUnits(_ lines: [String]) throws -> [[Int]] {
        var chainOf: [String: String] = [:]
        let dir = CheckoutBinary.root.appendingPathComponent("flows")
        for suite in try shippedSuites() {
            let text = try String(contentsOf: dir.appendingPathComponent(suite.name + ".scenarios.yaml"), encoding: .utf8)
            var name = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("- name: ") { name = String(line.dropFirst("- name: ".count)) }
                if line.hasPrefix("  chain: ") {
                    chainOf["ok   \(suite.name) › \(name)"] = suite.name + "/" + line.dropFirst("  chain: ".count)
                }
            }
        }
        var units: [[Int]] = []
        var unitOf: [String: Int] = [:]
        for (i, line) in lines.enumerated() {
            if let chain = chainOf[line] {
                if let u = unitOf[chain] {
                    units[u].append(i)
                    continue
                }
                unitOf[chain] = units.count
            }
            units.append([i])
        }
        return units
    }

    static func scenarioLines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ok   ") || $0.hasPrefix("FAIL ") }
    }

    @Test func everyShippedScenarioPasses() throws {
        let suites = try Self.shippedSuites()
        #expect(suites.count >= 5)
        let total = suites.map(\.count).reduce(0, +)
        let r = try CheckoutBinary.run(["test", "flows"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let lines = Self.scenarioLines(r.stdout)
        #expect(lines.count == total && lines.allSatisfy { $0.hasPrefix("ok   ") })
        #expect(r.stdout.hasSuffix("\(total) passed, 0 failed\n"))
        // File order: the suites sorted by path, each with its own scenario count.
        var expectedPrefixes: [String] = []
        for s in suites { expectedPrefixes += Array(repeating: "ok   \(s.name) › ", count: s.count) }
        #expect(zip(lines, expectedPrefixes).allSatisfy { $0.hasPrefix($1) })
    }

    @Test func aFailingScenarioIsReportedWithItsLineAndExitsOne() throws {
        let ws = try Workspace()
        try ws.write(
            try String(contentsOf: CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml"), encoding: .utf8),
            to: "shop.yaml")
        let suite = try ws.write(
            """
            - name: approved
              answers: &visa
                card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
                billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
              expect: { status: success, exitCode: 0 }
            - name: wrongly expects a decline
              answers: *visa
              expect: { status: declined, declineCode: lost_card }
            """, to: "shop.scenarios.yaml")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stdout == """
                ok   shop › approved
                FAIL shop › wrongly expects a decline
                       \(suite):6: expected status declined, got success
                       \(suite):6: expected declineCode lost_card, got none
                       got: status success, exitCode 0, paymentType CC
                1 passed, 1 failed

                """)
        // A flow path stands for the scenarios file beside it.
        let viaFlow = try CheckoutBinary.run(["test", ws.url.appendingPathComponent("shop.yaml").path])
        #expect(viaFlow.status == 1 && viaFlow.stdout == r.stdout)
    }

    @Test func invalidScenariosFileExitsTwoWithPositionsAndRunsNothing() throws {
        let ws = try Workspace()
        try ws.write("flow: shop\ndsl: 1\nrequest: { price: { amount: 1.00 } }\n", to: "shop.yaml")
        let suite = try ws.write(
            """
            - name: a
              answers: { paymentMethod: paypal }
              expcet: { status: success }
            """, to: "shop.scenarios.yaml")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(suite):3:3: error: unknown key 'expcet' in a scenario [unknown-key]"), "\(r.stderr)")
        #expect(r.stderr.contains("help: did you mean 'expect'?"))
    }

    @Test func invalidFlowExitsTwo() throws {
        let ws = try Workspace()
        let flow = try ws.write("flow: shop\ndsl: 1\nrequest: { withEmial: true, price: { amount: 1.00 } }\n", to: "shop.yaml")
        let suite = try ws.write(
            "- { name: a, answers: { paymentMethod: paypal }, expect: { status: success } }\n", to: "shop.scenarios.yaml")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(flow):3:"), "\(r.stderr)")
        #expect(r.stderr.contains("withEmail"))
    }

    @Test(arguments: [
        ["test", "flows", "--shard", "0/2"], ["test", "flows", "--shard", "3/2"], ["test", "flows", "--shard", "x"],
        ["test", "flows", "--jobs", "0"], ["test", "no-such-dir"], ["test", "docs"], ["test"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let r = try CheckoutBinary.run(arguments)
        #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 5])
    func shardsPartitionTheSuite(count: Int) throws {
        let all = Self.scenarioLines(try CheckoutBinary.run(["test", "flows"]).stdout)
        var seen: [String] = []
        for k in 1...count {
            let r = try CheckoutBinary.run(["test", "flows", "--shard", "\(k)/\(count)"])
            #expect(r.status == 0, "\(r.stderr)")
            let mine = Self.scenarioLines(r.stdout)
            let skipped = all.count - mine.count
            #expect(r.stdout.hasSuffix("\(mine.count) passed, 0 failed\(skipped > 0 ? ", \(skipped) skipped" : "")\n"))
            // Round robin over file order: this shard holds units k-1, k-1+N, … (a chain is one unit).
            let units = try Self.shardUnits(all)
            let expected = stride(from: k - 1, to: units.count, by: count).flatMap { units[$0] }.sorted().map { all[$0] }
            #expect(mine == expected)
            seen += mine
        }
        #expect(seen.sorted() == all.sorted())
        #expect(Set(seen).count == all.count)
    }

    @Test func fourJobsPrintExactlyWhatOneJobPrints() throws {
        let one = try CheckoutBinary.run(["test", "flows", "--jobs", "1"])
        let four = try CheckoutBinary.run(["test", "flows", "--jobs", "4"])
        #expect(one.status == 0 && four.status == 0)
        #expect(four.stdout == one.stdout)
        #expect(four.stderr == one.stderr)
    }

    @Test func tagsSelectAndSkip() throws {
        let ws = try Workspace()
        try ws.write("flow: shop\ndsl: 1\nrequest: { price: { amount: 1.00 } }\n", to: "shop.yaml")
        let suite = try ws.write(
            """
            - { name: a, answers: { paymentMethod: paypal }, expect: { status: success }, tags: [smoke] }
            - { name: b, answers: { paymentMethod: paypal }, expect: { status: success }, tags: [smoke, slow] }
            - { name: c, answers: { paymentMethod: paypal }, expect: { status: success } }
            - { name: d, answers: { paymentMethod: applePay }, expect: { status: success }, tags: [wallet] }
            """, to: "shop.scenarios.yaml")
        func names(_ args: [String]) throws -> (String, [String]) {
            let r = try CheckoutBinary.run(["test", suite] + args)
            #expect(r.status == 0, "\(r.stderr)")
            let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
            return (
                last, Self.scenarioLines(r.stdout).map { String($0.split(separator: "›").last ?? "").trimmingCharacters(in: .whitespaces) }
            )
        }
        #expect(try names([]) == ("4 passed, 0 failed", ["a", "b", "c", "d"]))
        #expect(try names(["--tag", "smoke"]) == ("2 passed, 0 failed, 2 skipped", ["a", "b"]))
        #expect(try names(["--tag", "smoke", "--tag", "wallet"]) == ("3 passed, 0 failed, 1 skipped", ["a", "b", "d"]))
        #expect(try names(["--skip-tag", "slow"]) == ("3 passed, 0 failed, 1 skipped", ["a", "c", "d"]))
        #expect(try names(["--tag", "smoke", "--skip-tag", "slow"]) == ("1 passed, 0 failed, 3 skipped", ["a"]))
        #expect(try names(["--tag", "nothing"]) == ("0 passed, 0 failed, 4 skipped", []))
    }
}
