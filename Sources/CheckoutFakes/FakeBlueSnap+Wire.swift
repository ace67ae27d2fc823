import CheckoutJSON
import Foundation

/// What the fake keeps of the requests it receives (masked), and the request fields it
/// refuses as BlueSnap's API documents them.
extension FakeBlueSnap {
    /// Keeps `request` masked: `ccNumber` as its last four digits behind `*`, `cvv` as `***`.
    func record(_ request: ServerRequest, _ rest: [String]) {
        var path = rest
        if path.count == 2, path[0] == "payment-fields-tokens" { path[1] = "*" }
        let recorded = RecordedRequest(
            method: request.method, path: path.joined(separator: "/"),
            query: Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
            tokenAuthentication: request.headers["Token-Authentication"] != nil,
            idempotencyKey: request.headers["Idempotency-Key"], body: JSONParser.parse(request.body).map(Self.masked))
        state.withLock { $0.requests.append(recorded) }
    }

    /// `value` with every `ccNumber` and `cvv` masked.
    static func masked(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(
            members.map { m in
                switch m.key {
                case "ccNumber":
                    let digits = (m.value.text ?? "").filter(\.isNumber)
                    return JSONMember(m.key, .string(String(repeating: "*", count: max(0, digits.count - 4)) + digits.suffix(4)))
                case "cvv": return JSONMember(m.key, .string("***"))
                default: return JSONMember(m.key, masked(m.value))
                }
            })
    }

    /// The `threeDSecure` fields a transaction takes (BS-docs Auth Capture; threedsecure).
    static let threeDSecureFields: Set<String> = [
        "threeDSecureResultToken", "eci", "cavv", "xid", "dsTransactionId", "threeDSecureVersion", "threeDSecureReferenceId",
    ]

    /// BlueSnap's refusal of a charge body it does not take, or nil: a `threeDSecure` member
    /// that is not one of its fields; a subscription without `currency` or with the token
    /// outside `paymentSource` (BS-docs create-merchant-managed-subscription).
    static func refusedFields(_ body: JSONValue, subscription: Bool) -> ServerResponse? {
        if case .object(let members)? = body["threeDSecure"], members.contains(where: { !threeDSecureFields.contains($0.key) }) {
            return error(400, "VALIDATION_GENERAL_FAILURE", "10001", "Unknown threeDSecure field")
        }
        if subscription {
            if body["currency"]?.text == nil { return error(400, "VALIDATION_GENERAL_FAILURE", "10001", "currency is required") }
            if body["paymentSource"] == nil {
                return error(400, "MISSING_SHOPPER_OR_CARD_HOLDER", "30", "paymentSource or vaultedShopperId is required")
            }
        }
        return nil
    }
}
