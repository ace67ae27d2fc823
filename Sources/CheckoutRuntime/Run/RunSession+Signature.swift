import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// The `signature` hook: signs the charge request's fields by the provider's scheme
    /// (`PaymentProvider.requestSigner`), with the key from the environment or through the
    /// signing command. The fields are the transaction and the shopper's billing details —
    /// never card data, so a signing command never sees it. Nil when the provider signs nothing.
    nonisolated(nonsending) func sign(_ request: ChargeRequest, with signing: RequestSigning, stage: String) async throws -> SignedFields? {
        guard let signer = runner.provider.requestSigner else { return nil }
        let fields = signer.signedFields(of: request, billing: billing, threeDS: threeDS != nil || request.threeDSRequested)
        return try await sign(fields, by: signer, with: signing, stage: stage)
    }

    /// The `signature` hook on a capture, void or refund: the operation's fields, signed the
    /// same way; nil when the provider signs none.
    nonisolated(nonsending) func sign(
        _ operation: PaymentOperation, with signing: RequestSigning, stage: String
    ) async throws
        -> SignedFields?
    {
        guard let signer = runner.provider.requestSigner else { return nil }
        let fields = signer.signedFields(of: operation)
        guard !fields.isEmpty else { return nil }
        return try await sign(fields, by: signer, with: signing, stage: stage)
    }

    /// Signs `fields` (the key from the environment or the signing command) and traces
    /// `hook.signature` with the field names and the signature, never their values.
    nonisolated(nonsending) private func sign(
        _ fields: [String: String], by signer: any RequestSigner, with signing: RequestSigning, stage: String
    ) async throws -> SignedFields {
        let signature = try await runner.signing.signature(for: fields, with: signing, signer: signer, flowFile: runner.flow.file)
        emit(
            .hookSignature, stage: stage,
            attributes: [
                JSONMember("fields", .array(fields.keys.sorted().map { .string($0) })),
                JSONMember("signature", .string(signature)),
            ])
        return SignedFields(fields: fields, signature: signature)
    }
}
