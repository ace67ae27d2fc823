import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `fields` (SPEC §4): presence overrides and custom fields. Contradictions with the
    /// request are checked later, once the request is known.
    static func compileFields(_ node: YAMLNode, _ ctx: inout CompileContext) -> FieldSettings {
        var settings = FieldSettings()
        guard let f = ctx.fields(of: node, path: "fields", keys: .fields) else { return settings }
        for (key, table) in [("billing", KeyTable.billingPresence), ("shipping", KeyTable.shippingPresence)] {
            guard let n = f[key], let pf = ctx.fields(of: n, path: "fields.\(key)", keys: table) else { continue }
            for i in pf.pairs.indices {
                let name = pf.key(at: i)
                guard let field = AddressField.named(name),
                    let p = ctx.enumeration(pf.pairs.value(at: i), path: "fields.\(key).\(name)", as: FieldPresence.self)
                else { continue }
                if key == "billing" { settings.billing[field] = p } else { settings.shipping[field] = p }
            }
        }
        if let n = f["available"], let af = ctx.fields(of: n, path: "fields.available", keys: .available) {
            for i in af.pairs.indices {
                let flag = af.key(at: i)
                guard let shown = ctx.bool(af.pairs.value(at: i), path: "fields.available.\(flag)"),
                    let fields = FieldSettings.availableFlags.first(where: { $0.flag == flag })?.fields
                else { continue }
                for field in fields { settings.available[field] = shown }
            }
        }
        if let n = f["allowedCountries"], let af = ctx.fields(of: n, path: "fields.allowedCountries", keys: .allowedCountries) {
            for key in ["billing", "shipping"] {
                guard let ln = af[key], let items = ctx.list(ln, path: "fields.allowedCountries.\(key)") else { continue }
                let codes = items.enumerated().compactMap { ctx.country($1, path: "fields.allowedCountries.\(key)[\($0)]") }
                if items.isEmpty {
                    ctx.report(
                        .outOfRange, "'fields.allowedCountries.\(key)' must list at least one country; leave it out to allow any",
                        at: ln.range)
                }
                if key == "billing" { settings.allowedBillingCountries = codes } else { settings.allowedShippingCountries = codes }
            }
        }
        if let n = f["custom"], let items = ctx.list(n, path: "fields.custom") {
            var seen = StageIds(capacity: items.count)
            for (i, item) in items.enumerated() {
                let path = StagePath(section: "fields.custom", index: i)
                guard let cf = ctx.fields(of: item, path: path.description, keys: .customField) else { continue }
                guard let idNode = cf["id"], let id = ctx.identifier(idNode, path: "\(path).id"),
                    let titleNode = cf["title"], let title = ctx.string(titleNode, path: "\(path).title")
                else { continue }
                if let first = seen.firstRange(of: id) {
                    ctx.report(
                        .duplicateId, "custom field id \(UserText.quoted(id)) is already used at line \(first.start.line)", at: idNode.range
                    )
                    continue
                }
                seen.insert(id, idNode.range)
                var field = CustomField(id: id, title: title)
                if let p = cf["pattern"], let text = ctx.string(p, path: "\(path).pattern") {
                    if !PatternValidity.isValid(text) {
                        ctx.report(.invalidFormat, "'\(path).pattern' is not a valid regular expression", at: p.range)
                    } else {
                        field.pattern = text
                    }
                }
                if let o = cf["options"], let list = ctx.list(o, path: "\(path).options") {
                    field.options = list.enumerated().compactMap { ctx.string($1, path: "\(path).options[\($0)]") }
                    if field.options?.isEmpty == true {
                        ctx.report(.outOfRange, "'\(path).options' must list at least one answer", at: o.range)
                    }
                }
                if let r = cf["required"], let v = ctx.bool(r, path: "\(path).required") { field.required = v }
                settings.custom.append(field)
            }
        }
        return settings
    }

    /// `cards` (SPEC §5).
    static func compileCards(_ node: YAMLNode, _ ctx: inout CompileContext) -> CardSettings {
        var settings = CardSettings()
        guard let f = ctx.fields(of: node, path: "cards", keys: .cards) else { return settings }
        if let n = f["accept"], let items = ctx.list(n, path: "cards.accept") {
            var brands: [CardBrand] = []
            for (i, item) in items.enumerated() {
                if let text = item.scalar?.value, CardBrand.named(text) == nil, let brand = CardBrand.alias(text) {
                    ctx.report(
                        .invalidEnum, "\(UserText.quoted(text)) is not a brand name here; brands use the credit-card-type names",
                        at: item.range,
                        suggestion: brand.rawValue)
                    continue
                }
                guard let b = ctx.enumeration(item, path: "cards.accept[\(i)]", as: CardBrand.self) else { continue }
                if brands.contains(b) {
                    ctx.report(.duplicateId, "'\(b.rawValue)' is listed twice in 'cards.accept'", at: item.range, severity: .warning)
                } else {
                    brands.append(b)
                }
            }
            if items.isEmpty {
                ctx.report(.outOfRange, "'cards.accept' must list at least one brand", at: n.range)
            }
            settings.accept = brands
        }
        func flag(_ key: String, _ keyPath: WritableKeyPath<CardSettings, Bool>) {
            if let n = f[key], let v = ctx.bool(n, path: "cards.\(key)") { settings[keyPath: keyPath] = v }
        }
        flag("requireCvv", \.requireCvv)
        flag("requireExpiry", \.requireExpiry)
        flag("requireHolderName", \.requireHolderName)
        flag("requireSortCodeAndAccountNumber", \.requireSortCodeAndAccountNumber)
        flag("masking", \.masking)
        flag("expiryEditable", \.expiryEditable)
        flag("holderNameEditable", \.holderNameEditable)
        if let n = f["storeCard"], let v = ctx.enumeration(n, path: "cards.storeCard", as: StoreCardSetting.self) {
            settings.storeCard = v
        }
        if let n = f["reportingCriteria"], let v = ctx.string(n, path: "cards.reportingCriteria") {
            settings.reportingCriteria = checkedReportingCriteria(v, at: n.range, &ctx)
        }
        return settings
    }

    /// Contradictions between `fields`/`cards` and the request (SPEC §4: hiding a field the
    /// request requires is an error).
    static func checkFieldSettings(_ flow: FlowDefinition, top: Fields, _ ctx: inout CompileContext) {
        let r = flow.request
        let fieldsNode = top["fields"]
        func range(_ section: String, _ key: String) -> SourceRange? {
            guard let n = fieldsNode?.pair(section)?.value else { return nil }
            return n.pair(key)?.value.range
        }
        for (field, p) in flow.fields.billing.sorted(by: { $0.key < $1.key }) {
            let rule: String?
            let fix: String
            switch field {
            case .name, .country:
                rule = "a billing \(field.rawValue) is always required"
                fix = "remove the setting"
            case .zip:
                rule = "a billing zip is required wherever the country has postal codes"
                fix = "remove the setting"
            case .email:
                rule = r.withEmail ? "'request.withEmail' is true" : nil
                fix = "set 'request.withEmail: false' to make the email \(p.rawValue)"
            case .address, .city, .state:
                rule = r.fullBilling ? "'request.fullBilling' is true" : nil
                fix = "set 'request.fullBilling: false' to make it \(p.rawValue)"
            case .phone, .birthday:
                rule = nil
                fix = ""
            }
            if let rule, p != .required {
                ctx.report(
                    .fieldConflict, "'fields.billing.\(field.rawValue)' cannot be \(p.rawValue): \(rule)",
                    at: range("billing", field.rawValue), notes: ["set it to required, or \(fix)"])
            }
        }
        checkAvailableFlags(flow, range: range, &ctx)
        for (field, p) in flow.fields.shipping.sorted(by: { $0.key < $1.key }) {
            if !r.withShipping {
                ctx.report(
                    .ineffectiveSetting, "'fields.shipping.\(field.rawValue)' has no effect: 'request.withShipping' is false",
                    at: range("shipping", field.rawValue), severity: .warning)
                break
            }
            if field != .phone, p != .required {
                ctx.report(
                    .fieldConflict,
                    "'fields.shipping.\(field.rawValue)' cannot be \(p.rawValue): 'request.withShipping' requires a full shipping address",
                    at: range("shipping", field.rawValue), notes: ["set it to required, or remove the setting"])
            }
        }
        if let storeCard = flow.cards.storeCard, r.hideStoreCardSwitch, storeCard != .hidden {
            let n = top["cards"]?.pair("storeCard")?.value
            ctx.report(
                .conflictingSettings,
                "'cards.storeCard: \(storeCard.rawValue)' contradicts 'request.hideStoreCardSwitch: true'",
                at: n?.range, notes: ["remove one of them; 'storeCard: hidden' is the same as 'hideStoreCardSwitch: true'"])
        }
        checkStoreCardConsent(top, flow: flow, &ctx)
    }
}

extension FlowCompiler {
    /// BlueSnap stores a new card only with the shopper's consent, and needs it stored when
    /// it is the chosen method (choosePayment) or pays a subscription: a hidden switch cannot
    /// collect that consent.
    static func checkStoreCardConsent(_ top: Fields, flow: FlowDefinition, _ ctx: inout CompileContext) {
        let r = flow.request
        let hidden = flow.cards.storeCard == .hidden || (flow.cards.storeCard == nil && r.hideStoreCardSwitch)
        guard hidden, r.mode == .choosePayment || r.subscription else { return }
        let why = r.mode == .choosePayment ? "'mode: choosePayment' stores a new card" : "a subscription stores the card it charges"
        let setting = flow.cards.storeCard == .hidden ? "'cards.storeCard: hidden'" : "'request.hideStoreCardSwitch: true'"
        let node =
            flow.cards.storeCard == .hidden
            ? top["cards"]?.pair("storeCard")?.value
            : top["request"]?.pair("hideStoreCardSwitch")?.value
        ctx.report(
            .conflictingSettings, "\(why), but \(setting) hides the switch the shopper consents with", at: node?.range,
            notes: ["show the switch, or set 'cards.storeCard: required' to store every card under the checkout's terms"])
    }
}

extension FlowCompiler {
    /// Maxpay's flags against the request's rules and `fields.billing`: hiding a field the
    /// request requires is a conflict, and so is a flag and a `fields.billing` entry for one field.
    private static func checkAvailableFlags(
        _ flow: FlowDefinition, range: (String, String) -> SourceRange?, _ ctx: inout CompileContext
    ) {
        // No flag set, the usual case: nothing to check (and no presence table to build).
        guard !flow.fields.available.isEmpty else { return }
        let required = FieldSettings().billingPresence(for: flow.request)
        for (flag, fields) in FieldSettings.availableFlags {
            guard let shown = fields.lazy.compactMap({ flow.fields.available[$0] }).first else { continue }
            let at = range("available", flag)
            if let clash = fields.first(where: { flow.fields.billing[$0] != nil }) {
                ctx.report(
                    .conflictingSettings,
                    "'fields.available.\(flag)' and 'fields.billing.\(clash.rawValue)' both set the billing \(clash.rawValue)",
                    at: at, notes: ["keep one of them"])
                continue
            }
            if !shown, let needed = fields.first(where: { required[$0] == .required }) {
                ctx.report(
                    .fieldConflict, "'fields.available.\(flag): false' hides the billing \(needed.rawValue), which the request requires",
                    at: at, notes: [Self.requirementReason(needed, flow.request)])
            }
        }
    }

    /// Why the request requires a billing field (SPEC §3).
    static func requirementReason(_ field: AddressField, _ r: CheckoutRequest) -> String {
        switch field {
        case .name, .country: "a billing \(field.rawValue) is always required"
        case .zip: "a billing zip is required wherever the country has postal codes"
        case .email: "'request.withEmail' is true"
        default: "'request.fullBilling' is true"
        }
    }
}

extension CompileContext {
    /// A list's items.
    mutating func list(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        if node.scalar?.isNull == true { return [] }
        report(.typeMismatch, "\(UserText.quoted(pathText())) must be a list, found \(describe(node))", at: node.range)
        return nil
    }

    /// An id: a letter, then letters, digits, `_` or `-`.
    mutating func identifier(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> String? {
        guard let text = string(node, path: pathText()) else { return nil }
        let u = text.utf8
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        if let first = u.first, isLetter(first),
            u.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        {
            return text
        }
        report(
            .invalidFormat,
            "\(UserText.quoted(pathText())) must start with a letter and hold only letters, digits, '_' and '-', found \(UserText.quoted(text))",
            at: node.range)
        return nil
    }
}

extension CardBrand {
    /// The brand people mean by a result name (`AMEX`) or a common short form (`amex`,
    /// `diners`, `master-card`), for "did you mean".
    static func alias(_ text: String) -> CardBrand? {
        let key = text.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        if let brand = CardBrand.allCases.first(where: { $0.resultName.lowercased().replacingOccurrences(of: "_", with: "-") == key }) {
            return brand
        }
        let aliases: [String: CardBrand] = [
            "amex": .americanExpress, "americanexpress": .americanExpress, "diners": .dinersClub, "dinersclub": .dinersClub,
            "master-card": .mastercard, "mc": .mastercard, "china-union-pay": .unionpay, "union-pay": .unionpay, "cup": .unionpay,
        ]
        return aliases[key] ?? CardBrand(rawValue: key)
    }
}
