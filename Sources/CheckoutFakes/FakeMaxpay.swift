import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutProviders
import CheckoutRuntime
package import Foundation
import Synchronization

/// Maxpay's `api/cc` as `MaxpayProvider` uses it, served on loopback: the public key and the
/// signature are checked as Maxpay checks them (the signed fields are every field but the
/// card's, the signature and the public key), each test card behaves as in the sandbox (SPEC §7),
/// and the answer is Maxpay's `{status, code, message, reference, transaction_unique_id}` with
/// the codes of `MaxpayCodes`. Fields in a form Maxpay's SDKs never send (an alpha-2 `country`)
/// are refused. A `transaction_unique_id` seen before gets its first answer back
/// (a transient error excepted), so a retried charge never moves money twice. It keeps a ledger
/// and never keeps a card number or CVV.
package final class FakeMaxpay: Sendable {
    /// The merchant's public key it accepts.
    package let publicKey: String
    /// The private key signatures must be made with.
    package let privateKey: String
    /// The server (its port, connection count and fault hook).
    package let server: LoopbackHTTPServer
    let state = Mutex(State())

    /// One charge that moved money.
    package struct Charge: Sendable, Equatable {
        /// Maxpay's reference.
        package var reference: String
        /// The merchant's `transaction_unique_id`.
        package var transactionUniqueId: String
        /// `SALE`, `AUTH`, `SALE3D`, `AUTH3D`.
        package var type: String
        /// The amount's exact text.
        package var amount: String?
        /// The currency.
        package var currency: String?
    }

    struct State {
        var nextReference = 5_000_000
        var attempts: [String: Int] = [:]
        var answered: [String: Data] = [:]
        var ledger: [Charge] = []
        /// `SALE3D`/`AUTH3D`s waiting at the ACS page, by reference.
        var pending: [String: PendingAuthentication] = [:]
        /// How often the ACS page was posted to.
        var acsPosts = 0
        var settlements = FakeSettlementBook()
    }

    /// Fields of a request that Maxpay does not sign.
    static let unsigned: Set<String> = ["signature", "public_key", "card_number", "card_exp_month", "card_exp_year", "cvv", "card_holder"]

    /// The sandbox it answers as: its test cards (`checkout serve --fixtures`).
    let world: SandboxWorld

    /// Starts the fake on a loopback port.
    package init(
        publicKey: String = "fake-public-key", privateKey: String = "fake-private-key", port: UInt16 = 0, world: SandboxWorld = .builtIn
    ) throws {
        self.world = world
        self.publicKey = publicKey
        self.privateKey = privateKey
        let box = HandlerBox()
        server = try LoopbackHTTPServer(port: port) { request in box.handle(request) }
        box.fake.withLock { $0 = self }
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { server.baseURL }

    /// Every charge that moved money, in order.
    package var ledger: [Charge] { state.withLock { $0.ledger } }

    /// Stops the server.
    package func stop() { server.stop() }

    private final class HandlerBox: Sendable {
        let fake = Mutex<FakeMaxpay?>(nil)
        func handle(_ request: ServerRequest) -> ServerResponse {
            guard let f = fake.withLock({ $0 }) else { return .json(503, "{}") }
            return f.route(request)
        }
    }

    func route(_ request: ServerRequest) -> ServerResponse {
        if request.method == "POST", request.components.count == 2, request.components[0] == "acs" {
            return acs(request, reference: request.components[1])
        }
        guard request.method == "POST", request.components == ["api", "cc"] else {
            return .json(404, #"{"status":"error","code":404,"message":"Not found"}"#)
        }
        guard let body = JSONParser.parse(request.body), case .object(let members) = body else {
            return answer(MaxpayResponse(status: "error", code: MaxpayCodes.validationError.code, message: "Request is not JSON"))
        }
        var fields: [String: String] = [:]
        for m in members where !Self.unsigned.contains(m.key) { fields[m.key] = m.value.text ?? "" }
        let key = fields["transaction_unique_id"] ?? ""
        guard body["public_key"]?.text == publicKey else {
            return answer(MaxpayResponse(status: "error", code: MaxpayCodes.validationError.code, message: "Unknown public key"))
        }
        guard body["signature"]?.text?.lowercased() == MaxpaySignature.sign(fields, privateKey: privateKey) else {
            let e = MaxpayCodes.code(forError: .invalidSignature)
            return answer(MaxpayResponse(status: "error", code: e.code, message: e.message, transactionUniqueId: key))
        }
        if let refusal = Self.invalidField(fields, cardHolder: body["card_holder"]?.text) {
            return answer(
                MaxpayResponse(status: "error", code: MaxpayCodes.validationError.code, message: refusal, transactionUniqueId: key))
        }
        if let settled = settle(fields, key: key) { return settled }
        guard !key.isEmpty, let number = body["card_number"]?.text, CardNumber.luhnValid(number) else {
            return answer(
                MaxpayResponse(status: "error", code: MaxpayCodes.validationError.code, message: "Card or transaction id missing"))
        }
        let behavior = world.behavior(forNumber: number)
        return state.withLock { s -> ServerResponse in
            if let first = s.answered[key] {
                return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: first)
            }
            s.attempts[key, default: 0] += 1
            // SPEC §7's 0119 fails the first attempt; a fixture card's `transientFailures` its first N.
            if behavior.chargeFailsTransiently(attempt: s.attempts[key, default: 1]) {
                let e = MaxpayCodes.code(forError: .transient)
                return answer(MaxpayResponse(status: "error", code: e.code, message: e.message, transactionUniqueId: key))
            }
            s.nextReference += 1
            let reference = "mxr_\(s.nextReference)"
            let response: MaxpayResponse
            if (fields["transaction_type"] ?? "").uppercased().hasSuffix("3D") {
                response = authenticate(behavior, fields: fields, reference: reference, state: &s)
            } else {
                response = Self.charge(behavior, fields: fields, reference: reference, threeDS: nil, state: &s)
            }
            s.answered[key] = response.json()
            return answer(response)
        }
    }

    /// The answer to a transaction whose authentication passed or was not asked for: the
    /// card's approval (a ledger entry) or decline, as in the sandbox.
    static func charge(
        _ behavior: SandboxCardBehavior, fields: [String: String], reference: String, threeDS: ThreeDSResult?, state s: inout State
    ) -> MaxpayResponse {
        let key = fields["transaction_unique_id"] ?? ""
        if case .decline(let name) = behavior.charge {
            let e = MaxpayCodes.code(forDecline: name)
            return MaxpayResponse(
                status: "decline", code: e.code, message: e.message, reference: reference, transactionUniqueId: key,
                threeDSResult: threeDS?.rawValue)
        }
        s.ledger.append(
            Charge(
                reference: reference, transactionUniqueId: key, type: fields["transaction_type"] ?? "", amount: fields["amount"],
                currency: fields["currency"]))
        s.settlements.charged(reference, type: fields["transaction_type"], amount: fields["amount"], behavior: behavior)
        return MaxpayResponse(
            status: "success", code: MaxpayCodes.success.code, message: MaxpayCodes.success.message, reference: reference,
            transactionUniqueId: key, authCode: Self.authCode(reference), threeDSResult: threeDS?.rawValue)
    }

    /// Fields in a form Maxpay's SDKs never send, refused as a validation error: a charge without
    /// what both SDKs make non-optional (`user_ip`, `user_email`, `country`, `card_holder`, and
    /// `first_name`/`last_name`, which Android sends as `" "` when the shopper gave none), a
    /// `SALE3D` without its `redirect_url` and `callback_url`, a `country` that is not ISO 3166-1
    /// alpha-3 (iOS `PAYCountryField`, Android `CountryISOHelper`), a `date_of_birth` that is not
    /// YYYY-MM-DD.
    static func invalidField(_ fields: [String: String], cardHolder: String?) -> String? {
        // Only the charges carry the shopper (SALE, AUTH and their 3D forms); SETTLE, VOID and
        // REFUND name an earlier transaction.
        let type = (fields["transaction_type"] ?? "").uppercased()
        if ["SALE", "AUTH", "SALE3D", "AUTH3D"].contains(type) {
            // iOS `PAYTransactionRequest` (`ip`, `email`, `country`, `cardHolder`, `firstName`,
            // `lastName` non-optional), Android `PaymentDto` (`userIp`, `userEmail`, `country`,
            // `cardHolder` non-null); INTEGRATION.md marks the IP, email and names required.
            if fields["user_ip"].map(IPAddress.isValid) != true {
                return "Validation error: user_ip is required (the customer's IP address)"
            }
            for (field, what) in Self.requiredOfCharges where (fields[field] ?? "").isEmpty {
                return "Validation error: \(field) is required (\(what))"
            }
            if (cardHolder ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                return "Validation error: card_holder is required (the name on the card)"
            }
            // Both SDKs send the merchant's pages with a SALE3D (iOS `PAYSale3DRedirect`,
            // Android `MainViewModel.prepareForPayment`); Android's README: "needed for 3D secure".
            if type == "SALE3D" {
                for field in ["redirect_url", "callback_url"] where !Self.isWebURL(fields[field]) {
                    return "Validation error: \(field) is required for SALE3D (an http or https URL)"
                }
            }
        }
        if let country = fields["country"], !alpha3Countries.contains(country) {
            return "Validation error: country must be an ISO 3166-1 alpha-3 code"
        }
        if let birthday = fields["date_of_birth"], CalendarDate(iso: birthday) == nil {
            return "Validation error: date_of_birth must be YYYY-MM-DD"
        }
        return nil
    }

    /// Signed fields a charge must carry, and what each is.
    static let requiredOfCharges: [(String, String)] = [
        ("user_email", "the customer's email address"), ("country", "the customer's country"),
        ("first_name", "the customer's first name"), ("last_name", "the customer's last name"),
    ]

    static func isWebURL(_ text: String?) -> Bool {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    static let alpha3Countries = Set(Country.allCodes.compactMap(Country.alpha3(of:)))

    /// An issuer's authorization code: six characters, as approval codes are (ISO 8583 field
    /// 38), here the reference's last six digits.
    static func authCode(_ reference: String) -> String {
        String(format: "%06d", (Int(reference.dropFirst(4)) ?? 0) % 1_000_000)
    }

    func answer(_ response: MaxpayResponse) -> ServerResponse {
        ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: response.json())
    }
}
