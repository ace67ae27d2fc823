package import CheckoutDomain
package import CheckoutJSON
package import CheckoutLanguage
package import CheckoutProviders
package import CheckoutRuntime

/// The values `checkout scenarios` answers with: a valid one for each answer path a run asks
/// for, an invalid one for each field rule, and the sandbox's test cards in words. Cards come
/// from the sandbox's own table (`SandboxCardBehavior.testCardNumbers`) and the fixtures' world,
/// never from a second list.
package enum GeneratorValues {
    /// The billing and shipping addresses tried, by country: each valid as a whole.
    package static let addresses: [[AddressField: String]] = [
        [
            .name: "Jane Shopper", .email: "jane@example.com", .address: "350 Fifth Avenue", .city: "New York", .zip: "10001",
            .country: "US", .state: "NY", .phone: "+12125550100", .birthday: "1990-01-31",
        ],
        [
            .name: "Jane Shopper", .email: "jane@example.com", .address: "Unter den Linden 1", .city: "Berlin", .zip: "10115",
            .country: "DE", .phone: "+4930123456", .birthday: "1990-01-31",
        ],
        [
            .name: "Jane Shopper", .email: "jane@example.com", .address: "10 Downing Street", .city: "London", .zip: "SW1A 1AA",
            .country: "GB", .phone: "+442071234567", .birthday: "1990-01-31",
        ],
    ]

    /// Texts tried, in order, for a custom field with a pattern: the first it accepts is used.
    static let customSamples = ["1234", "123456", "ABC123", "abc", "A", "12-34-56", "Jane Shopper", "jane@example.com"]

    /// The UK bank details a card scan reads when the flow asks for them (a valid sort code and
    /// account number, as the shipped card-scan scenarios use).
    static let ukBankAccount = (sortCode: "12-34-56", accountNumber: "31926819")

    /// The card expiry every generated card has (after `Scenario.defaultNow`).
    static let expiry = "12/30"
    /// `expiry`, for a generated stored card.
    static let storedExpiry = CardExpiry(month: 12, year: 2030)

    /// How long a generated shopper waits at a screen to outlast the checkout token.
    package static let tokenOutlastingWait = "\(Int(SandboxProvider.tokenLifetime) / 60 + 1)m"

    /// The number of the sandbox's plain card (approved, frictionless, issued in the US): the
    /// first such Visa of `world` and then of the test table.
    package static func plainCardNumber(in world: SandboxWorld) -> String {
        let numbers = world.cards.keys.sorted() + SandboxCardBehavior.testCardNumbers
        return numbers.first { CardBrand.detect($0) == .visa && isPlain(world.behavior(forNumber: $0)) } ?? numbers.first ?? ""
    }

    /// Whether a card behaves as the standard card: approved, frictionless success, in the US.
    package static func isPlain(_ b: SandboxCardBehavior) -> Bool {
        guard case .frictionless(.authenticationSucceeded) = b.threeDS, case .approve = b.charge else { return false }
        return b.issuingCountry == "US" && !b.rejectsEveryToken && b.transientFailures == 0 && b.captureDecline == nil
            && b.refundDecline == nil
    }

    /// Whether a card asks the shopper for a challenge code.
    package static func challenges(_ b: SandboxCardBehavior) -> Bool {
        switch b.threeDS {
        case .challenge, .fingerprintThenChallenge: true
        default: false
        }
    }

    /// A card answer for `digits`: the number spaced as shipped scenarios and docs/sandbox.md
    /// write test cards, the generated expiry and a security code of the brand's length.
    package static func card(_ digits: String) -> JSONValue {
        .object([
            JSONMember("number", .string(grouped(digits))), JSONMember("expiry", .string(expiry)),
            JSONMember("cvv", .string(String("1234".prefix(CardBrand.detect(digits)?.cvvLength ?? 3)))),
        ])
    }

    /// `4111111111111111` → `4111 1111 1111 1111`, `378282246310005` → `3782 822463 10005`:
    /// spaced at the brand's gaps, as the sandbox's docs and the terminal show a number.
    static func grouped(_ digits: String) -> String {
        let gaps = CardBrand.detect(digits)?.gaps ?? [4, 8, 12]
        var out = ""
        for (i, c) in digits.enumerated() {
            if gaps.contains(i) { out.append(" ") }
            out.append(c)
        }
        return out
    }

    /// A valid answer for `path` (`card.number`, `billing.zip`, `custom.plan`), or nil when
    /// the generator has none.
    package static func valid(_ path: String, flow: CompiledFlow, world: SandboxWorld) -> JSONValue? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        let head = parts[0]
        let leaf = parts.count > 1 ? parts[1] : ""
        switch head {
        case "paymentMethod": return .string(PaymentMethodKind.card.rawValue)
        case "card" where leaf == "storeCard": return .bool(true)
        case "scan" where leaf == "sortCode": return .string(ukBankAccount.sortCode)
        case "scan" where leaf == "accountNumber": return .string(ukBankAccount.accountNumber)
        case "card", "scan":
            guard let answer = card(plainCardNumber(in: world))[leaf] else { return leaf == "name" ? .string("Jane Shopper") : nil }
            return answer
        case "billing", "shipping":
            return AddressField(rawValue: leaf).flatMap { addresses[0][$0] }.map { .string($0) }
        case "threeDS": return leaf == "code" ? .string(SandboxData.challengeCode) : nil
        case "savedCard": return savedCardLast4s(world).first.map { .string($0) }
        case "currency":
            let own = flow.definition.request.price.currency.code
            return world.rates.rates.keys.sorted().first { $0 != own }.map { .string($0) }
        case "customer": return leaf == "ip" ? .string("203.0.113.7") : nil
        case "custom":
            guard let field = flow.definition.fields.custom.first(where: { $0.id == leaf }) else { return nil }
            if let option = field.options?.first { return .string(option) }
            return customSamples.first { field.problem(with: $0) == nil }.map { .string($0) }
        default: return nil
        }
    }

    /// A value for `path` that breaks its field rule, or nil when the generator has none.
    package static func invalid(_ path: String) -> JSONValue? {
        switch path {
        case "card.number", "scan.number": .string("1234")
        case "card.expiry", "scan.expiry": .string("13/99")
        case "card.cvv", "scan.cvv": .string("1")
        case "card.storeCard": .bool(false)
        case "billing.email", "shipping.email": .string("jane.example.com")
        case "billing.country", "shipping.country": .string("ZZ")
        case "billing.birthday": .string("31/01/1990")
        case "billing.zip", "shipping.zip", "billing.phone", "shipping.phone", "billing.state", "shipping.state": .string("?")
        case let p where p.hasPrefix("custom."): .string("?")
        default: nil
        }
    }

    /// The last 4 digits of every saved card of the world's shoppers, sorted, once each.
    package static func savedCardLast4s(_ world: SandboxWorld) -> [String] {
        var seen = Set<String>()
        return world.shoppers.keys.sorted().flatMap { world.shoppers[$0]?.savedCards.map(\.last4) ?? [] }.filter {
            seen.insert($0).inserted
        }
    }

    /// A card's way of behaving as `flow` can tell, without its decline code or brand: cards
    /// of one class take the same edges (`declined` whatever the code). Its 3-D Secure
    /// behaviour counts only in a flow that runs 3-D Secure, its capture and refund declines
    /// only in one that captures or refunds.
    package static func behaviorClass(_ b: SandboxCardBehavior, in flow: CompiledFlow) -> String {
        let charge: String =
            switch b.charge {
            case .approve: "approve"
            case .decline: "decline"
            case .transientOnce: "transient"
            }
        let pipeline = flow.pipeline
        let threeDS = flow.definition.request.uses3DS || pipeline.contains(.step(.threeDS))
        return [
            threeDS ? b.threeDS.recordText : "-", charge, "\(b.rejectsEveryToken)", "\(b.transientFailures > 0)",
            "\(pipeline.contains(.step(.capture)) && b.captureDecline != nil)",
            "\(pipeline.contains(.step(.refund)) && b.refundDecline != nil)",
            "\(b.issuingCountry == "US")",
        ].joined(separator: "/")
    }

    /// A card's behaviour in words, for a scenario's name: `declined with insufficient_funds`,
    /// `3-D Secure challenge`, `issued in BR`; nil for the plain card.
    package static func words(_ b: SandboxCardBehavior, digits: String) -> String {
        let parts = behaviorWords(b)
        let brand = CardBrand.detect(digits)?.niceName ?? "a"
        return parts.isEmpty ? "\(brand) card" : "\(brand) card (" + parts.joined(separator: " and ") + ")"
    }

    /// A stored card's behaviour in words: `stored Visa 1091 (3-D Secure challenge)`.
    package static func words(_ b: SandboxCardBehavior, stored card: StoredCard) -> String {
        let parts = behaviorWords(b)
        let name = "stored \(card.brand.niceName) \(card.last4)"
        return parts.isEmpty ? name : name + " (" + parts.joined(separator: " and ") + ")"
    }

    /// What sets a card's behaviour apart from the plain card's, a phrase each.
    private static func behaviorWords(_ b: SandboxCardBehavior) -> [String] {
        var parts: [String] = []
        switch b.threeDS {
        case .frictionless(.authenticationSucceeded): break
        case .frictionless(let result): parts.append("3-D Secure \(result.rawValue)")
        case .challenge: parts.append("3-D Secure challenge")
        case .fingerprintThenChallenge: parts.append("3-D Secure fingerprint then challenge")
        case .fingerprintFrictionless: parts.append("3-D Secure fingerprint, frictionless")
        }
        switch b.charge {
        case .approve: break
        case .decline(let code): parts.append("declined with \(code)")
        case .transientOnce: parts.append("a transient failure on the first charge")
        }
        if b.rejectsEveryToken { parts.append("its token rejected") }
        if b.transientFailures > 0 { parts.append("\(b.transientFailures) transient failures") }
        if let code = b.captureDecline { parts.append("capture declined with \(code)") }
        if let code = b.refundDecline { parts.append("refund declined with \(code)") }
        if b.issuingCountry != "US" { parts.append("issued in \(b.issuingCountry)") }
        return parts
    }
}
