package import CheckoutDomain
package import CheckoutRuntime
import Foundation

/// The fields of a charge that Maxpay's signature covers (its SDK's `PAYSignatureInfo`), in the
/// form its SDKs send them.
package enum MaxpayFields {
    /// Maxpay's signed fields (its SDK's `PAYSignatureInfo`), those with a value.
    public static func of(_ request: ChargeRequest, billing: Address?, threeDS: Bool) -> [String: String] {
        var f: [String: String] = [
            "api_version": "1",
            "auth_type": "bySignature",
            "transaction_unique_id": request.idempotencyKey,
            "transaction_type": type(request.kind, threeDS: threeDS),
        ]
        if let amount = request.amount {
            f["amount"] = DecimalText.format(amount.amount, scale: amount.currency.minorUnits)
            f["currency"] = amount.currency.code
        }
        // Required by both SDKs (iOS `PAYTransactionRequest.ip`, Android `PaymentDto.userIp`).
        if let ip = request.customerIP { f["user_ip"] = ip }
        if let b = billing {
            if let name = b.name.flatMap(PersonName.split) {
                f["first_name"] = name.first
                if !name.last.isEmpty { f["last_name"] = name.last }
            }
            // Maxpay takes ISO 3166-1 alpha-3 (its SDKs' `PAYCountryField`, `CountryISOHelper`);
            // the date of birth as `date_of_birth`, YYYY-MM-DD (iOS `PAYTransactionRequest`,
            // Android `SalePayment`), signed like the rest.
            let optional: [(String, String?)] = [
                ("country", b.country.map { Country.alpha3(of: $0) ?? $0 }), ("date_of_birth", b.birthday),
                ("user_email", b.email), ("address", b.address), ("city", b.city), ("zip", b.zip), ("state", b.state),
                ("user_phone", b.phone),
            ]
            for (key, value) in optional { if let value, !value.isEmpty { f[key] = value } }
        }
        return f
    }

    /// `SALE`, `AUTH`, `SALE3D` or `AUTH3D`: the 3-D Secure variants when 3DS ran before the
    /// charge, or runs inside it (`ChargeRequest.threeDSRequested`).
    public static func type(_ kind: ChargeRequest.Kind, threeDS: Bool) -> String {
        let base = kind == .authorization ? "AUTH" : "SALE"
        return threeDS ? base + "3D" : base
    }
}
