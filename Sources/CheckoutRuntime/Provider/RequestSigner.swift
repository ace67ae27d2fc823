public import CheckoutDomain
import Foundation

/// How a provider signs its charge requests, for a step with the `signature` hook: which of
/// the charge's fields the signature covers, the signature made in-process with a private key,
/// and the text a signing command reads on stdin. The runtime knows no provider's scheme: it
/// asks the run's provider (`PaymentProvider.requestSigner`) and keeps the key or the command
/// to itself (`SigningEnvironment`).
public protocol RequestSigner: Sendable {
    /// The fields the signature covers, those with a value. Never card data, so a signing
    /// command never sees it. `threeDS`: 3-D Secure ran before the charge or runs inside it.
    func signedFields(of request: ChargeRequest, billing: Address?, threeDS: Bool) -> [String: String]
    /// The signature over `fields` with `privateKey`.
    func signature(of fields: [String: String], privateKey: String) -> String
    /// What a signing command reads on its standard input.
    func commandInput(_ fields: [String: String]) -> String
    /// The fields of a capture, void or refund that are signed; empty when the provider signs
    /// none (PaymentOperation.swift has the default).
    func signedFields(of operation: PaymentOperation) -> [String: String]
}
