public import Foundation

/// `taxService`: the merchant computes the tax, as BlueSnap's `updateTaxFunc` does. An
/// external command is given the address and the price as JSON on stdin and prints the tax
/// amount; the flow's `taxUpdate` step calls it once the address is known.
package struct TaxService: Sendable, Hashable {
    /// The program and its arguments (a program path with a `/` is relative to the flow file);
    /// empty when the service is `url`.
    public var command: [String]
    /// The endpoint the JSON is POSTed to, instead of a command.
    public var url: String?
    /// HTTP header name → the environment variable holding its value (sent with `url`).
    public var headers: [String: String] = [:]
    /// How long one call may run before it is ended (the process is killed).
    public var timeout: Duration
    /// How many times the call is made in all before the step fails (1: no retry).
    public var attempts: Int

    /// How long a tax command may run when the flow does not say.
    public static let defaultTimeout = Duration.seconds(5)

    /// Creates a tax service.
    public init(command: [String] = [], url: String? = nil, timeout: Duration = TaxService.defaultTimeout, attempts: Int = 1) {
        self.command = command
        self.url = url
        self.timeout = timeout
        self.attempts = attempts
    }
}
