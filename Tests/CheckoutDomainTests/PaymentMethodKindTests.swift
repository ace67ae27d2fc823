import CheckoutDomain
import Testing

/// SPEC §10: a result's `paymentType` is `CC`, `PAYPAL` or `APPLE_PAY`; the one list, derived
/// from the payment methods, is what scenario files accept.
@Suite struct PaymentMethodKindTests {
    @Test func theResultsPaymentTypesAreSpecTensOnce() {
        #expect(PaymentMethodKind.paymentTypes == ["CC", "PAYPAL", "APPLE_PAY"])
        #expect(PaymentMethodKind.savedCard.paymentType == PaymentMethodKind.card.paymentType)
    }
}
