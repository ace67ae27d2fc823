import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// Billing and shipping as forms: the fields the flow asks (`fields`, `request` flags), the
/// prefilled details as defaults, the country and state from filterable lists, and the
/// checks of `AddressValidator` — the same as a headless run's.
enum AddressForms {
    /// The order fields are asked in: the country before the state and the postal code,
    /// which depend on it; the date of birth (billing only) last.
    static let order: [AddressField] = [.name, .email, .country, .state, .address, .city, .zip, .phone, .birthday]
    static let statesCountries = ["US", "CA", "BR"]

    static func form(
        _ p: ScreenPrompt, presence: [AddressField: FieldPresence], billing: Bool, previous: Form.Values?,
        allowedCountries: [String]? = nil, _ t: ShopperText = .english
    ) -> Form {
        let asked: [AddressField]
        if let named = p.fields?.compactMap(AddressField.init(rawValue:)), !named.isEmpty {
            asked = order.filter { named.contains($0) }
        } else {
            asked = order.filter { (presence[$0] ?? .hidden) != .hidden && (billing || $0 != .email) }
        }
        let prefill = p.prefill ?? Address()
        func start(_ f: AddressField) -> String { previous?[f.rawValue] ?? prefill[f] ?? "" }
        var fields: [Form.Field] = []
        for f in asked {
            let optional = presence[f] == .optional
            let label = optional ? t("field.optional", title(f, t)) : title(f, t)
            switch f {
            case .country:
                // `fields.allowedCountries`: only the countries the checkout takes are offered.
                let codes = allowedCountries ?? Country.allCodes
                let options = Self.countryOptions(codes, t)
                // What was prefilled (or typed before), else the home of the checkout's
                // currency; a supranational currency (EUR) preselects nothing.
                let preferred = start(.country).isEmpty ? Country.home(of: p.price.currency) : start(.country).uppercased()
                // Never a country the list does not offer; the only one when there is one.
                let chosen = preferred.flatMap { codes.contains($0) ? $0 : nil } ?? (codes.count == 1 ? codes.first : nil)
                fields.append(
                    Form.Field(
                        id: "country", label: label, control: .choice(ChoiceList(options: options, selectedId: chosen, filterable: true))))
            case .state:
                for code in statesCountries {
                    let states = (Country.states(of: code) ?? [:]).sorted { $0.value < $1.value }
                    let options = states.map { ChoiceList.Option(id: $0.key, label: $0.value, detail: $0.key) }
                    let chosen = (previous?["state:\(code)"] ?? start(.state)).uppercased()
                    fields.append(
                        Form.Field(
                            id: "state:\(code)",
                            label: code == "CA" ? (optional ? t("field.optional", t("field.province")) : t("field.province")) : label,
                            control: .choice(ChoiceList(options: options, selectedId: chosen.isEmpty ? nil : chosen, filterable: true))))
                }
            case .birthday:
                fields.append(
                    Form.Field(
                        id: f.rawValue, label: label, control: .text(TextInput(value: start(f))),
                        placeholder: t("field.birthday.placeholder")))
            default:
                fields.append(Form.Field(id: f.rawValue, label: label, control: .text(TextInput(value: start(f)))))
            }
        }
        if billing, p.offersSameAsBilling {
            let on = previous?["sameAsBilling"] == "true"
            fields.append(Form.Field(id: "sameAsBilling", label: t("field.sameAsBilling"), control: .toggle(Toggle(isOn: on))))
        }
        let requirements = p.requirements
        let today = p.today
        return Form(
            fields: fields,
            check: { values, field, leaving in
                guard leaving else { return nil }
                return check(values, field: field, billing: billing, requirements: requirements, presence: presence, today: today, t)
            },
            shown: { values, field in shown(field, country: values["country"] ?? "") })
    }

    /// The countries `codes` as options: in English by `Country.name`, sorted as before; in
    /// another language by the platform's names, sorted as that language sorts, each also
    /// found by its English name (`Germany` finds `Deutschland`).
    static func countryOptions(_ codes: [String], _ t: ShopperText) -> [ChoiceList.Option] {
        guard !t.locale.isEnglish else {
            return codes.map { ChoiceList.Option(id: $0, label: Country.name($0) ?? $0, detail: $0) }.sorted { $0.label < $1.label }
        }
        let collation = t.platformLocale ?? Locale(identifier: t.locale.tag)
        return codes.map { code in
            let english = Country.name(code) ?? code
            let local = t.countryName(code) ?? english
            return ChoiceList.Option(id: code, label: local, detail: code, alias: local == english ? nil : english)
        }
        .sorted { $0.label.compare($1.label, locale: collation) == .orderedAscending }
    }

    static func shown(_ field: String, country: String) -> Bool {
        if field.hasPrefix("state:") { return field.dropFirst(6) == country }
        if field == AddressField.zip.rawValue { return Country.hasPostalCodes(country) }
        return true
    }

    /// The problem with one field on leaving it, as the runtime will see it; `today` is the
    /// run's day, which a date of birth is checked against.
    static func check(
        _ values: Form.Values, field: String, billing: Bool, requirements: AddressRequirements, presence: [AddressField: FieldPresence],
        today: CalendarDate? = nil, _ t: ShopperText = .english
    ) -> String? {
        let key = field.hasPrefix("state:") ? "state" : field
        guard let f = AddressField(rawValue: key) else { return nil }
        let a = address(values)
        if f == .birthday, let today, let issue = AddressValidator.checkBirthday(a.birthday, today: today) {
            return t.problem(code: issue.code, message: issue.message)
        }
        let found = billing ? AddressValidator.validateBilling(a, requirements: requirements) : AddressValidator.validateShipping(a)
        if let issue = found.first(where: { $0.field == key }) {
            // An optional field left empty is fine, whatever the request's defaults say.
            if issue.code == "required", presence[f] == .optional { return nil }
            return t.problem(code: issue.code, message: issue.message)
        }
        if presence[f] == .required, (a[f] ?? "").isEmpty {
            return t.problem(code: "required", message: "Enter \(title(f).lowercased()).")
        }
        return nil
    }

    /// The address the values make; empty fields are left out.
    static func address(_ v: Form.Values) -> Address {
        var a = Address()
        for f in AddressField.allCases where f != .state {
            a[f] = v[f.rawValue].flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        }
        // The state is one choice per country (`state:US`).
        a.state = v.first { $0.key.hasPrefix("state:") }?.value
        return a
    }

    static func title(_ f: AddressField, _ t: ShopperText = .english) -> String {
        t("field.\(f.rawValue)")
    }

    /// One line for the summary: `Jane Doe · jane@example.com · 02134 US`.
    static func summary(_ a: Address) -> String {
        [a.name, a.email, a.address, a.city, [a.zip, a.state, a.country].compactMap { $0 }.joined(separator: " "), a.phone]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
