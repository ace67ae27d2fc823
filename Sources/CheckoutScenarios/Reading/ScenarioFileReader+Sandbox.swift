import CheckoutDomain
import CheckoutHeadless
package import CheckoutLanguage
package import CheckoutProviders
import CheckoutRuntime

/// Reading a scenarios file's `sandbox:` fixtures (docs/testing.md) into the world its
/// scenarios' sandbox is built from: SPEC §7's built-in world plus the fixtures. Checked like
/// flows (key tables, positions, did-you-mean, every problem at once); the findings show no
/// source lines, since fixture lines hold card numbers.
extension ScenarioFileReader {
    static let suiteTable = KeyTable(ScenarioKeys.suite)
    static let sandboxTable = KeyTable(ScenarioKeys.sandbox)
    static let fixturesTable = KeyTable(ScenarioKeys.fixtures)
    static let shopperTable = KeyTable(ScenarioKeys.fixtureShopper)
    static let savedCardTable = KeyTable(ScenarioKeys.fixtureSavedCard)
    static let cardTable = KeyTable(ScenarioKeys.fixtureCard)
    static let billingTable = KeyTable(AnswersKeys.billing)
    static let shippingTable = KeyTable(ScenarioKeys.shippingAddress)

    /// The world of `sandbox:` (inline, or `{ file: PATH }` relative to this file) added to
    /// `base`: the built-in world for the file's fixtures, the file's world for a scenario's own.
    mutating func sandboxWorld(_ node: YAMLNode, onto base: SandboxWorld = .builtIn) -> SandboxWorld {
        let start = diagnostics.count
        defer { for i in diagnostics.indices.dropFirst(start) { diagnostics[i].hidesSource = true } }
        let f = pairs(node, table: Self.sandboxTable, in: .path("sandbox"))
        var world = base
        if let p = f["file"], let relative = text(p.value, "'sandbox.file'") {
            if f.count > 1 {
                error(.conflictingSettings, "'sandbox' names a fixtures file: its other keys go in that file", at: node.range)
            }
            let path = resolve(relative)
            switch files.read(path, ScenarioReader.limits.maxBytes) {
            case .success(let bytes):
                let document = YAMLParser.parse(bytes, file: path, limits: ScenarioReader.limits, kind: .scenarios)
                var inner = ScenarioFileReader(file: path, files: files)
                inner.diagnostics = document.diagnostics
                if let root = document.root, !document.diagnostics.hasErrors {
                    inner.fixtures(inner.pairs(root, table: Self.fixturesTable, in: .topLevel(of: "a fixtures file")), into: &world)
                } else if document.root == nil, document.diagnostics.isEmpty {
                    inner.error(.emptyDocument, "the fixtures file is empty", at: node.range)
                }
                diagnostics += inner.diagnostics
            case .failure(let failure):
                error(
                    failure.rule, "cannot read the fixtures file \(UserText.quoted(relative)) (looked for \(path)): \(failure.reason)",
                    at: p.value.range)
            }
            return world
        }
        fixtures(f, into: &world)
        return world
    }

    /// Adds the shoppers, cards and rates of a fixtures mapping to `world`.
    mutating func fixtures(_ f: KnownPairs, into world: inout SandboxWorld) {
        if let p = f["shoppers"] {
            var seen: [String: Int] = [:]
            for item in list(p.value, "'shoppers'") {
                guard let shopper = shopper(item) else { continue }
                if let line = seen[shopper.id] {
                    error(.duplicateId, "shopper \(UserText.quoted(shopper.id)) is declared twice (first on line \(line))", at: item.range)
                }
                seen[shopper.id] = item.range.start.line
                world.shoppers[shopper.id] = shopper
            }
        }
        if let p = f["cards"] {
            var seen: [String: Int] = [:]
            for item in list(p.value, "'cards'") {
                guard let (number, behavior) = card(item) else { continue }
                if let line = seen[number] {
                    error(.duplicateId, "this card number is declared twice (first on line \(line))", at: item.range)
                }
                seen[number] = item.range.start.line
                world.cards[number] = behavior
            }
        }
        if let p = f["rates"] { rates(p.value, into: &world.rates) }
    }

    mutating func list(_ node: YAMLNode, _ what: String) -> [YAMLNode] {
        if let items = node.sequence { return items }
        error(.typeMismatch, "\(what) must be a list, found \(node.shapeDescription)", at: node.range)
        return []
    }

    mutating func shopper(_ node: YAMLNode) -> StoredShopper? {
        let f = pairs(node, table: Self.shopperTable, in: .named("a sandbox shopper"))
        guard let id = f["id"].flatMap({ text($0.value, "a shopper's 'id'") }) else { return nil }
        let name = f["name"].flatMap { text($0.value, "a shopper's 'name'") }
        let email = f["email"].flatMap { text($0.value, "a shopper's 'email'") }
        var billing = f["billing"].map { address($0.value, table: Self.billingTable, "billing") } ?? Address()
        billing.name = billing.name ?? name
        billing.email = billing.email ?? email
        var shipping = f["shipping"].map { address($0.value, table: Self.shippingTable, "shipping") }
        if let stored = shipping, stored.name == nil { shipping?.name = name }
        var cards: [StoredCard] = []
        var unreadCards = false
        if let p = f["savedCards"] {
            let items = list(p.value, "'savedCards'")
            cards = items.compactMap { savedCard($0) }
            unreadCards = cards.count < items.count
        }
        var chosen: String?
        if let p = f["chosenCard"], let last4 = text(p.value, "'chosenCard'") {
            let saved = cards.map(\.last4)
            if saved.contains(last4) {
                chosen = last4
            } else if !unreadCards {
                error(
                    .unknownReference, "'chosenCard' \(UserText.quoted(last4)) is not the last 4 of one of the shopper's saved cards",
                    at: p.value.range, suggestion: Suggestions.closest(to: last4, in: saved),
                    notes: saved.isEmpty ? [] : ["saved cards: \(saved.joined(separator: ", "))"])
            }
        }
        let wallets = [PaymentMethodKind.paypal, .applePay]
        let wallet = f["chosenWallet"].flatMap { oneOf($0.value, "'chosenWallet'", wallets.map(\.rawValue)) }
            .flatMap(PaymentMethodKind.init(rawValue:))
        if wallet != nil, let p = f["chosenCard"] {
            error(.conflictingSettings, "a shopper has one stored choice: 'chosenCard' or 'chosenWallet', not both", at: p.value.range)
        }
        return StoredShopper(
            id: id, billing: billing, shipping: shipping, savedCards: cards, chosenCardLast4: wallet == nil ? chosen : nil,
            chosenWallet: wallet)
    }

    mutating func address(_ node: YAMLNode, table: KeyTable, _ what: String) -> Address {
        let f = pairs(node, table: table, in: .named("a shopper's '\(what)'"))
        func value(_ field: AddressField) -> String? { f[field.rawValue].flatMap { $0.value.scalar?.value } }
        return Address(
            name: value(.name), email: value(.email), address: value(.address), city: value(.city), zip: value(.zip),
            country: value(.country), state: value(.state), phone: value(.phone), birthday: value(.birthday))
    }

    mutating func savedCard(_ node: YAMLNode) -> StoredCard? {
        let f = pairs(node, table: Self.savedCardTable, in: .named("a saved card"))
        let brand = f["brand"].flatMap { oneOf($0.value, "'brand'", CardBrand.allCases.map(\.resultName)) }.flatMap { name in
            CardBrand.allCases.first { $0.resultName == name }
        }
        var last4: String?
        if let p = f["last4"], let t = text(p.value, "'last4'") {
            if t.count == 4, t.allSatisfy({ ("0"..."9").contains($0) }) {
                last4 = t
            } else {
                error(.invalidFormat, "'last4' must be 4 digits", at: p.value.range)
            }
        }
        var expiry: CardExpiry?
        if let p = f["expiry"], let t = text(p.value, "'expiry'") {
            expiry = CardExpiry.parse(t)
            if expiry == nil { error(.invalidFormat, "'expiry' must be MM/YY or MM/YYYY; found \(UserText.quoted(t))", at: p.value.range) }
        }
        guard let brand, let last4, let expiry else { return nil }
        return StoredCard(brand: brand, last4: last4, expiry: expiry)
    }

    /// A test card: its digits and behaviour. The number is never quoted in a finding.
    mutating func card(_ node: YAMLNode) -> (String, SandboxCardBehavior)? {
        let f = pairs(node, table: Self.cardTable, in: .named("a sandbox test card"))
        var digits: String?
        if let p = f["number"], let t = text(p.value, "a card's 'number'") {
            if let d = CardNumber.digits(from: t), (12...19).contains(d.count), CardNumber.luhnValid(d) {
                digits = d
            } else {
                error(.invalidFormat, "a test card's 'number' must be 12 to 19 digits that pass the Luhn check", at: p.value.range)
            }
        }
        var behavior = SandboxCardBehavior.standard
        if let p = f["brand"], let brand = oneOf(p.value, "'brand'", CardBrand.allCases.map(\.resultName)), let digits,
            CardBrand.detect(digits)?.resultName != brand
        {
            error(
                .conflictingSettings,
                "'brand' is \(brand) but the number is \(CardBrand.detect(digits)?.resultName ?? "of no brand this sandbox knows")",
                at: p.value.range)
        }
        if let p = f["issuingCountry"], let t = text(p.value, "'issuingCountry'") { behavior.issuingCountry = t }
        if let p = f["threeDS"], let t = oneOf(p.value, "'threeDS'", ScenarioKeys.threeDSCourses),
            let course = SandboxCardBehavior.ThreeDS(recordText: t)
        {
            behavior.threeDS = course
        }
        if let p = f["decline"], let t = text(p.value, "'decline'") { behavior.charge = .decline(t) }
        if let p = f["transientFailures"] {
            if let s = p.value.scalar, let n = Int(s.value), (0...10).contains(n) {
                behavior.transientFailures = n
            } else {
                error(.typeMismatch, "'transientFailures' must be a whole number from 0 to 10", at: p.value.range)
            }
        }
        if let p = f["transientOperations"] {
            let names = SandboxCardBehavior.failingOperations.map(\.rawValue)
            var operations: Set<ProviderCall.Operation> = []
            for item in list(p.value, "'transientOperations'") {
                guard let name = oneOf(item, "a 'transientOperations' item", names), let operation = ProviderCall.Operation(rawValue: name)
                else { continue }
                if !operations.insert(operation).inserted {
                    error(.duplicateId, "\(UserText.quoted(name)) is listed twice in 'transientOperations'", at: item.range)
                }
            }
            behavior.transientOperations = operations
        }
        if let p = f["latency"], let t = text(p.value, "'latency'") {
            if let d = DurationText.parse(t, units: [.milliseconds, .seconds, .minutes]), d <= .seconds(600) {
                behavior.latency = d
            } else {
                error(
                    .invalidFormat, "'latency' must be a duration such as 250ms, 2s or 1m, at most 10m; found \(UserText.quoted(t))",
                    at: p.value.range)
            }
        }
        behavior.captureDecline = f["captureDecline"].flatMap { text($0.value, "'captureDecline'") }
        behavior.refundDecline = f["refundDecline"].flatMap { text($0.value, "'refundDecline'") }
        return digits.map { ($0, behavior) }
    }

    mutating func rates(_ node: YAMLNode, into table: inout CurrencyTable) {
        guard let pairs = node.mapping else {
            error(.typeMismatch, "'rates' must be a mapping of currency codes to rates, found \(node.shapeDescription)", at: node.range)
            return
        }
        for p in pairs {
            guard let code = p.key.scalar?.value else { continue }
            guard Currency.iso(code) != nil else {
                error(.invalidCurrency, "'rates': \(UserText.quoted(code)) is not an ISO 4217 currency code", at: p.key.range)
                continue
            }
            guard let s = p.value.scalar, let value = DecimalText.parse(s.value)?.value, value > 0 else {
                error(.typeMismatch, "'rates.\(code)' must be a positive decimal such as 0.92", at: p.value.range)
                continue
            }
            table.rates[code] = value
        }
    }
}

extension ScenarioReader {
    /// The built-in sandbox plus a fixtures file's shoppers, cards and rates (`checkout serve
    /// --fixtures`), read and checked as a scenarios file's `sandbox: { file: }` is; the world
    /// is nil when the file has an error.
    package static func fixturesWorld(
        contentsOf path: String, files: FileAccess = .fileSystem
    ) -> (
        world: SandboxWorld?, diagnostics: [Diagnostic], source: SourceFile
    ) {
        switch files.read(path, limits.maxBytes) {
        case .success(let bytes):
            let source = SourceFile(path: path, bytes: bytes)
            let document = YAMLParser.parse(bytes, file: path, limits: limits, kind: .scenarios)
            var reader = ScenarioFileReader(file: path, files: files)
            reader.diagnostics = document.diagnostics
            var world = SandboxWorld.builtIn
            if let root = document.root, !document.diagnostics.hasErrors {
                reader.fixtures(
                    reader.pairs(root, table: ScenarioFileReader.fixturesTable, in: .topLevel(of: "a fixtures file")), into: &world)
            } else if document.root == nil, document.diagnostics.isEmpty {
                reader.error(
                    .emptyDocument, "the fixtures file is empty",
                    at: SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1)))
            }
            // Fixture lines hold card numbers: positions, never the line.
            let diagnostics = reader.diagnostics.map { d in
                var d = d
                d.hidesSource = true
                return d
            }
            return (diagnostics.hasErrors ? nil : world, diagnostics, source)
        case .failure(let failure):
            let d = failure.diagnostic(file: path, what: "the fixtures file")
            return (nil, [d], SourceFile(path: path, text: ""))
        }
    }
}
