import Foundation
import Testing

/// `checkout serve`: the provider mocks as a user runs them, driven by the merchant-backend
/// example (plain HTTP from Python's standard library), with every request logged and no card
/// number in the log.
@Suite struct ServeCommandTests {
    /// A running `checkout serve`, its first two lines read (the URL, the credentials).
    final class Served {
        let process = Process()
        let output = Pipe()
        var url = ""
        var environment: [String: String] = [:]

        init(_ provider: String, _ extra: [String] = []) throws {
            process.executableURL = CheckoutBinary.url
            process.arguments = ["serve", provider] + extra
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Blocking reads until the two lines are there: no timing in the test.
            var text = ""
            while text.filter({ $0 == "\n" }).count < 2 {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            let lines = text.split(separator: "\n").map(String.init)
            url = lines.first.map { String($0.split(separator: " ").last ?? "") } ?? ""
            for pair in (lines.dropFirst().first ?? "").split(separator: " ").dropFirst() {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2 { environment[kv[0]] = kv[1] }
            }
        }

        /// Stops the server as Ctrl-C does (SIGINT) and returns everything it printed after
        /// the first two lines.
        func stop() -> String {
            process.interrupt()
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: rest, as: UTF8.self)
        }
    }

    /// `--fixtures FILE`: the fixtures file's cards answer as it says (a Visa declined
    /// `do_not_honor`), which the built-in sandbox approves; SPEC §7's cards still answer.
    @Test func aFixturesFilesCardsAnswerAsTheFileSays() throws {
        let fixtures = CheckoutBinary.root.appendingPathComponent("examples/sandbox-fixtures/fixtures/shoppers-and-cards.yaml").path
        let example = CheckoutBinary.root.appendingPathComponent("examples/merchant-backend/charge.py").path
        var answers: [[String]] = []
        for extra in [["--fixtures", fixtures], []] {
            let served = try Served("bluesnap", extra)
            let r = try CheckoutBinary.run(
                [example, served.url, "4000 0000 0000 0101", "4000 0000 0000 9995"], environment: served.environment,
                program: URL(fileURLWithPath: "/usr/bin/python3"))
            _ = served.stop()
            #expect(r.status == 0, "\(r.stderr)")
            answers.append(r.stdout.split(separator: "\n").map { String($0.replacing(/\s[0-9]{7}\s/, with: " ID ")) })
        }
        #expect(answers[0] == ["card ending 0101: declined DO_NOT_HONOR", "card ending 9995: declined INSUFFICIENT_FUNDS"], "\(answers)")
        #expect(answers[1] == ["card ending 0101: approved ID 25.00 USD", "card ending 9995: declined INSUFFICIENT_FUNDS"], "\(answers)")
    }

    @Test func aFixturesFileWithAnErrorIsRefusedBeforeServing() throws {
        let ws = try Workspace()
        let bad = try ws.write("cards:\n  - numbr: 4000 0000 0000 0101\n", to: "bad.yaml")
        let r = try CheckoutBinary.run(["serve", "spreedly", "--fixtures", bad])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.yaml:2:"), "\(r.stderr)")
        #expect(!r.stderr.contains("4000 0000 0000 0101"), "fixture lines hold card numbers: never shown")
        #expect(r.stdout.isEmpty)
    }

    @Test func theMerchantBackendExampleGetsTheSandboxsAnswersFromServeBlueSnap() throws {
        let served = try Served("bluesnap")
        #expect(served.url.hasPrefix("http://127.0.0.1:"), "\(served.url)")
        #expect(served.environment == ["BS_API_USER": "fake-api-user", "BS_API_PASSWORD": "fake-api-password"])
        let example = CheckoutBinary.root.appendingPathComponent("examples/merchant-backend/charge.py").path
        let r = try CheckoutBinary.run(
            [example, served.url], environment: served.environment, program: URL(fileURLWithPath: "/usr/bin/python3"))
        let log = served.stop()
        #expect(served.process.terminationStatus == 130, "Ctrl-C ends it as a shell reports SIGINT")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { $0.replacing(/\s[0-9]{7}\s/, with: " ID ") }
        #expect(
            lines == [
                "card ending 1111: approved ID 25.00 USD", "card ending 9995: declined INSUFFICIENT_FUNDS",
                "card ending 0002: declined PROCESSING_GENERAL_DECLINE", "card ending 0005: approved ID 25.00 USD",
            ], "\(r.stdout)")
        let requests = log.split(separator: "\n").map(String.init)
        #expect(requests.count == 12, "\(log)")
        #expect(requests.filter { $0 == "POST /services/2/transactions 400" }.count == 2, "\(log)")
        for (number, cvv) in [("4111 1111 1111 1111", "123"), ("4000 0000 0000 9995", "123"), ("3782 822463 10005", "1234")] {
            #expect(LeakScanner(number: number, cvv: cvv).findings(in: log).isEmpty, "\(log)")
        }
    }

    @Test func eachProviderServesAndNamesItsCredentials() throws {
        for (provider, name, keys) in [
            ("spreedly", "Spreedly", ["SPREEDLY_ACCESS_SECRET", "SPREEDLY_ENVIRONMENT_KEY", "SPREEDLY_GATEWAY_TOKEN"]),
            ("maxpay", "Maxpay", ["MAXPAY_PUBLIC_KEY"]),
        ] {
            let served = try Served(provider)
            _ = served.stop()
            #expect(served.url.hasPrefix("http://127.0.0.1:"), "\(provider)")
            #expect(served.environment.keys.sorted() == keys, "\(name)")
        }
    }

    @Test func aPortInUseIsAUsageError() throws {
        let served = try Served("bluesnap")
        defer { _ = served.stop() }
        let port = String(served.url.split(separator: ":").last ?? "")
        let r = try CheckoutBinary.run(["serve", "spreedly", "--port", port])
        #expect(r.status == 2)
        #expect(
            r.stderr == "checkout: error: cannot serve spreedly: cannot listen on 127.0.0.1:\(port): the port is in use\n", "\(r.stderr)")
    }

    @Test func aCardNumberInAPathIsMaskedInTheLog() throws {
        let served = try Served("bluesnap")
        let r = try CheckoutBinary.run(
            ["-s", "-o", "/dev/null", "\(served.url)/services/2/vaulted-shoppers/4111111111111111"],
            program: URL(fileURLWithPath: "/usr/bin/curl"))
        let log = served.stop()
        #expect(r.status == 0)
        #expect(log == "GET /services/2/vaulted-shoppers/[card number masked] 401\n", "\(log)")
    }
}
