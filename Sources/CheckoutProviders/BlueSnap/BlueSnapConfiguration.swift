package import Foundation

/// Where BlueSnap is and how to sign in: the base URL (sandbox unless overridden) and the API
/// user's Basic-auth credentials, read from the environment by `ProviderFactory`.
package struct BlueSnapConfiguration: Sendable {
    /// BlueSnap's sandbox: the default base URL.
    public static let sandboxURL = URL(string: "https://sandbox.bluesnap.com")!

    /// The base URL; the API lives under `services/2/` below it.
    public var baseURL: URL
    /// The API user and password.
    public var credentials: BasicCredentials
    /// How long one HTTP request may take before it fails with `timeout` (retried by the
    /// runtime where the step retries).
    public var requestTimeout: Duration

    /// Creates a configuration.
    public init(baseURL: URL = BlueSnapConfiguration.sandboxURL, credentials: BasicCredentials, requestTimeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.requestTimeout = requestTimeout
    }
}

/// A user name and password for HTTP Basic auth. Never printed: `description` and
/// `debugDescription` say only that credentials are there, and no mirror shows them.
package struct BasicCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The user name.
    public let username: String
    /// The password.
    public let password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header's value: `Basic base64(user:password)`.
    public var authorization: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }

    public var description: String { "BasicCredentials(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
