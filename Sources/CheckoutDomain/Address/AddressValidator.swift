import Foundation

/// Validation of billing and shipping addresses per SPEC §3 (BlueSnap semantics).
///
/// Both functions return every problem at once, at most one per field, in the order name, email,
/// address, city, zip, country, state, phone; `[]` means valid. Values are trimmed before
/// checking but otherwise taken as given: country and state codes must be upper case (use
/// `Address.normalized()` first to be lenient). A field whose value holds a control character
/// (`UserText.isControl`: ESC, NUL, an inner line break…) is `invalid_characters`, whatever else
/// is wrong with it.
package enum AddressValidator {
    /// Validates a billing address.
    ///
    /// - name: always required, and must split into first and last name (`invalid_name`).
    /// - email: required iff `withEmail`; when given it must be valid (`invalid_email`).
    /// - address, city: required iff `fullBilling`.
    /// - zip: required unless the country has no postal codes; checked with `PostalCode`
    ///   (`invalid_zip`). For a no-zip country a given zip is ignored.
    /// - country: always required, a valid ISO 3166-1 alpha-2 code (`invalid_country`).
    /// - state: only for US, CA, BR — required there iff `fullBilling`, and when given it must be
    ///   one of `Country.states(of:)` (`invalid_state`); for any other valid country a given state
    ///   is `state_not_allowed`.
    /// - phone: optional; when given it must be a phone number of the country (`invalid_phone`,
    ///   `PhoneNumber`). Leave it out of `a` when the checkout does not ask for it.
    public static func validateBilling(_ a: Address, requirements: AddressRequirements) -> [FieldIssue] {
        withCharacterChecks(a, billingIssues(a, requirements: requirements))
    }

    private static func billingIssues(_ a: Address, requirements: AddressRequirements) -> [FieldIssue] {
        var issues: [FieldIssue] = []
        let country = value(a.country)
        let countryIssue = checkCountry(country)
        let knownCountry = countryIssue == nil ? country : nil

        if let issue = checkName(value(a.name)) { issues.append(issue) }
        let email = value(a.email)
        if email.isEmpty {
            if requirements.withEmail { issues.append(required(.email, "Enter an email address.")) }
        } else if !EmailAddress.isValid(email) {
            issues.append(FieldIssue(field: .email, code: "invalid_email", message: "Enter a valid email address."))
        }
        if requirements.fullBilling {
            if value(a.address).isEmpty { issues.append(required(.address, "Enter the street address.")) }
            if value(a.city).isEmpty { issues.append(required(.city, "Enter the city.")) }
        }
        if let issue = checkZip(value(a.zip), country: knownCountry) { issues.append(issue) }
        if let countryIssue { issues.append(countryIssue) }
        if let issue = checkState(value(a.state), country: knownCountry, required: requirements.fullBilling) {
            issues.append(issue)
        }
        if let issue = checkPhone(value(a.phone), country: knownCountry) { issues.append(issue) }
        return issues
    }

    /// Validates a shipping address: name (must split), address, city, country, zip (unless a
    /// no-zip country) and state (US/CA/BR, valid code; `state_not_allowed` elsewhere) are
    /// required. Phone is optional; when given it must be a phone number of the country
    /// (`invalid_phone`, `PhoneNumber`). Email is ignored.
    public static func validateShipping(_ a: Address) -> [FieldIssue] {
        withCharacterChecks(a, shippingIssues(a))
    }

    private static func shippingIssues(_ a: Address) -> [FieldIssue] {
        var issues: [FieldIssue] = []
        let country = value(a.country)
        let countryIssue = checkCountry(country)
        let knownCountry = countryIssue == nil ? country : nil

        if let issue = checkName(value(a.name)) { issues.append(issue) }
        if value(a.address).isEmpty { issues.append(required(.address, "Enter the street address.")) }
        if value(a.city).isEmpty { issues.append(required(.city, "Enter the city.")) }
        if let issue = checkZip(value(a.zip), country: knownCountry) { issues.append(issue) }
        if let countryIssue { issues.append(countryIssue) }
        if let issue = checkState(value(a.state), country: knownCountry, required: true) { issues.append(issue) }
        if let issue = checkPhone(value(a.phone), country: knownCountry) { issues.append(issue) }
        return issues
    }

    /// The free-text fields, in issue order (every field but the date of birth, which
    /// `checkBirthday` reads).
    static let textFields: [AddressField] = AddressField.withoutBirthday

    /// What a message calls a free-text field.
    static func messageName(_ field: AddressField) -> String {
        switch field {
        case .email: "email address"
        case .address: "street address"
        case .zip: "postal code"
        case .phone: "phone number"
        case .birthday: "date of birth"
        case .name, .city, .country, .state: field.rawValue
        }
    }

    /// `issues` with `invalid_characters` in place of any issue of a field whose trimmed value
    /// holds a control character (ESC, NUL, an inner line break…): still at most one issue per
    /// field, in field order.
    private static func withCharacterChecks(_ a: Address, _ issues: [FieldIssue]) -> [FieldIssue] {
        let bad = textFields.filter { UserText.hasControlCharacters(value(a[$0])) }
        guard !bad.isEmpty else { return issues }
        return textFields.compactMap { f in
            if bad.contains(f) {
                return FieldIssue(field: f, code: "invalid_characters", message: UserText.controlCharactersMessage(messageName(f)))
            }
            return issues.first { $0.field == f.rawValue }
        }
    }

    private static func value(_ text: String?) -> String {
        text?.trimmingWhitespace() ?? ""
    }

    private static func required(_ field: AddressField, _ message: String) -> FieldIssue {
        FieldIssue(field: field, code: "required", message: message)
    }

    private static func checkName(_ name: String) -> FieldIssue? {
        if name.isEmpty { return required(.name, "Enter the full name.") }
        guard PersonName.split(name) != nil else {
            return FieldIssue(field: .name, code: "invalid_name", message: "Enter both a first and a last name.")
        }
        return nil
    }

    private static func checkCountry(_ country: String) -> FieldIssue? {
        if country.isEmpty { return required(.country, "Choose a country.") }
        guard Country.isValid(country) else {
            return FieldIssue(
                field: .country, code: "invalid_country",
                message: "Use a two-letter upper-case ISO country code such as US."
            )
        }
        return nil
    }

    /// `country` is nil when it is missing or invalid: then the zip is required and checked generically.
    private static func checkZip(_ zip: String, country: String?) -> FieldIssue? {
        if let country, !Country.hasPostalCodes(country) { return nil }
        if zip.isEmpty { return required(.zip, "Enter the postal code.") }
        guard PostalCode.isValid(zip, country: country) else {
            let name = country.flatMap(Country.name).map { " for \($0)" } ?? ""
            return FieldIssue(field: .zip, code: "invalid_zip", message: "Enter a valid postal code\(name).")
        }
        return nil
    }

    /// `country` is nil when missing or invalid; the country issue then speaks for the state too.
    private static func checkState(_ state: String, country: String?, required isRequired: Bool) -> FieldIssue? {
        guard let country else { return nil }
        guard let states = Country.states(of: country) else {
            guard state.isEmpty else {
                return FieldIssue(
                    field: .state, code: "state_not_allowed",
                    message: "A state is only used for the United States, Canada and Brazil."
                )
            }
            return nil
        }
        if state.isEmpty { return isRequired ? required(.state, "Choose a state.") : nil }
        guard states[state] != nil else {
            return FieldIssue(field: .state, code: "invalid_state", message: "Choose a valid state code.")
        }
        return nil
    }

    /// `country` is nil when missing or invalid; the country issue then speaks for a national number.
    private static func checkPhone(_ phone: String, country: String?) -> FieldIssue? {
        phone.isEmpty ? nil : PhoneNumber.issue(phone, country: country)
    }

    /// `a` with its phone in E.164 form (`PhoneNumber.e164`) when it is valid for `a`'s country;
    /// otherwise as it was. What a run keeps and sends once the address is valid.
    public static func withE164Phone(_ a: Address) -> Address {
        guard let phone = a.phone, let number = PhoneNumber(phone, country: a.country.map { value($0) }) else { return a }
        var normalized = a
        normalized.phone = number.e164
        return normalized
    }
}
