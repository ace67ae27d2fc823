import CheckoutJSON
import Foundation
import Testing

@testable import CheckoutLanguage

/// The JSON Schema is the key tables, written out: every key at its place, with its summary,
/// its requiredness, its default, and the JSON types an editor's YAML 1.2 reader sends.
@Suite struct FlowSchemaTests {
    let schema = FlowSchema.jsonSchema()

    /// The schema object of a value, through `$ref` when it has one.
    func resolve(_ value: JSONValue) -> JSONValue {
        guard case .string(let ref)? = value["$ref"] else { return value }
        let name = String(ref.dropFirst("#/definitions/".count))
        return schema["definitions"]?[name] ?? .null
    }

    /// Checks a mapping table against its schema object, and the tables inside it.
    func check(_ specs: [KeySpec], against object: JSONValue, path: String) {
        let object = resolve(object)
        #expect(object["type"] == .string("object"), "\(path)")
        #expect(object["additionalProperties"] == .bool(false), "\(path)")
        let required = specs.filter(\.required).map { JSONValue.string($0.name) }
        #expect(object["required"] == (required.isEmpty ? nil : .array(required)), "\(path)")
        guard case .object(let properties)? = object["properties"] else {
            Issue.record("\(path) has no properties")
            return
        }
        #expect(properties.map(\.key) == specs.map(\.name), "\(path): keys in table order")
        for spec in specs {
            let property = properties.first { $0.key == spec.name }?.value ?? .null
            guard case .string(let description)? = property["description"], case .string(let markdown)? = property["markdownDescription"]
            else {
                Issue.record("\(path).\(spec.name) has no description or markdownDescription")
                continue
            }
            // Markdown for editors that show it, the same text without backticks for the rest.
            #expect(markdown.hasPrefix(spec.summary), "\(path).\(spec.name)")
            #expect(description == markdown.replacingOccurrences(of: "`", with: ""), "\(path).\(spec.name)")
            if let text = spec.defaultValue { #expect(markdown.hasSuffix("(default: `\(text)`)"), "\(path).\(spec.name)") }
            checkShape(spec.shape, against: property, path: "\(path).\(spec.name)")
        }
    }

    func checkShape(_ shape: ValueShape, against value: JSONValue, path: String) {
        switch shape {
        case .mapping(let specs): check(specs, against: value, path: path)
        case .list(let item, _): checkShape(item, against: resolve(value)["items"] ?? .null, path: "\(path)[]")
        case .dictionary(_, let item): checkShape(item, against: resolve(value)["additionalProperties"] ?? .null, path: "\(path).*")
        default: break
        }
    }

    @Test func everyKeyOfEveryTableIsInTheSchemaAtItsPlace() {
        #expect(schema["$schema"] == .string("http://json-schema.org/draft-07/schema#"))
        #expect(schema["$id"] == .string(FlowSchema.id))
        check(FlowKeys.topLevel, against: schema, path: "")
    }

    /// Stage kinds and the other described enumerations carry each value's summary, in the
    /// values' order; screens and steps offer one snippet per kind (issue 20: hover and
    /// completion text for values, not only keys).
    @Test func enumerationValuesHaveTheirSummariesAndKindsTheirSnippets() throws {
        let screens = resolve(schema["properties"]?["screens"]?["items"] ?? .null)
        let steps = resolve(schema["properties"]?["steps"]?["items"] ?? .null)
        for (item, kinds) in [
            (screens, ScreenKind.listable.map { ($0.rawValue, $0.summary) }), (steps, StepKind.allCases.map { ($0.rawValue, $0.summary) }),
        ] {
            let kind = item["properties"]?["kind"] ?? .null
            #expect(kind["enum"] == .array(kinds.map { .string($0.0) }))
            #expect(kind["markdownEnumDescriptions"] == .array(kinds.map { .string($0.1) }))
            #expect(kind["enumDescriptions"] == .array(kinds.map { .string($0.1.replacingOccurrences(of: "`", with: "")) }))
            guard case .array(let snippets)? = item["defaultSnippets"] else {
                Issue.record("no defaultSnippets")
                continue
            }
            #expect(snippets.map { $0["body"]?["kind"] } == kinds.map { .string($0.0) })
            #expect(snippets.allSatisfy { $0["label"] != nil && $0["markdownDescription"] != nil })
        }
        #expect(kinds(StepKind.allCases).allSatisfy { !$0.isEmpty })
        let transaction = schema["properties"]?["request"].map(resolve)?["properties"]?["transactionType"] ?? .null
        #expect(transaction["markdownEnumDescriptions"] == .array(TransactionType.allCases.map { .string($0.summary) }))
    }

    private func kinds(_ all: [StepKind]) -> [String] { all.map(\.summary) }

    @Test func shapesUsedInSeveralPlacesAreDefinedOnceUnderTheirTableNames() throws {
        guard case .object(let definitions)? = schema["definitions"] else {
            Issue.record("no definitions")
            return
        }
        let names = definitions.map(\.key)
        #expect(["address", "font", "routes"].allSatisfy(names.contains), "\(names)")
        let text = FlowSchema.text()
        for name in names {
            #expect(FlowKeys.tables.contains { $0.name == name }, "\(name) is not the name of a table in FlowKeys.tables")
            let uses = text.components(separatedBy: "\"$ref\": \"#/definitions/\(name)\"").count - 1
            #expect(uses >= 2, "\(name) is referred to \(uses) times")
        }
    }

    @Test func defaultsAreTypedWhenTheyAreValues() {
        let request = schema["properties"]?["request"]?["properties"]
        #expect(request?["withEmail"]?["default"] == .bool(true))
        #expect(request?["fullBilling"]?["default"] == .bool(false))
        #expect(request?["mode"]?["default"] == .string("checkout"))
        #expect(request?["price"]?["properties"]?["taxAmount"]?["default"] == .number("0"))
        #expect(request?["price"]?["properties"]?["currency"]?["default"] == .string("USD"))
        let retry = schema["properties"]?["steps"]?["items"]?["properties"]?["retry"]?["properties"]
        #expect(retry?["attempts"]?["default"] == .int(3))
        #expect(retry?["delay"]?["default"] == .string("100ms"))
        // Described, not values: left to the description.
        let provider = schema["properties"]?["provider"]
        #expect(provider?["default"] == nil)
        #expect(provider?["description"] == .string("the payment provider (default: { name: sandbox })"))
        #expect(schema["properties"]?["screens"]?["items"]?["properties"]?["id"]?["default"] == nil)
        #expect(schema["properties"]?["cards"]?["properties"]?["accept"]?["default"] == nil)
    }

    @Test func textKeysAlsoTakeTheNumbersAndBooleansTheirPatternAdmits() {
        let address = schema["definitions"]?["address"]?["properties"]
        let anyScalar = JSONValue.array([.string("string"), .string("number"), .string("boolean")])
        #expect(address?["zip"]?["type"] == anyScalar, "zip: 01234 is the integer 1234 to YAML 1.2")
        #expect(address?["country"]?["type"] == .string("string"), "NO is a string to YAML 1.2, and no number is a country")
        #expect(schema["properties"]?["flow"]?["type"] == .array([.string("string"), .string("integer"), .string("boolean")]))
        #expect(schema["properties"]?["request"]?["properties"]?["shopperId"]?["type"] == anyScalar)
        #expect(schema["properties"]?["dsl"]?["type"] == .string("integer"))
    }

    @Test func decimalsAreNumbersOrQuotedDigits() {
        let amount = schema["properties"]?["request"]?["properties"]?["price"]?["properties"]?["amount"]
        #expect(
            amount?["anyOf"]
                == .array([
                    .object([JSONMember("type", .string("number")), JSONMember("minimum", .int(0))]),
                    .object([JSONMember("type", .string("string")), JSONMember("pattern", .string("^(-?0+(\\.0+)?|[0-9]+(\\.[0-9]+)?)$"))]),
                ]))
        let rate = schema["properties"]?["currencies"]?["properties"]?["rates"]?["additionalProperties"]
        #expect(rate?["anyOf"]?[0]?["exclusiveMinimum"] == .int(0))
        let tax = schema["properties"]?["tax"]?["additionalProperties"]
        #expect(tax?["anyOf"]?[0]?["maximum"] == .int(100))
    }

    @Test func everyPatternIsARegularExpression() throws {
        func patterns(_ value: JSONValue) -> [String] {
            switch value {
            case .object(let members):
                members.flatMap { m -> [String] in
                    if m.key == "pattern", case .string(let p) = m.value { return [p] }
                    return patterns(m.value)
                }
            case .array(let items): items.flatMap(patterns)
            default: []
            }
        }
        let all = patterns(schema)
        #expect(all.count > 10)
        for p in all { #expect((try? NSRegularExpression(pattern: p)) != nil, "\(p)") }
    }

    @Test func theTextIsStable() {
        let text = FlowSchema.text()
        #expect(text == FlowSchema.text())
        #expect(text.hasPrefix("{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n  \"$id\": "))
        #expect(text.hasSuffix("}\n"))
    }
}

extension JSONValue {
    /// An object's member.
    fileprivate subscript(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An array's item.
    fileprivate subscript(_ index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
