import CheckoutRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` on URLSession (FoundationNetworking on Linux, libcurl underneath): one
/// session for the whole process, whose connections are kept alive and reused, at most
/// `maxConnectionsPerHost` at a time per host (set it from `--jobs`). TLS comes from the system.
/// No cookies, no cache, no credential store: every request carries what it needs.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// How many connections per host a pool sized from a job count gets at most. On Linux,
    /// URLSession (libcurl underneath) keeps only a few idle connections: with a per-host limit
    /// of 8 or 16, `checkout-bench --providers` saw 35 to 232 connections accepted for 1,560
    /// checkouts at 16 jobs (connections closed and reopened), with 4 exactly 4, at the same
    /// throughput. docs/benchmarks.md.
    public static let pooledConnectionLimit = 4

    /// The per-host limit for `jobs` concurrent runs: the job count, at most `pooledConnectionLimit`.
    public static func connections(forJobs jobs: Int) -> Int { min(max(1, jobs), pooledConnectionLimit) }

    /// Creates a transport with its own session.
    public init(maxConnectionsPerHost: Int = 4) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        var r = URLRequest(url: request.url)
        r.httpMethod = request.method
        r.httpBody = request.body
        r.timeoutInterval = max(0.001, Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        for (name, value) in request.headers { r.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            // URLSession's async `data(for:)` cancels its task when the calling task is cancelled.
            (data, response) = try await session.data(for: r)
        } catch {
            throw HTTPFailure.map(error, host: HTTPFailure.hostAndPort(request.url))
        }
        guard let http = response as? HTTPURLResponse else {
            throw ProviderError(.unavailable, "\(HTTPFailure.hostAndPort(request.url)) sent something that is not an HTTP response")
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.set(name, value) }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// How transport failures become `ProviderError`s. Messages name the host and what went
/// wrong, never a URL's query, a header or a body.
public enum HTTPFailure {
    /// The `ProviderError` (or `CancellationError`) for an error a transport threw.
    public static func map(_ error: any Error, host: String) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if let e = error as? ProviderError { return e }
        guard let url = error as? URLError else {
            return ProviderError(.unavailable, "the request to \(host) failed")
        }
        switch url.code {
        case .cancelled: return CancellationError()
        case .timedOut: return ProviderError(.timeout, "\(host) did not answer in time")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
            return ProviderError(.unavailable, "cannot connect to \(host)")
        case .networkConnectionLost:
            return ProviderError(.unavailable, "the connection to \(host) was lost before the answer was complete")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return ProviderError(.unavailable, "\(host) sent a response that could not be read")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return ProviderError(.unavailable, "no secure connection to \(host)")
        default:
            return ProviderError(.unavailable, "the request to \(host) failed (URL error \(url.code.rawValue))")
        }
    }

    /// The text of `base` with `path` after it, whatever slashes `base` ends with
    /// (`https://host/` + `v1/x` → `https://host/v1/x`).
    public static func joined(_ base: URL, _ path: String) -> String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text + "/" + path
    }

    /// `host` or `host:port` of a URL, for messages (never its path, query or user info).
    public static func hostAndPort(_ url: URL) -> String {
        let host = url.host ?? "the provider"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The `ProviderError` for a response whose status is a server failure (5xx) or that
    /// the adapter cannot use: retryable, so a charge is sent again with its idempotency key.
    public static func serverFailure(status: Int, host: String) -> ProviderError {
        ProviderError(.unavailable, "\(host) answered HTTP \(status)")
    }

    /// The `ProviderError` for a body that is not what the API documents.
    public static func malformed(_ what: String, host: String) -> ProviderError {
        ProviderError(.transient, "\(host) sent \(what) that could not be read")
    }
}
