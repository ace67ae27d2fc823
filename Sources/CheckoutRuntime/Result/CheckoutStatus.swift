/// How a run ended (SPEC §10 `status`).
public enum CheckoutStatus: String, Sendable, CaseIterable {
    /// SPEC §10 defines each; `exitCode` maps them to the CLI's exit codes.
    case success, declined, failed, canceled, invalid, error

    /// The process exit code (SPEC §11): 0 success; 1 declined, failed, canceled; 3 invalid
    /// answers; 4 provider failure after retries.
    public var exitCode: Int32 {
        switch self {
        case .success: 0
        case .declined, .failed, .canceled: 1
        case .invalid: 3
        case .error: 4
        }
    }
}

/// One problem with the shopper's input (SPEC §10 `errors`): `billing.zip`, `required`, why.
public struct AnswerIssue: Sendable, Hashable {
    /// Dotted path of the answer (`card.number`, `billing.zip`).
    public var path: String
    /// Stable snake_case code (`required`, `luhn_check_failed`).
    public var code: String
    /// A sentence for people; never contains card data.
    public var message: String

    /// Creates an issue.
    public init(path: String, code: String, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }
}
