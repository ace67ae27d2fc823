import CheckoutDomain
package import CheckoutLanguage

/// How a card scan ended without a card: the card-scan SDK's error codes, by name
/// (docs/running.md "Card scan"). Each is an outcome of the `cardScan` screen that a flow can
/// route; without a route, `canceled` ends the run `canceled` and the others `failed`. The
/// screen plays BAM's custom scan view, which is told of 300 and 320 and may retry the scan
/// (provider-contract row #27, docs/providers.md).
public enum CardScanError: String, Sendable, CaseIterable, Hashable {
    /// 200, 210, 220: the SDK's API credentials were refused.
    case authenticationFailed
    /// 240: scanning resources could not be loaded.
    case scanningNotAvailable
    /// 250: the shopper canceled the scan.
    case canceled
    /// 260: the camera could not be started.
    case cameraNotAvailable
    /// 280: the end-to-end encryption certificate has expired.
    case certificateNotValid
    /// 300: the card's brand is not among the accepted ones.
    case cardTypeNotAccepted
    /// 310: the app went to the background during the scan.
    case backgroundExecutionNotSupported
    /// 320: the card has expired.
    case cardExpired

    /// BAM's numeric error code (the first of a group: 200 for authentication).
    public var bamCode: Int {
        switch self {
        case .authenticationFailed: 200
        case .scanningNotAvailable: 240
        case .canceled: 250
        case .cameraNotAvailable: 260
        case .certificateNotValid: 280
        case .cardTypeNotAccepted: 300
        case .backgroundExecutionNotSupported: 310
        case .cardExpired: 320
        }
    }

    /// The screen outcome a flow routes with `on:`.
    package var outcome: StageOutcome {
        switch self {
        case .canceled: .canceled
        case .cardTypeNotAccepted: .cardTypeNotAccepted
        case .cardExpired: .cardExpired
        default: .failed
        }
    }

    /// How the run ends when the outcome is not routed (or routed to `end`).
    public var status: CheckoutStatus { self == .canceled ? .canceled : .failed }

    /// The snake_case code in the result's `errors` (`card_type_not_accepted`).
    public var code: String {
        rawValue.unicodeScalars.reduce(into: "") { out, c in
            if c.properties.isUppercase {
                out += "_" + String(c).lowercased()
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }

    /// BAM's message for the error, verbatim from its error table (docs/running.md "Card scan";
    /// provider-contract row #27).
    public var message: String {
        switch self {
        case .authenticationFailed: "Authentication failed"
        case .scanningNotAvailable: "Scanning not available at this time, please contact the app vendor"
        case .canceled: "Canceled by end-user"
        case .cameraNotAvailable: "The camera is currently not available"
        case .certificateNotValid: "Certificate not valid anymore. Please update your application"
        case .cardTypeNotAccepted: "Your card type is not accepted"
        case .backgroundExecutionNotSupported: "Background execution is not supported"
        case .cardExpired: "Your card is expired"
        }
    }
}

/// What a card scan read (the card-scan SDK's card information), or the error it ended
/// with. Holds secrets (number, CVV, sort code, account number): never print it.
public struct ScanAnswer: Sendable, CustomStringConvertible {
    /// The card number read; a secret until tokenized.
    public var number: String?
    /// `MM/YY` or `MM/YYYY`.
    public var expiry: String?
    /// The security code read; a secret, never printed.
    public var cvv: String?
    /// The card holder's name.
    public var name: String?
    /// The UK sort code read (`readsBankDetails`); a secret, never printed.
    public var sortCode: String?
    /// The UK account number read (`readsBankDetails`); a secret, never printed.
    public var accountNumber: String?
    /// The scan ended without a card.
    public var error: CardScanError?
    /// The expiry the shopper typed after the scan (BAM's edit step): over the one read.
    package var editedExpiry: String?
    /// The holder name the shopper typed after the scan, kept as entered.
    package var editedName: String?

    /// Creates a scan answer.
    public init(
        number: String? = nil, expiry: String? = nil, cvv: String? = nil, name: String? = nil, sortCode: String? = nil,
        accountNumber: String? = nil, error: CardScanError? = nil
    ) {
        self.number = number
        self.expiry = expiry
        self.cvv = cvv
        self.name = name
        self.sortCode = sortCode
        self.accountNumber = accountNumber
        self.error = error
    }

    /// `ScanAnswer(error: canceled)` or `ScanAnswer(card)`: never the card data.
    public var description: String { error.map { "ScanAnswer(error: \($0.rawValue))" } ?? "ScanAnswer(card)" }
}

/// A run's card-scan attempts as the result reports them (`cardScan`): the flow's
/// `cards.reportingCriteria` and each attempt's scan reference, in order. No card data.
package struct CardScanReport: Sendable, Equatable {
    /// `cards.reportingCriteria`, when the flow sets it.
    package var reportingCriteria: String?
    /// One scan reference per attempt (BAM `didStartScanAttemptWithScanReference`).
    package var scanReferences: [String]

    /// Creates a report.
    package init(reportingCriteria: String?, scanReferences: [String]) {
        self.reportingCriteria = reportingCriteria
        self.scanReferences = scanReferences
    }
}
