import CheckoutRuntime

/// Maxpay's request signature: the signed fields sorted by name as `key=value`, joined with
/// `|`, the private key added as the last part, the whole lower-cased, then SHA-256 in hex
/// (`a=1|b=2|key` → sha256). Card data is never a signed field.
package enum MaxpaySignature {
    /// The text that is hashed. Fields are sorted by name (byte order, as PHP's `ksort`).
    public static func payload(_ fields: [String: String], privateKey: String) -> String {
        (pairs(fields) + [privateKey]).joined(separator: "|").lowercased()
    }

    /// The signature: 64 lower-case hex digits.
    public static func sign(_ fields: [String: String], privateKey: String) -> String {
        SHA256.hex(Array(payload(fields, privateKey: privateKey).utf8))
    }

    /// The fields as the lines a signing command reads on stdin: `key=value`, sorted by name.
    public static func lines(_ fields: [String: String]) -> String {
        pairs(fields).map { $0 + "\n" }.joined()
    }

    /// `key=value` for each field, sorted by name in byte order (PHP's `ksort`).
    private static func pairs(_ fields: [String: String]) -> [String] {
        fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { "\($0.key)=\($0.value)" }
    }
}
