package import CheckoutRuntime
import Foundation

extension SigningEnvironment {
    /// `.system`, and a flow's tax service `url` POSTed over HTTP with libcurl
    /// (`CurlTransport`; one connection per call, as a tax call is one request per run).
    package static let systemWithHTTP: SigningEnvironment = {
        var environment = SigningEnvironment.system
        environment.post = { url, headers, body, timeout in
            guard let endpoint = URL(string: url) else { throw ProviderError(.rejected, "not a URL") }
            var request = HTTPRequest(method: "POST", url: endpoint, body: Data(body.utf8))
            request.headers.set("Content-Type", "application/json")
            request.headers.set("Accept", "application/json")
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.headers.set(name, value) }
            let response = try await CurlTransport(maxConnectionsPerHost: 1).send(request, timeout: timeout)
            return CommandOutput(status: Int32(clamping: response.status), stdout: String(decoding: response.body, as: UTF8.self))
        }
        return environment
    }()
}
