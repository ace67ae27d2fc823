import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutScenarios
import Foundation

/// `--providers [--rounds N] [--jobs 1,4,16] [--connections C]`: the standard checkout's scenarios, N rounds,
/// through the real HTTP adapter against the fake BlueSnap on loopback in this process, with 1,
/// 4 and 16 jobs. Per job count: checkouts/s, p50 and p99 latency of one checkout (a whole
/// scenario run, all its HTTP requests included), requests/s, and connections the server
/// accepted (pooling keeps it near the job count). A fresh fake and transport per job count;
/// the pool holds as many connections per host as `checkout test --jobs` gives it, or C.
enum ProvidersBenchmark {
    static func run(rounds: Int, jobCounts: [Int], connections: Int?) async throws -> Bool {
        let file = BenchEnvironment.root.appendingPathComponent("flows/standard-checkout.scenarios.yaml").path
        let suite = ScenarioSuite.load([file])
        guard !suite.hasErrors, let scenarios = suite.files.first?.scenarios else {
            print("checkout-bench: \(file) does not load; run `checkout test flows`")
            return false
        }
        let items = Array(repeating: scenarios.map { (suite: "standard-checkout", scenario: $0) }, count: rounds).flatMap { $0 }
        print("checkout-bench: \(scenarios.count) standard-checkout scenarios × \(rounds) rounds against the fake BlueSnap on loopback")
        print("  jobs  checkouts/s  p50 ms  p99 ms  requests/s  connections")
        for jobs in jobCounts {
            let fake = try FakeBlueSnap()
            defer { fake.stop() }
            let factory = ProviderFactory(
                environment: ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password],
                transport: CurlTransport(maxConnectionsPerHost: connections ?? CurlTransport.connections(forJobs: jobs)),
                override: ProviderOverride(name: .bluesnap, baseURL: fake.baseURL.absoluteString))
            let runner = ScenarioRunner(flows: suite.flows, jobs: jobs, provider: try factory.source(for: Array(suite.flows.values)))
            // One warm-up round: connections opened, caches filled; every scenario must pass.
            let warm = await runner.run(Array(items.prefix(scenarios.count)))
            guard warm.allSatisfy(\.passed) else {
                print("  \(warm.filter { !$0.passed }.count) scenarios fail against the fake; run the CheckoutProvidersTests")
                return false
            }
            let requestsBefore = fake.server.requestCount
            let start = DispatchTime.now().uptimeNanoseconds
            let outcomes = await runner.run(items)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard outcomes.allSatisfy(\.passed) else {
                print("  \(outcomes.filter { !$0.passed }.count) scenarios failed under load with \(jobs) jobs")
                return false
            }
            let latencies = outcomes.map {
                Double($0.duration.components.attoseconds) / 1e15 + Double($0.duration.components.seconds) * 1e3
            }
            .sorted()
            let requests = fake.server.requestCount - requestsBefore
            print(
                String(
                    format: "  %4d  %11.0f  %6.2f  %6.2f  %10.0f  %11d", jobs, Double(outcomes.count) / seconds,
                    percentile(latencies, 0.50), percentile(latencies, 0.99), Double(requests) / seconds, fake.server.acceptedConnections))
        }
        return true
    }

    /// The nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// `--serve-fake-bluesnap`: the fake BlueSnap on loopback until the process is stopped,
    /// for trying `checkout run|test --provider bluesnap --provider-url URL` by hand.
    static func serve() throws -> Never {
        let fake = try FakeBlueSnap()
        serveForever(
            "BlueSnap", url: fake.baseURL,
            environment: ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password],
            requests: { fake.server.requestCount },
            status: { "\(fake.server.acceptedConnections) connections, \(fake.ledger.count) charges" })
    }

    /// `--serve-fake-maxpay`: the fake Maxpay, taking signatures made with the shipped signer's
    /// key (flows/signers/maxpay-sign.sh without `MAXPAY_PRIVATE_KEY`).
    static func serveMaxpay() throws -> Never {
        let fake = try FakeMaxpay(privateKey: "sandbox-maxpay-private-key")
        serveForever(
            "Maxpay", url: fake.baseURL, environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey],
            requests: { fake.server.requestCount },
            status: { "\(fake.acsPosts) 3-D Secure pages, \(fake.ledger.count) charges" })
    }

    /// `--serve-fake-spreedly`: the fake Spreedly.
    static func serveSpreedly() throws -> Never {
        let fake = try FakeSpreedly()
        serveForever(
            "Spreedly", url: fake.baseURL, environment: fake.environment,
            requests: { fake.server.requestCount },
            status: {
                let wallets = fake.ledger.filter { $0.paymentMethodType != "credit_card" }.count
                return "\(fake.ledger.count) charges (\(wallets) wallet payments)"
            })
    }

    /// Prints where a fake listens and the environment its adapter needs, then a status line
    /// whenever its request count changes, until the process is stopped.
    private static func serveForever(
        _ name: String, url: URL, environment: [String: String], requests: () -> Int, status: () -> String
    ) -> Never {
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        say("fake \(name) listening on \(url.absoluteString)")
        say("export " + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        var last = -1
        while true {
            Thread.sleep(forTimeInterval: 1)
            guard requests() != last else { continue }
            last = requests()
            say("  \(last) requests, \(status())")
        }
    }
}
