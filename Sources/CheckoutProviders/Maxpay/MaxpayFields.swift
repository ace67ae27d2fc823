package import CheckoutDomain
package import CheckoutRuntime
import Foundation

/// The fields of a charge that Maxpay's signature covers (its SDK's `PAYSignatureInfo`), in the
/// form its SDKs send them.
package enum MaxpayFields {
    /// Maxpay's signed fields (its SDK's `PAYSignatureInfo`), those with a value.
    public static func of(
        _ request: ChargeRequest, billing: Address?, threeDS: Bool, returnURLs: MaxpayReturnURLs = MaxpayReturnURLs()
    ) -> [String: String] {
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
        // Both names go with every charge: Android sends `" "` for a name the shopper did not
        // give (`MainViewModel.prepareForPayment`), iOS makes both non-optional.
        let name = billing?.name.flatMap(PersonName.split)
        f["first_name"] = name.map(\.first).flatMap { $0.isEmpty ? nil : $0 } ?? " "
        f["last_name"] = name.map(\.last).flatMap { $0.isEmpty ? nil : $0 } ?? " "
        // The merchant's pages go with the 3-D Secure types, signed (iOS `PAYSignatureInfo`,
        // Android `PaymentDto.generateDataForSignature`).
        // The flow's pages (`provider.returnURLs`) win over the adapter's.
        if threeDS {
            f["redirect_url"] = (request.returnURLs?.redirect ?? returnURLs.redirect).absoluteString
            f["callback_url"] = (request.returnURLs?.callback ?? returnURLs.callback).absoluteString
        }
        if let b = billing {
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

    /// Why a charge cannot go to Maxpay, or nil: a field both SDKs make non-optional that the
    /// run has no value for (iOS `PAYTransactionRequest`, Android `PaymentDto`), said with what
    /// the flow must collect. Checked before sending, so the shopper's card never leaves for a
    /// request Maxpay would refuse.
    public static func missing(_ fields: [String: String], card: ValidatedCard) -> String? {
        let needs = "Maxpay needs"
        if (fields["user_ip"] ?? "").isEmpty {
            return "\(needs) the shopper's IP (user_ip): set 'request.customer.ip' in the flow, or 'customer.ip' in the answers"
        }
        if (fields["user_email"] ?? "").isEmpty {
            return "\(needs) the shopper's email (user_email): set 'request.withEmail: true' so the billing screen asks for it"
        }
        if (fields["country"] ?? "").isEmpty {
            return "\(needs) the billing country (country): the flow's billing screen must ask for it"
        }
        if (card.holderName ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            return "\(needs) the name on the card (card_holder): set 'cards.requireHolderName: true'"
        }
        return nil
    }
}
