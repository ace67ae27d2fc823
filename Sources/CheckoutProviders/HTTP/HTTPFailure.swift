package import CheckoutRuntime
package import Foundation

/// How transport failures become `ProviderError`s. Messages name the host and what went
/// wrong, never a URL's query, a header or a body.
package enum HTTPFailure {
    /// The `ProviderError` (or `CancellationError`) for an error a transport threw.
    public static func map(_ error: any Error, host: String) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if let e = error as? ProviderError { return e }
        return ProviderError(.unavailable, "the request to \(host) failed")
    }

    /// The `ProviderError` for a libcurl error code (`CURLE_…`, curl/curl.h) from a request to `host`.
    public static func curl(_ code: Int, host: String) -> ProviderError {
        switch code {
        case 28:  // CURLE_OPERATION_TIMEDOUT
            return ProviderError(.timeout, "\(host) did not answer in time")
        case 5, 6, 7:  // CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT
            return ProviderError(.unavailable, "cannot connect to \(host)")
        case 18, 52, 55, 56:  // CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR
            return ProviderError(.unavailable, "the connection to \(host) was lost before the answer was complete")
        case 8:  // CURLE_WEIRD_SERVER_REPLY
            return ProviderError(.unavailable, "\(host) sent a response that could not be read")
        // CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION (51 before 7.62), CURLE_SSL_CERTPROBLEM,
        // CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
        // CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS
        case 35, 51, 58, 60, 77, 80, 83, 90, 91:
            return ProviderError(.unavailable, "no secure connection to \(host)")
        default:
            return ProviderError(.unavailable, "the request to \(host) failed (curl error \(code))")
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
