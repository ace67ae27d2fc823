package import CheckoutDomain
package import CheckoutRuntime

/// Maxpay's scheme for the `signature` hook: its signed fields (`MaxpayFields`), its
/// signature (`MaxpaySignature`), and `key=value` lines for a signing command.
package struct MaxpaySigner: RequestSigner {
    /// The merchant's pages signed into each `SALE3D`/`AUTH3D`.
    public var returnURLs: MaxpayReturnURLs

    /// Creates the signer.
    public init(returnURLs: MaxpayReturnURLs = MaxpayReturnURLs()) { self.returnURLs = returnURLs }

    public func signedFields(of request: ChargeRequest, billing: Address?, threeDS: Bool) -> [String: String] {
        MaxpayFields.of(request, billing: billing, threeDS: threeDS, returnURLs: returnURLs)
    }

    public func signature(of fields: [String: String], privateKey: String) -> String {
        MaxpaySignature.sign(fields, privateKey: privateKey)
    }

    public func commandInput(_ fields: [String: String]) -> String { MaxpaySignature.lines(fields) }

    public func signedFields(of operation: PaymentOperation) -> [String: String] { MaxpayFields.of(operation) }
}
