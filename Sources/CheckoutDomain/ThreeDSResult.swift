/// 3-D Secure results, as BlueSnap names them.
public enum ThreeDSResult: String, Sendable, CaseIterable {
    /// The shopper authenticated.
    case authenticationSucceeded = "AUTHENTICATION_SUCCEEDED"
    /// The issuer let the payment through without authentication.
    case authenticationBypassed = "AUTHENTICATION_BYPASSED"
    /// Authentication could not be done (the issuer or directory was unavailable).
    case authenticationUnavailable = "AUTHENTICATION_UNAVAILABLE"
    /// The shopper failed authentication.
    case authenticationFailed = "AUTHENTICATION_FAILED"
    /// The shopper cancelled authentication.
    case authenticationCanceled = "AUTHENTICATION_CANCELED"
    /// The card does not take part in 3-D Secure.
    case cardNotSupported = "CARD_NOT_SUPPORTED"
    /// 3-D Secure failed with an error.
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
