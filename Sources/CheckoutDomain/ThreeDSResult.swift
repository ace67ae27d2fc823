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
