import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// The `signature` hook: signs the charge request's fields as Maxpay does, with the key
    /// from the environment or through the signing command. The fields are the transaction
    /// and the shopper's billing details — never card data, so a signing command never sees it.
    nonisolated(nonsending) func sign(_ request: ChargeRequest, with signing: RequestSigning, stage: String) async throws -> SignedFields {
        let fields = MaxpayFields.of(request, billing: billing, threeDS: threeDS != nil || request.threeDSRequested)
        let signature = try await runner.signing.signature(for: fields, with: signing, flowFile: runner.flow.file)
        emit(
            "hook.signature", stage: stage,
            attributes: [
                JSONMember("fields", .array(fields.keys.sorted().map { .string($0) })),
                JSONMember("signature", .string(signature)),
            ])
        return SignedFields(fields: fields, signature: signature)
    }
}
