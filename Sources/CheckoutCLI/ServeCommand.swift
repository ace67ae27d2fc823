import ArgumentParser
import CheckoutDomain
import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutScenarios
import Foundation

/// `checkout serve bluesnap|spreedly|maxpay`: a provider's API on loopback, answering as the
/// sandbox does (SPEC §7's test cards: approvals, declines, 3-D Secure), for a merchant's own
/// backend tests — what stripe-mock is for Stripe. The same fakes the project's tests check
/// its adapters against (docs/providers.md, "The fakes"); every request is logged, with card
/// data masked.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve BlueSnap's, Spreedly's or Maxpay's API on 127.0.0.1, answering as the sandbox does.",
        discussion: """
            Prints the base URL and the credentials to export, then one line per request \
            (method, path, status; card numbers masked) until stopped (Ctrl-C). See docs/providers.md, "checkout serve".
            """)

    enum Provider: String, ExpressibleByArgument, CaseIterable {
        case bluesnap, spreedly, maxpay
    }

    @Argument(help: "bluesnap, spreedly or maxpay.")
    var provider: Provider

    @Option(help: "The port on 127.0.0.1 (default: one the system picks, printed).")
    var port: UInt16 = 0

    @Option(
        help: ArgumentHelp(
            "A sandbox fixtures file (docs/testing.md): its test cards and (BlueSnap) shoppers answer besides SPEC §7's.",
            valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
    var fixtures: String?

    func run() throws {
        // Stopped by a signal (Ctrl-C, `kill`): exit 130/143 at once. Unblocked first, before
        // the server's threads start: a parent may hand its blocked signals down (a test
        // runner's Process does), and a mock that ignores SIGTERM cannot be stopped.
        var stops = sigset_t()
        sigemptyset(&stops)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, s) }
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        Interruption.exitOnSignal()
        var world = SandboxWorld.builtIn
        if let fixtures {
            let read = ScenarioReader.fixturesWorld(contentsOf: fixtures)
            if !read.diagnostics.isEmpty {
                let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
                Output.standardError(renderer.render(file: read.diagnostics, source: read.source))
            }
            guard let fixtureWorld = read.world else { throw ExitCode(ExitStatus.usage) }
            world = fixtureWorld
        }
        let name: String, url: URL, environment: [String: String], server: LoopbackHTTPServer, keep: AnyObject
        do {
            switch provider {
            case .bluesnap:
                let fake = try FakeBlueSnap(port: port, world: world)
                (name, url, server, keep) = ("BlueSnap", fake.baseURL, fake.server, fake)
                environment = ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password]
            case .spreedly:
                let fake = try FakeSpreedly(port: port, world: world)
                (name, url, server, keep, environment) = ("Spreedly", fake.baseURL, fake.server, fake, fake.environment)
            case .maxpay:
                // Signatures made with the shipped signer's key (flows/signers/maxpay-sign.sh).
                let fake = try FakeMaxpay(privateKey: "sandbox-maxpay-private-key", port: port, world: world)
                (name, url, server, keep) = ("Maxpay", fake.baseURL, fake.server, fake)
                environment = ["MAXPAY_PUBLIC_KEY": fake.publicKey]
            }
        } catch {
            Output.error("cannot serve \(provider.rawValue): \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        server.setRequestLog { request, response in
            Output.standardOutput("\(request.method) \(Self.masked(request.path)) \(response.status)\n")
        }
        Output.standardOutput("checkout serve: \(name) on \(url.absoluteString)\n")
        Output.standardOutput(
            "export " + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + "\n")
        withExtendedLifetime(keep) {
            while true { sleep(3600) }
        }
    }

    /// `text` with every run of 12–19 digits that passes the Luhn check (a card number a
    /// client put in a path) replaced: the log never shows one.
    static func masked(_ text: String) -> String {
        var out = "", digits = ""
        func flush() {
            out += (12...19).contains(digits.count) && CardNumber.luhnValid(digits) ? "[card number masked]" : digits
            digits = ""
        }
        for c in text {
            if c.isASCII && c.isNumber {
                digits.append(c)
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return out
    }
}
