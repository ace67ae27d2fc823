public import CheckoutDomain

extension PaymentProvider {
    /// A provider that keeps no wallet as a shopper's chosen method refuses to store one
    /// (`not_supported`, exit 4).
    public func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        throw ProviderError(.notSupported, "storing \(method.rawValue) as the chosen payment method is not supported by this provider")
    }
}
