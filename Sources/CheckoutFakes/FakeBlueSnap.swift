import CheckoutDomain
public import CheckoutJSON
import CheckoutLanguage
package import CheckoutProviders
package import CheckoutRuntime
package import Foundation
import Synchronization

/// BlueSnap's API as `BlueSnapProvider` uses it, served on loopback: payment-fields tokens
/// (Basic auth, `Location`, 60 minutes, one payment each), card data `PUT` to the token,
/// sdk-init rates, the vaulted shopper, 3-D Secure (Cardinal JWT, enrollment, process-result),
/// transactions and on-demand subscriptions (idempotent per `Idempotency-Key`, else per
/// `merchantTransactionId`), PayPal and the chosen payment method. Every test card behaves as
/// it does in the sandbox (the sandbox's own table, SPEC §7). Error bodies are BlueSnap's:
/// `{"message":[{"errorName":…,"code":…,"description":…}]}`. It keeps a ledger of every charge
/// that moved money. Thread-safe; nothing it holds or answers contains a full card number or
/// CVV after the `PUT` that carried them.
package final class FakeBlueSnap: Sendable {
    /// The API user and password it accepts.
    package let credentials: BasicCredentials
    /// The server (its port, connection count and fault hook).
    package let server: LoopbackHTTPServer
    let clock: any CheckoutClock
    /// The sandbox it answers as: its test cards and shoppers.
    let world: SandboxWorld
    let state = Mutex(State())

    /// One charge that moved money.
    package struct Charge: Sendable, Equatable {
        /// BlueSnap's transaction id.
        package var transactionId: String
        /// The merchant's id for it (the run's idempotency key).
        package var merchantTransactionId: String
        /// `AUTH_CAPTURE`, `AUTH_ONLY`, `SUBSCRIPTION`, `PAYPAL` or `APPLE_PAY`.
        package var type: String
        /// The amount's exact text, when there was one.
        package var amount: String?
        /// The currency, when there was an amount.
        package var currency: String?
    }

    struct TokenState {
        var expiresAt: Date
        var used = false
        var behavior: SandboxCardBehavior?
        var payPalPending: (amount: String, currency: String)?
        /// The vaulted shopper the token was created for (`?shopperId=`).
        var shopperId: String?
    }

    /// One request as the fake received it, for wire tests: the card number and CVV masked
    /// (`ccNumber` keeps its last four digits, `cvv` is `***`), no credential.
    public struct RecordedRequest: Sendable {
        public var method: String
        /// The path under `services/2/`, without the token (`payment-fields-tokens/{token}` → `payment-fields-tokens/*`).
        public var path: String
        public var query: [String: String]
        /// True when the request carried `Token-Authentication`.
        public var tokenAuthentication: Bool
        public var idempotencyKey: String?
        package var body: JSONValue?
    }

    struct State {
        var nextId = 1_000_000
        var tokens: [String: TokenState] = [:]
        /// Cardinal JWTs: jwt → token; a challenge waits when the value's flag is set.
        var jwts: [String: (token: String, challenge: Bool)] = [:]
        var attemptsByKey: [String: Int] = [:]
        /// The first final answer (approval or decline) of each key, and the token it was for.
        var answeredByKey: [String: (response: ServerResponse, token: String?)] = [:]
        var ledger: [Charge] = []
        var chosen: [(shopperId: String, last4: String)] = []
        var chosenWallets: [(shopperId: String, type: String)] = []
        /// Each shopper's latest choice, as the vaulted shopper answers it: its
        /// `chosenPaymentMethodType` and, for CC, the card's last four digits.
        var latestChoice: [String: (type: String, last4: String?)] = [:]
        var forgetsChoices = false
        var idempotencyKeysSeen: [String] = []
        var requests: [RecordedRequest] = []
        /// How many more retries of an answered key are told 409 (still in progress).
        var inProgressReplies = 0
        /// The `threeDSVersion` the enrollment answers (a 3DS1 card answers `1.0.2`).
        var threeDSVersion = "2.2.0"
        var settlements = FakeSettlementBook()

        mutating func newId() -> String {
            nextId += 1
            return String(nextId)
        }
    }

    /// Starts the fake on a loopback port. `clock` decides when tokens expire.
    /// `world`: the sandbox it answers as (`checkout serve --fixtures`: SPEC §7's plus a
    /// fixtures file's shoppers and cards).
    package init(
        credentials: BasicCredentials = BasicCredentials(username: "fake-api-user", password: "fake-api-password"),
        clock: any CheckoutClock = SystemClock(), port: UInt16 = 0, world: SandboxWorld = .builtIn
    ) throws {
        self.credentials = credentials
        self.clock = clock
        self.world = world
        let box = HandlerBox()
        server = try LoopbackHTTPServer(port: port) { request in box.handle(request) }
        box.fake.withLock { $0 = self }
    }

    /// `http://127.0.0.1:PORT`: the base URL to give the adapter.
    package var baseURL: URL { server.baseURL }

    /// Every charge that moved money, in order.
    package var ledger: [Charge] { state.withLock { $0.ledger } }

    /// The `Idempotency-Key` of every charge request received, in order (retries repeat it).
    package var idempotencyKeysSeen: [String] { state.withLock { $0.idempotencyKeysSeen } }

    /// Payment methods stored by choosePayment: shopper and last four digits.
    package var chosenMethods: [(shopperId: String, last4: String)] { state.withLock { $0.chosen } }
    /// Wallets stored by choosePayment: shopper and `chosenPaymentMethodType`.
    package var chosenWallets: [(shopperId: String, type: String)] { state.withLock { $0.chosenWallets } }

    /// Every request received, masked (`RecordedRequest`), in order.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The next `count` requests that repeat an answered idempotency key get HTTP 409, as BlueSnap
    /// answers while the first request with that key is still being processed (BS-docs
    /// error-handling overview).
    public func answerInProgress(_ count: Int) { state.withLock { $0.inProgressReplies = count } }

    /// The `threeDSVersion` 3-D Secure enrollments answer from now on (`1.0.2`: a 3DS1 card).
    public func answerThreeDSVersion(_ version: String) { state.withLock { $0.threeDSVersion = version } }

    /// Stops the server.
    /// From now on the vaulted shopper answers the built-in choice (the saved Visa), whatever
    /// was chosen since, as a fresh sandbox does: for a test that shares one fake among
    /// unrelated runs, each of which the sandbox starts from its built-in world. BlueSnap
    /// itself keeps every choice (the default).
    package func forgetChoices() { state.withLock { $0.forgetsChoices = true } }

    package func stop() { server.stop() }

    /// Lets the server's handler reach the fake once it exists (the server starts first).
    private final class HandlerBox: Sendable {
        let fake = Mutex<FakeBlueSnap?>(nil)
        func handle(_ request: ServerRequest) -> ServerResponse {
            guard let f = fake.withLock({ $0 }) else { return .json(503, "{}") }
            return f.route(request)
        }
    }

    /// Dispatches a request under `/services/2/`.
    func route(_ request: ServerRequest) -> ServerResponse {
        let c = request.components
        guard c.count >= 3, c[0] == "services", c[1] == "2" else { return Self.error(404, "NOT_FOUND", "404", "no such API") }
        let rest = Array(c.dropFirst(2))
        record(request, rest)
        switch (request.method, rest.count, rest[0]) {
        case ("POST", 1, "payment-fields-tokens"): return authorized(request) ?? createToken(shopperId: request.query("shopperId"))
        case ("PUT", 2, "payment-fields-tokens"):
            // Both SDKs send Token-Authentication on every call to the token (BS-iOS `BSApiCaller.createRequest`).
            guard request.headers["Token-Authentication"] == rest[1] else {
                return Self.error(401, "USER_NOT_AUTHORIZED", "24012", "Token-Authentication is required")
            }
            return putToToken(rest[1], body: request.body)
        case ("GET", 2, "vaulted-shoppers"): return authorized(request) ?? vaultedShopper(rest[1])
        case ("POST", 1, "transactions"): return authorized(request) ?? charge(request, subscription: false)
        case ("POST", 2, "recurring") where rest[1] == "ondemand": return authorized(request) ?? charge(request, subscription: true)
        case ("PUT", 1, "transactions"), ("PUT", 3, "transactions"): return authorized(request) ?? settle(rest, request)
        case (_, 2, "tokenized-services"): return tokenized(rest[1], request)
        default: return Self.error(404, "NOT_FOUND", "404", "no such API")
        }
    }

    /// nil when the request carries the right Basic credentials; else BlueSnap's 401.
    func authorized(_ request: ServerRequest) -> ServerResponse? {
        request.headers["Authorization"] == credentials.authorization
            ? nil : Self.error(401, "USER_NOT_AUTHORIZED", "24012", "User is not authorized to perform this operation")
    }

    func createToken(shopperId: String?) -> ServerResponse {
        if let shopperId, world.shoppers[shopperId] == nil {
            return Self.error(400, "SHOPPER_NOT_FOUND", "15008", "Shopper not found")
        }
        let expires = clock.now().addingTimeInterval(BlueSnapProvider.tokenLifetime)
        let id = state.withLock { s in
            let id = "pft_" + s.newId() + "_" + String(s.tokens.count)
            s.tokens[id] = TokenState(expiresAt: expires, shopperId: shopperId)
            return id
        }
        return ServerResponse(status: 201, headers: ["Location": "\(baseURL.absoluteString)/services/2/payment-fields-tokens/\(id)"])
    }

    /// BlueSnap's error body.
    static func error(
        _ status: Int, _ name: String, _ code: String, _ description: String, extra: [JSONMember] = []
    )
        -> ServerResponse
    {
        let item = JSONValue.object([
            JSONMember("errorName", .string(name)), JSONMember("code", .string(code)), JSONMember("description", .string(description)),
        ])
        return .json(status, JSONValue.object([JSONMember("message", .array([item]))] + extra).serialized())
    }

    static let expiredToken = error(400, "EXPIRED_TOKEN", "14040", "Token is expired")
    static let tokenNotFound = error(400, "TOKEN_NOT_FOUND", "14041", "Could not find token")
    /// A spent token (BS-iOS `BSApiCaller.parseHttpError`: `TOKEN_WAS_ALREADY_USED_FOR_*`).
    static let tokenUsed = error(400, "TOKEN_WAS_ALREADY_USED_FOR_CC", "14042", "Token was already used")
}
