package import CheckoutDomain

/// Derives the standard checkout pipeline from a request (SPEC §8):
/// payment method (when there is a choice) → card → billing → shipping → tax update →
/// currency change → review → tokenize → 3DS → charge → result.
package enum StandardPipeline {
    /// The pipeline for `flow`'s request.
    public static func derive(for flow: FlowDefinition) -> Pipeline {
        let r = flow.request
        let methods = paymentMethods(for: r)
        // Only the card methods this flow offers, so conditions read `paymentMethod == card`
        // when a saved card cannot be chosen.
        let cards = Set(methods).intersection([.card, .savedCard])
        let onlyCardish = Set(methods).isSubset(of: cards)
        func when(_ set: Set<PaymentMethodKind>) -> Condition? {
            Set(methods).isSubset(of: set) ? nil : paymentMethod(in: set)
        }
        var stages: [PipelineStage] = []

        if r.mode == .createPayment {
            // Pay with the choice stored by an earlier choosePayment: nothing to ask but review.
            // A stored card is tokenized and charged; a stored wallet is paid as checkout pays
            // it (BS-iOS 043e660f `BSCreatePaymentViewController.start`: CC returns the card,
            // PAYPAL and APPLE_PAY run `payPalClicked` / `applePayClick`). The run sets
            // `paymentMethod` from the stored choice before the first stage.
            let stored = createPaymentMethods(for: r)
            let card: Condition? = stored.count > 1 ? paymentMethod(in: [.savedCard]) : nil
            stages.append(PipelineStage(.step(.createToken)))
            stages.append(PipelineStage(.screen(.review)))
            stages.append(PipelineStage(.step(.tokenize), when: card))
            if r.uses3DS { stages.append(PipelineStage(.step(.threeDS), when: card)) }
            if let charge = chargeStep(r) { stages.append(PipelineStage(.step(charge), when: card)) }
            let wallets = stored.filter(\.isWallet)
            if !wallets.isEmpty {
                stages.append(PipelineStage(.step(.walletPayment), when: paymentMethod(in: Set(wallets))))
            }
            stages.append(PipelineStage(.screen(.result)))
            return Pipeline(stages: stages, paymentMethods: stored)
        }

        stages.append(PipelineStage(.step(.createToken)))
        if methods.count > 1 { stages.append(PipelineStage(.screen(.paymentMethod))) }
        if methods.contains(.savedCard) { stages.append(PipelineStage(.screen(.savedCard), when: when([.savedCard]))) }
        if methods.contains(.card) { stages.append(PipelineStage(.screen(.creditCard), when: when([.card]))) }
        stages.append(PipelineStage(.screen(.billing), when: onlyCardish ? nil : paymentMethod(in: cards)))
        if r.withShipping {
            var conditions: [Condition] = []
            if !onlyCardish { conditions.append(paymentMethod(in: cards)) }
            if r.offersSameAsBilling { conditions.append(.not(.name("shipping.sameAsBilling"))) }
            let condition: Condition? = conditions.isEmpty ? nil : .all(conditions)
            stages.append(PipelineStage(.screen(.shipping), when: condition))
            if r.mode == .checkout && !flow.tax.isEmpty {
                stages.append(PipelineStage(.step(.taxUpdate), when: onlyCardish ? nil : paymentMethod(in: cards)))
            }
        }
        if r.mode == .checkout, flow.taxService != nil {
            // The merchant's tax service, once the address is known (shipping, else billing);
            // wallets too, so no payment-method condition.
            var stage = PipelineStage(.step(.taxUpdate))
            stage.callsTaxService = true
            stages.append(stage)
        }
        if r.mode == .checkout && r.allowCurrencyChange && !r.subscription && !r.isZeroCheck {
            stages.append(PipelineStage(.screen(.currency)))
            stages.append(PipelineStage(.step(.currencyUpdate)))
        }
        stages.append(PipelineStage(.screen(.review)))
        stages.append(PipelineStage(.step(.tokenize), when: onlyCardish ? nil : paymentMethod(in: cards)))
        if r.mode == .choosePayment {
            stages.append(PipelineStage(.step(.storeShopper)))
        } else {
            if r.uses3DS {
                stages.append(PipelineStage(.step(.threeDS), when: onlyCardish ? nil : paymentMethod(in: cards)))
            }
            if let charge = chargeStep(r) {
                stages.append(PipelineStage(.step(charge), when: onlyCardish ? nil : paymentMethod(in: cards)))
            }
            let wallets = methods.filter(\.isWallet)
            if !wallets.isEmpty {
                stages.append(PipelineStage(.step(.walletPayment), when: paymentMethod(in: Set(wallets))))
            }
        }
        stages.append(PipelineStage(.screen(.result)))
        return Pipeline(stages: stages, paymentMethods: methods)
    }

    /// `paymentMethod == x` or `paymentMethod in [x, y]`, values in a stable order.
    static func paymentMethod(in set: Set<PaymentMethodKind>) -> Condition {
        let names = set.map(\.rawValue).sorted()
        return names.count == 1 ? .equals("paymentMethod", names[0]) : .isIn("paymentMethod", names)
    }

    /// The methods the request can offer, in display order: saved card, card, PayPal, Apple Pay.
    public static func paymentMethods(for r: CheckoutRequest) -> [PaymentMethodKind] {
        var methods: [PaymentMethodKind] = []
        if r.shopperId != nil { methods.append(.savedCard) }
        methods.append(.card)
        // choosePayment offers the wallets too: BlueSnap's SDK stores PayPal or Apple Pay as the
        // shopper's chosen method without paying (BS-iOS `BSStartViewController.payPalClicked`).
        if (r.mode == .checkout && r.transactionType != .none) || r.mode == .choosePayment {
            if r.offersPayPal(currency: r.price.currency.code) { methods.append(.paypal) }
            if !r.subscription && !r.isZeroCheck { methods.append(.applePay) }
        }
        return methods
    }

    /// The stored choices createPayment can pay: the saved card, and the wallets when it
    /// charges at all (PayPal in a currency it accepts; no wallet for a subscription).
    static func createPaymentMethods(for r: CheckoutRequest) -> [PaymentMethodKind] {
        guard !r.subscription, chargeStep(r) != nil else { return [.savedCard] }
        var methods: [PaymentMethodKind] = [.savedCard]
        if r.offersPayPal(currency: r.price.currency.code) { methods.append(.paypal) }
        methods.append(.applePay)
        return methods
    }

    private static func chargeStep(_ r: CheckoutRequest) -> StepKind? {
        if r.subscription { return r.transactionType == .none ? nil : .subscribe }
        switch r.transactionType {
        case .sale, .sale3d: return .sale
        case .auth, .auth3d: return .authorize
        case .none: return nil
        }
    }
}
