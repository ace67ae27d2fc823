import Foundation

/// The result object of SPEC §10, as `--json` prints it. Optional members are absent when the
/// run did not produce them, which tests check as `nil`.
struct ResultJSON: Decodable {
    struct Price: Decodable, Equatable {
        var amount: Decimal
        var taxAmount: Decimal
        var currency: String
    }

    struct CreditCard: Decodable, Equatable {
        var ccType: String
        var last4Digits: String
        var ccIssuingCountry: String?
        var expirationMonth: String?
        var expirationYear: String?
    }

    struct Address: Decodable, Equatable {
        var name: String?
        var email: String?
        var address: String?
        var city: String?
        var zip: String?
        var country: String?
        var state: String?
        var phone: String?
    }

    struct Transaction: Decodable, Equatable {
        var id: String
        var type: String
        var status: String
        var amount: Decimal?
        var currency: String?
    }

    struct Problem: Decodable, Equatable, CustomStringConvertible {
        var path: String
        var code: String
        var message: String
        var description: String { "\(path) \(code): \(message)" }
    }

    var status: String
    var paymentType: String?
    var flow: String
    var priceDetails: Price?
    var creditCard: CreditCard?
    var savedCard: Bool?
    var billingDetails: Address?
    var shippingDetails: Address?
    var threeDSAuthenticationResult: String?
    var payPalInvoiceId: String?
    var fraudSessionId: String
    var transaction: Transaction?
    var declineCode: String?
    var errors: [Problem]?

    /// The `path code` pairs of `errors`, in order.
    var errorCodes: [String] { (errors ?? []).map { "\($0.path) \($0.code)" } }
}

/// One JSON line of a `--trace` file. Only the members the tests read are decoded; `line` keeps
/// the whole text.
struct TraceEvent: Decodable {
    var seq: Int
    var event: String
    var stage: String?
    var outcome: String?
    var transaction: String?
    var code: String?
    var status: String?
    var line = ""

    private enum CodingKeys: String, CodingKey {
        case seq, event, stage, outcome, transaction, code, status
    }
}

extension Decimal {
    /// A decimal from its exact text, for comparisons that must not go through binary floating point.
    init(exactly text: String) {
        self = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }
}
