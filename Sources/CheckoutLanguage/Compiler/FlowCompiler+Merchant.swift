import CheckoutDomain

extension FlowCompiler {
    /// `request.orderId`, `request.metadata` and `request.customer.ip`: what the merchant sends
    /// with the charge besides the payment (docs/language.md, "Order reference, metadata and the
    /// shopper's IP"). Lengths follow BlueSnap's limits, the tightest of the providers': 50
    /// characters for `merchantTransactionId`; `metaKey` 50 and `metaValue` 500.
    static func compileMerchantReferences(_ f: Fields, request r: inout CheckoutRequest, _ ctx: inout CompileContext) {
        if let n = f["orderId"], let v = ctx.string(n, path: "request.orderId") {
            if v.isEmpty || v.count > 50 {
                ctx.report(.outOfRange, "'request.orderId' must be 1 to 50 characters, found \(v.count)", at: n.range)
            } else {
                r.orderId = v
            }
        }
        if let n = f["metadata"] {
            guard let pairs = n.mapping else {
                ctx.report(.typeMismatch, "'request.metadata' must be a mapping of key to text, found \(ctx.describe(n))", at: n.range)
                return
            }
            for pair in pairs {
                guard let key = ctx.string(pair.key, path: "request.metadata"),
                    let value = ctx.string(pair.value, path: "request.metadata.\(key)")
                else { continue }
                if key.isEmpty || key.count > 50 || !key.unicodeScalars.allSatisfy(Self.isMetadataKeyScalar) {
                    ctx.report(
                        .invalidFormat, "metadata key '\(key)' must be 1 to 50 letters, digits, '_', '.' or '-'", at: pair.key.range)
                } else if value.count > 500 {
                    ctx.report(
                        .outOfRange, "'request.metadata.\(key)' must be at most 500 characters, found \(value.count)", at: pair.value.range)
                } else {
                    r.metadata[key] = value
                }
            }
        }
        compileCustomer(f, request: &r, &ctx)
    }

    static func isMetadataKeyScalar(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": true
        default: false
        }
    }

    private static func compileCustomer(_ f: Fields, request r: inout CheckoutRequest, _ ctx: inout CompileContext) {
        if let n = f["customer"], let cf = ctx.fields(of: n, path: "request.customer", keys: .customer),
            let ip = cf["ip"], let v = ctx.string(ip, path: "request.customer.ip")
        {
            if IPAddress.isValid(v) {
                r.customerIP = v
            } else {
                ctx.report(.invalidFormat, "'request.customer.ip' must be an IPv4 or IPv6 address, found '\(v)'", at: ip.range)
            }
        }
    }
}
