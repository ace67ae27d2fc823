/// How a run ended (SPEC §10 `status`).
public enum CheckoutStatus: String, Sendable, CaseIterable {
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

/// 3-D Secure results, as BlueSnap names them.
public enum ThreeDSResult: String, Sendable, CaseIterable {
    case authenticationSucceeded = "AUTHENTICATION_SUCCEEDED"
    case authenticationBypassed = "AUTHENTICATION_BYPASSED"
    case authenticationUnavailable = "AUTHENTICATION_UNAVAILABLE"
    case authenticationFailed = "AUTHENTICATION_FAILED"
    case authenticationCanceled = "AUTHENTICATION_CANCELED"
    case cardNotSupported = "CARD_NOT_SUPPORTED"
    case threeDSError = "THREE_DS_ERROR"

    /// SPEC §8 policy: succeeded and bypassed proceed; canceled ends `canceled`; the rest
    /// proceed only with `processFailed3DS`.
    public func proceeds(processFailed3DS: Bool) -> Bool {
        switch self {
        case .authenticationSucceeded, .authenticationBypassed: true
        case .authenticationCanceled: false
        case .authenticationUnavailable, .authenticationFailed, .cardNotSupported, .threeDSError: processFailed3DS
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
