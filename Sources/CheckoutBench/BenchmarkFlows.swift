import CheckoutDomain

/// Generates the flows the benchmark compiles.
enum BenchmarkFlows {
    /// A realistic flow of about 3 KB: every request key, a theme, currencies, tax rates, and an
    /// explicit pipeline with conditions, routes and retries (every check on).
    static func small() -> String {
        var s = """
            # A full-featured flow of about 3 KB.
            flow: bench-small
            dsl: 1
            title: Benchmark flow
            description: >
              Full billing, shipping, 3-D Secure, prefill and a theme, so every part of the
              compiler is exercised on a flow of a realistic size.
            provider:
              name: sandbox
            request:
              price:
                amount: 1234.56
                taxAmount: 0
                currency: USD
              withEmail: true
              fullBilling: true
              withShipping: true
              allowCurrencyChange: true
              hideStoreCardSwitch: false
              activate3DS: true
              processFailed3DS: false
              mode: checkout
              transactionType: sale
              prefill:
                billing:
                  name: Jane Shopper
                  email: jane@example.com
                  address: 1 Main Street
                  city: Springfield
                  zip: "01234"
                  country: US
                  state: MA
                shipping:
                  name: Jane Shopper
                  address: 1 Main Street
                  city: Springfield
                  zip: "01234"
                  country: US
                  state: MA
              fraud:
                sessionId: 0123456789abcdef0123456789abcdef
            currencies:
              base: USD
              rates:
                EUR: 0.92
                GBP: 0.79
                CAD: 1.36
                JPY: 151.50
                ILS: 3.71
                BRL: 5.05
            theme:
              preset: standard

            """
        for (i, key) in [
            "backgroundColor", "errorColor", "hyperlinkColor", "headerTitleColor", "headerAmountColor",
            "fieldTitleColor", "fieldTextColor", "enabledButtonBackgroundColor", "disabledButtonTitleColor",
        ].enumerated() {
            s += "  \(key): \"#\(String(repeating: String(i), count: 6))\"\n"
        }
        s += "  buttonCornerRadius: 8\n  headerTitleFont: { family: Helvetica, size: 17 }\n"
        // An explicit pipeline, so references, reachability, needs and conditions are checked.
        s += """
            fields:
              billing: { phone: optional }
              custom:
                - { id: loyalty, title: Loyalty number, pattern: "[0-9]{8}" }
            cards:
              accept: [visa, mastercard, american-express, discover]
              storeCard: offer
            screens:
              - { kind: paymentMethod, methods: [card, paypal, applePay] }
              - { id: card, kind: creditCard, when: paymentMethod == card }
              - { kind: billing, fields: [name, email, address, city, zip, country, state, phone] }
              - { kind: shipping, when: not shipping.sameAsBilling, hooks: [tax] }
              - { kind: currency, when: billing.country != US }
              - { kind: form, when: billing.country == US }
              - kind: review
            steps:
              - kind: createToken
              - { kind: tokenize, when: paymentMethod == card }
              - id: verify
                kind: threeDS
                when: paymentMethod == card and billing.country in [US, CA]
                on: { failed: end, canceled: end }
              - id: charge
                kind: sale
                when: paymentMethod == card
                retry: { attempts: 3, backoff: exponential, delay: 200ms, maxDelay: 2s, jitter: true }
                timeout: 10s
                on: { declined: card }
              - { kind: walletPayment, when: paymentMethod != card }
            tax:

            """
        for state in [
            "NY", "CA", "TX", "WA", "MA", "NJ", "IL", "PA", "OH", "GA", "NC", "MI", "FL", "VA", "AZ", "CO",
            "TN", "IN", "MO", "MD",
        ] {
            s += "  US-\(state): 6.25\n"
        }
        for country in [
            "GB", "DE", "FR", "IT", "ES", "NL", "BE", "SE", "NO", "DK", "FI", "PL", "CZ", "AT", "IE", "PT",
        ] {
            s += "  \(country): 20\n"
        }
        for province in ["ON", "QC", "BC", "AB", "MB", "SK", "NS", "NB", "NL", "PE"] {
            s += "  CA-\(province): 13\n"
        }
        return s
    }

    /// A flow of about `bytes` bytes: the small flow's header with a tax table of many
    /// subdivisions (`FR-123: 20.5`), the shape a large merchant's tax export takes.
    static func large(bytes: Int) -> String {
        var s = small()
        let used = Set(["GB", "DE", "FR", "IT", "ES", "NL", "BE", "SE", "NO", "DK", "FI", "PL", "CZ", "AT", "IE", "PT"])
        // Countries whose states the compiler checks by name (US, CA, BR) are left out.
        let countries = Country.allCodes.filter { !Country.hasStates($0) }
        outer: for sub in 1...999 {
            for country in countries where !(sub == 0 && used.contains(country)) {
                s += "  \(country)-\(sub): \(sub % 25).\(sub % 10)\(sub % 7)\n"
                if s.utf8.count >= bytes { break outer }
            }
        }
        return s
    }
}
