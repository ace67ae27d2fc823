import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutProviders
import CheckoutRuntime
package import Foundation
import Synchronization

/// Spreedly's `v1` API as `SpreedlyProvider` uses it, served on loopback: Basic auth with one
/// environment key and access secret, one gateway token, payment methods vaulted without
/// keeping the card number or CVV (only the sandbox behaviour of the card, its type, last four
/// and expiry), purchases, authorizations, captures and the 3DS2 lifecycle (`complete.json`, the challenge on its own `challenge_url` page),
/// each test card behaving as in the sandbox (SPEC §7), and wallet payments (an `apple_pay`
/// payment method purchased, a `paypal` one as an offsite purchase the shopper approves at once,
/// read back with `GET v1/transactions/{token}.json`). As real Spreedly, it gives `order_id` no
/// deduplication: every purchase is a new one, so an adapter must ask what an earlier attempt
/// did (`GET v1/payment_methods/{token}/transactions.json`) before charging again. Simplifications (docs/providers.md): the 3-D Secure result rides on the
/// transaction as `three_ds_result`, and a second capture of one authorization answers the first.
package final class FakeSpreedly: Sendable {
    /// The environment key and access secret it accepts.
    package let credentials: BasicCredentials
    /// The gateway token it knows.
    package let gatewayToken: String
    /// The server (its port, connection count and fault hook).
    package let server: LoopbackHTTPServer
    let state = Mutex(State())

    /// One charge that moved money: a purchase, or an authorization (captured or not).
    package struct Charge: Sendable, Equatable {
        /// The purchase's or authorization's transaction token.
        package var token: String
        /// The merchant's `order_id`.
        package var orderId: String
        /// `Purchase` or `Authorization`.
        package var type: String
        /// The amount in minor units.
        package var amount: String
        /// The currency.
        package var currency: String
        /// The capture's token once an authorization is captured.
        package var captureToken: String?
        /// The payment method's type: `credit_card`, `apple_pay` or `paypal`.
        package var paymentMethodType = "credit_card"
    }

    struct PaymentMethod {
        var behavior: SandboxCardBehavior
        var cardType: String
        var last4: String
    }

    /// Where a pending 3DS2 transaction stands.
    enum Stage { case fingerprint, challenge }

    struct Tx {
        var token: String
        var type: String
        var state: String
        var orderId: String?
        var amount: String
        var currency: String
        var paymentMethod: String
        var errorCode: String?
        var stage: Stage?
        var threeDS: ThreeDSResult?
        /// The 3DS2 course the authorization's amount (or card) picked.
        var course: ThreeDSCourse?
        /// What the shopper typed on the issuer's challenge page, until `complete.json` reads it.
        var challengeAnswer: String?
        /// PayPal's page for an offsite purchase (the shopper approves there).
        var checkoutURL: String?
        /// The gateway's id of a wallet payment (PayPal's, 12 digits).
        var gatewayTransactionId: String?
        /// `credit_card`, `apple_pay` or `paypal`.
        var paymentMethodType = "credit_card"
    }

    struct State {
        var next = 1000
        var methods: [String: PaymentMethod] = [:]
        /// Wallet payment methods: token → `apple_pay` or `paypal`.
        var walletMethods: [String: String] = [:]
        var transactions: [String: Tx] = [:]
        /// How many coming charges the gateway makes but answers `gateway_processing_result_unknown`.
        var resultUnknown = 0
        var attempts: [String: Int] = [:]
        var captures: [String: String] = [:]
        var settlements = FakeSettlementBook()
        var ledger: [Charge] = []
        var payPalShopperApproves = true
        var applePayNeedsPaymentData = false

        /// A fresh token: `prefix` and a counter, padded to Spreedly's 29 characters.
        mutating func token(_ prefix: String) -> String {
            next += 1
            let digits = String(next)
            return prefix + String(repeating: "0", count: max(0, 29 - prefix.count - digits.count)) + digits
        }
    }

    /// The sandbox it answers as: its test cards (`checkout serve --fixtures`).
    let world: SandboxWorld

    /// Starts the fake on a loopback port.
    package init(
        environmentKey: String = "fake-environment-key", accessSecret: String = "fake-access-secret",
        gatewayToken: String = "FakeGateway0001", port: UInt16 = 0, world: SandboxWorld = .builtIn
    )
        throws
    {
        self.world = world
        credentials = BasicCredentials(username: environmentKey, password: accessSecret)
        self.gatewayToken = gatewayToken
        let box = HandlerBox()
        server = try LoopbackHTTPServer(port: port) { request in box.handle(request) }
        box.fake.withLock { $0 = self }
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { server.baseURL }

    /// Every charge that moved money, in order.
    package var ledger: [Charge] { state.withLock { $0.ledger } }

    /// The environment a user would export for this fake.
    package var environment: [String: String] {
        [
            "SPREEDLY_ENVIRONMENT_KEY": credentials.username, "SPREEDLY_ACCESS_SECRET": credentials.password,
            "SPREEDLY_GATEWAY_TOKEN": gatewayToken,
        ]
    }

    /// Whether the fake's PayPal shopper approves at `checkout_url` at once (the default, as the
    /// sandbox approves). False leaves PayPal purchases `pending` and charges nothing, as with a
    /// real shopper no headless run can send to PayPal.
    package func setPayPalShopperApproves(_ approves: Bool) { state.withLock { $0.payPalShopperApproves = approves } }

    /// When true, an `apple_pay` payment method without the device's `payment_data` is refused
    /// (422, `payment_data errors.blank`), as real Spreedly refuses one it cannot decrypt.
    package func setApplePayNeedsPaymentData(_ needs: Bool) { state.withLock { $0.applePayNeedsPaymentData = needs } }

    /// The next `count` charges that the gateway approves are made (and in the ledger) but
    /// answered `gateway_processing_result_unknown`, as when the gateway's answer to Spreedly
    /// is lost: what a retry must not charge again.
    public func setResultUnknown(count: Int) { state.withLock { $0.resultUnknown = count } }

    /// Stops the server.
    package func stop() { server.stop() }

    private final class HandlerBox: Sendable {
        let fake = Mutex<FakeSpreedly?>(nil)
        func handle(_ request: ServerRequest) -> ServerResponse {
            guard let f = fake.withLock({ $0 }) else { return .json(503, "{}") }
            return f.route(request)
        }
    }

    func route(_ request: ServerRequest) -> ServerResponse {
        // The issuer's challenge page (the transaction's `challenge_url`): the shopper's browser
        // posts there, without Spreedly's credentials.
        if request.method == "POST", request.components.count == 2, request.components[0] == "acs" {
            return answerChallenge(request.components[1], form: String(decoding: request.body, as: UTF8.self))
        }
        guard request.headers["Authorization"] == credentials.authorization else {
            return Self.errors(401, "errors.invalid_credentials")
        }
        let path = request.components
        guard path.first == "v1" else { return Self.errors(404, "errors.not_found") }
        if request.method == "GET" {
            let p = Array(path.dropFirst())
            if p.count == 3, p[0] == "payment_methods", p[2] == "transactions.json" {
                return list(paymentMethod: p[1], newestFirst: request.query("order") == "desc")
            }
            if p == ["transactions.json"] { return list(paymentMethod: nil, newestFirst: request.query("order") == "desc") }
            guard p.count == 2, p[0] == "transactions", p[1].hasSuffix(".json") else { return Self.errors(404, "errors.not_found") }
            return show(String(p[1].dropLast(".json".count)))
        }
        guard request.method == "POST" else { return Self.errors(404, "errors.not_found") }
        // `complete.json` takes no body (spreedly-gem `complete_transaction` posts none).
        if path.count == 4, path[1] == "transactions", path[3] == "complete.json" { return completeThreeDS(path[2]) }
        guard let body = JSONParser.parse(request.body) else { return Self.errors(422, "errors.invalid_json") }
        if let settled = settle(Array(path.dropFirst()), body: body) { return settled }
        switch Array(path.dropFirst()) {
        case ["payment_methods.json"]:
            if let wallet = Self.walletType(body["payment_method"]) { return vaultWallet(wallet, body["payment_method"]) }
            return vault(body)
        case let p where p.count == 3 && p[0] == "gateways" && (p[2] == "purchase.json" || p[2] == "authorize.json"):
            guard p[1] == gatewayToken else { return Self.errors(404, "errors.gateway_not_found") }
            return charge(body["transaction"], authorize: p[2] == "authorize.json")
        case let p where p.count == 3 && p[0] == "gateways" && p[2] == "verify.json":
            guard p[1] == gatewayToken else { return Self.errors(404, "errors.gateway_not_found") }
            return verify(body["transaction"])
        case let p where p.count == 3 && p[0] == "transactions" && p[2] == "capture.json":
            return capture(p[1])
        default:
            return Self.errors(404, "errors.not_found")
        }
    }

    /// `POST v1/payment_methods.json`: a valid card is vaulted as its behaviour, type and last
    /// four; the number and CVV are dropped here.
    func vault(_ body: JSONValue) -> ServerResponse {
        guard let card = body["payment_method"]?["credit_card"], let number = card["number"]?.text,
            CardNumber.luhnValid(number), let brand = CardBrand.detect(number)
        else {
            return Self.errors(422, "errors.invalid", attribute: "number")
        }
        guard let cvv = card["verification_value"]?.text, cvv.count == 3 || cvv.count == 4 else {
            return Self.errors(422, "errors.invalid", attribute: "verification_value")
        }
        if let refused = Self.blankNames(body["payment_method"]) { return refused }
        let behavior = world.behavior(forNumber: number)
        let method = PaymentMethod(behavior: behavior, cardType: SpreedlyCardType.name(of: brand), last4: String(number.suffix(4)))
        return state.withLock { s in
            let token = s.token("PM")
            s.methods[token] = method
            var m = JSONObjectBuilder()
            m.add("token", token)
            m.add("payment_method_type", "credit_card")
            m.add("card_type", method.cardType)
            m.add("last_four_digits", method.last4)
            m.add("month", card["month"] ?? .null)
            m.add("year", card["year"] ?? .null)
            var bin = JSONObjectBuilder()
            bin.add("issuing_country_iso_a2_code", behavior.issuingCountry)
            m.add("bin_metadata", bin.value)
            var t = JSONObjectBuilder()
            t.add("token", s.token("AP"))
            t.add("transaction_type", "AddPaymentMethod")
            t.add("state", "succeeded")
            t.add("succeeded", true)
            t.add("payment_method", m.value)
            return Self.wrap(201, t)
        }
    }

    /// Spreedly's refusal of a card without a holder's first and last name (422,
    /// `first_name errors.blank` / `last_name errors.blank`: spreedly-gem 6f2987fe
    /// test/remote/remote_add_credit_card_test.rb `test_failed_with_validation_errors`), unless
    /// `allow_blank_name` is true (mobile-sdk-ios 6b46d6f2 CreditCardInfo.toRequestJson sends
    /// it under `payment_method`) or a `full_name` gives both (`test_successfull_add_using_full_name`:
    /// "Kvothe Jones" → Kvothe, Jones). Nil when the names pass.
    static func blankNames(_ method: JSONValue?) -> ServerResponse? {
        let card = method?["credit_card"]
        if method?["allow_blank_name"] == .bool(true) || card?["allow_blank_name"] == .bool(true) { return nil }
        func blank(_ key: String) -> Bool { (card?[key]?.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        let full = (card?["full_name"]?.text ?? "").split(separator: " ", omittingEmptySubsequences: true)
        let missing = ["first_name", "last_name"].enumerated().filter { i, key in blank(key) && full.count <= i }.map(\.element)
        guard !missing.isEmpty else { return nil }
        let errors = missing.map { key -> JSONValue in
            var e = JSONObjectBuilder()
            e.add("attribute", key)
            e.add("key", "errors.blank")
            e.add("message", "Refused by the fake Spreedly")
            return e.value
        }
        var body = JSONObjectBuilder()
        body.add("errors", .array(errors))
        return ServerResponse(status: 422, headers: ["Content-Type": "application/json"], body: body.value.data)
    }

    static func wrap(_ status: Int, _ transaction: JSONObjectBuilder) -> ServerResponse {
        var body = JSONObjectBuilder()
        body.add("transaction", transaction.value)
        return ServerResponse(status: status, headers: ["Content-Type": "application/json"], body: body.value.data)
    }

    static func errors(_ status: Int, _ key: String, attribute: String? = nil) -> ServerResponse {
        var e = JSONObjectBuilder()
        e.add("attribute", attribute)
        e.add("key", key)
        e.add("message", "Refused by the fake Spreedly")
        var body = JSONObjectBuilder()
        body.add("errors", .array([e.value]))
        return ServerResponse(status: status, headers: ["Content-Type": "application/json"], body: body.value.data)
    }
}
