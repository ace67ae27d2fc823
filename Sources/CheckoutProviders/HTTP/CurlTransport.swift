import CCurlShim
import CheckoutRuntime
public import Foundation
import Synchronization

/// `HTTPTransport` on libcurl, loaded at run time (`dlopen("libcurl.so.4")` on the first
/// request, never linked): a program that never talks to a provider never loads libcurl and
/// the ~30 libraries behind it. Per scheme, host and port a pool of at most
/// `maxConnectionsPerHost` easy handles, each keeping its connection alive for the next
/// request; a request waits (cancellably) for a free one. Transfers run on their own threads,
/// off Swift's cooperative pool.
///
/// TLS is verified as libcurl does by default (peer and host name, the system's CA store);
/// `caFile` adds a CA bundle of your own (tests). Proxies come from the environment as libcurl
/// reads them: `http_proxy` (lower case only), `https_proxy`/`HTTPS_PROXY`, `all_proxy`,
/// `no_proxy`. No cookies, no cache, no redirects followed, `Expect: 100-continue` off.
/// If libcurl cannot be loaded, every request fails `.unavailable` (the process carries on).
public final class CurlTransport: HTTPTransport {
    /// How many connections per host a pool sized from a job count gets at most.
    /// docs/benchmarks.md ("Providers over HTTP") has the measurements behind it.
    public static let pooledConnectionLimit = 8

    /// The per-host limit for `jobs` concurrent runs: the job count, at most `pooledConnectionLimit`.
    public static func connections(forJobs jobs: Int) -> Int { min(max(1, jobs), pooledConnectionLimit) }

    /// Whether libcurl could be loaded in this process (loads it if not tried yet).
    public static var isAvailable: Bool { cs_load() != 0 }

    /// The most connections (easy handles) open at once to one scheme, host and port.
    public let maxConnectionsPerHost: Int
    private let caFile: String?
    private let connectTimeout: Duration
    private let pools = Mutex<[String: CurlHandlePool]>([:])
    private static let queue = DispatchQueue(label: "CurlTransport.transfers", attributes: .concurrent)

    /// Creates a transport. `caFile` is a PEM bundle of CAs to trust instead of the system's;
    /// `connectTimeout` bounds opening a connection (TCP and TLS), within each request's timeout.
    public init(maxConnectionsPerHost: Int = 4, caFile: String? = nil, connectTimeout: Duration = .seconds(10)) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.caFile = caFile
        self.connectTimeout = connectTimeout
    }

    /// Connections (easy handles) open now to `url`'s scheme, host and port.
    public func openConnections(to url: URL) -> Int { pools.withLock { $0[Self.key(url)]?.openHandles ?? 0 } }

    /// Requests waiting for a free connection to `url`'s scheme, host and port.
    public func requestsWaiting(for url: URL) -> Int { pools.withLock { $0[Self.key(url)]?.waiting ?? 0 } }

    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        let host = HTTPFailure.hostAndPort(request.url)
        guard Self.isAvailable else {
            throw ProviderError(
                .unavailable, "cannot reach \(host): libcurl (libcurl.so.4) could not be loaded; install it (Debian/Ubuntu: libcurl4)")
        }
        try Task.checkCancellation()
        let key = Self.key(request.url)
        let pool = pools.withLock { pools in
            if let pool = pools[key] { return pool }
            let pool = CurlHandlePool(limit: maxConnectionsPerHost)
            pools[key] = pool
            return pool
        }
        let handle = try await pool.acquire()
        let total = max(1, Self.milliseconds(timeout))
        let settings = CurlTransfer.Settings(
            timeoutMilliseconds: total, connectTimeoutMilliseconds: min(total, max(1, Self.milliseconds(connectTimeout))), caFile: caFile)
        return try await CurlTransfer(request, settings: settings, host: host).run(on: handle, pool: pool, queue: Self.queue)
    }

    private static func key(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        return "\(scheme)://\(url.host ?? ""):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    private static func milliseconds(_ d: Duration) -> Int {
        let (seconds, attoseconds) = d.components
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }
}
