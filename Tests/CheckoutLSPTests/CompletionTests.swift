import CheckoutDomain
import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation
import Testing

/// `textDocument/completion`: keys, values, stage ids and conditions, from the text around the
/// cursor (`‸` marks it), in documents that are not valid YAML while they are typed.
@Suite("LSP completion")
struct CompletionTests {
    static func items(_ marked: String, uri: String = Nav.uri) -> [JSONValue] {
        let text = marked.replacingOccurrences(of: "‸", with: "")
        let (line, character) = Nav.position(of: "‸", in: marked)
        var server = Nav.server(text, uri: uri)
        return Nav.result(&server, "textDocument/completion", Nav.at(line, character, uri: uri))?.items ?? []
    }

    static func labels(_ marked: String) -> [String] { items(marked).compactMap { $0["label"]?.string } }

    static func item(_ marked: String, _ label: String) -> JSONValue? { items(marked).first { $0["label"]?.string == label } }

    @Test("keys of the mapping at the cursor, from the key tables, with their documentation")
    func keys() throws {
        let top = Self.labels("flow: x\nre‸")
        // Every top-level key but those the document already has.
        #expect(top == FlowKeys.topLevel.map(\.name).filter { $0 != "flow" })
        let request = try #require(Self.item("flow: x\nrequest:\n  with‸", "withEmail"))
        #expect(request["documentation"]?["value"]?.string?.contains("email required") == true)
        #expect(request["documentation"]?["value"]?.string?.contains("default `true`") == true)
        #expect(request["detail"] == .string("bool"))
        // The text edit replaces what is typed of the key, and adds ': '.
        #expect(Nav.range(request["textEdit"]?["range"]) == [2, 2, 2, 6])
        #expect(request["textEdit"]?["newText"] == .string("withEmail: "))
        #expect(Self.labels("request:\n  price:\n    ‸") == FlowKeys.price.map(\.name))
        // A screen's keys and a step's, block or compact list, first key or a later one.
        let screen = FlowKeys.screen.map(\.name).filter { $0 != "kind" }
        #expect(Self.labels("screens:\n  - kind: creditCard\n    ‸") == screen)
        #expect(Self.labels("screens:\n- kind: creditCard\n  t‸") == screen)
        let step = FlowKeys.step.map(\.name).filter { !["kind", "timeout"].contains($0) }
        #expect(Self.labels("steps:\n  - kind: sale\n    timeout: 1s\n    re‸") == step)
        #expect(Self.labels("steps:\n  - ‸") == FlowKeys.step.map(\.name))
        #expect(Self.labels("steps:\n  - kind: sale\n    retry:\n      ‸") == FlowKeys.retry.map(\.name))
        #expect(Self.labels("steps:\n  - { kind: sale, re‸") == FlowKeys.step.map(\.name))
    }

    @Test("not the keys the mapping already has, above or below the cursor, nor another item's")
    func writtenKeys() {
        let request = Self.labels(
            "flow: x\nrequest:\n  withEmail: true\n  # a comment\n\n  ‸\n  fullBilling: false\n  price:\n    amount: 1\ncards: {}\n")
        let written: Set<String> = ["withEmail", "fullBilling", "price"]
        #expect(request == FlowKeys.request.map(\.name).filter { !written.contains($0) })
        let second = Self.labels("steps:\n  - kind: sale\n    timeout: 1s\n  - ‸\n    retry: { attempts: 2 }\n  - kind: void\n")
        #expect(second == FlowKeys.step.map(\.name).filter { $0 != "retry" })
        let top = Self.labels("flow: x\ndsl: 1\nrequest:\n  withEmail: true\n‸\nscreens: []\n")
        #expect(top == FlowKeys.topLevel.map(\.name).filter { !["flow", "dsl", "request", "screens"].contains($0) })
    }

    @Test("enumeration values with their words, booleans, currencies, countries, list items")
    func values() throws {
        let kinds = Self.items("screens:\n  - kind: cre‸")
        #expect(kinds.compactMap { $0["label"]?.string } == ScreenKind.listable.map(\.rawValue))
        let creditCard = try #require(kinds.first { $0["label"] == .string("creditCard") })
        #expect(creditCard["documentation"]?["value"]?.string == ScreenKind.creditCard.summary)
        #expect(Nav.range(creditCard["textEdit"]?["range"]) == [1, 10, 1, 13])
        #expect(Self.labels("steps:\n  - kind: ‸") == StepKind.allCases.map(\.rawValue))
        #expect(Self.labels("request:\n  withEmail: ‸") == ["true", "false"])
        #expect(Self.labels("request:\n  transactionType: ‸") == TransactionType.allCases.map(\.rawValue))
        let usd = try #require(Self.item("request:\n  price: { amount: 1.00, currency: U‸", "USD"))
        #expect(usd["detail"] == .string("US Dollar"))
        #expect(Self.labels("currencies:\n  base: ‸").count > 100)
        let us = try #require(Self.item("fields:\n  allowedCountries:\n    billing: [DE, U‸", "US"))
        #expect(us["documentation"]?["value"]?.string?.contains("United States") == true)
        #expect(Self.labels("screens:\n  - kind: paymentMethod\n    methods: [card, ‸") == PaymentMethodKind.allCases.map(\.rawValue))
        #expect(Self.labels("screens:\n  - kind: paymentMethod\n    methods:\n      - ‸") == PaymentMethodKind.allCases.map(\.rawValue))
        #expect(Self.labels("cards:\n  accept: [‸") == CardBrand.allCases.map(\.rawValue))
        #expect(Self.labels("tax:\n  U‸").contains("US"))
    }

    @Test("a screen's fields: its kind's address fields, or the custom fields for a form")
    func screenFields() {
        #expect(Self.labels("screens:\n  - kind: billing\n    fields: [na‸") == AddressField.billing.map(\.rawValue))
        #expect(
            Self.labels("screens:\n  - title: Ship\n    fields:\n      - name\n      - ‸\n    kind: shipping\n")
                == AddressField.shipping.map(\.rawValue))
        let form =
            "fields:\n  custom:\n    - { id: plan, title: Plan }\n    - { id: gift, title: Gift }\nscreens:\n  - kind: form\n    fields: [‸"
        #expect(Self.labels(form) == ["plan", "gift"])
        #expect(Self.labels("screens:\n  - kind: review\n    fields: [‸").isEmpty)
    }

    @Test("under on: the outcomes the stage's kind can end with")
    func routeKeys() {
        #expect(Self.labels("steps:\n  - kind: sale\n    on:\n      ‸") == ["success", "declined"])
        #expect(Set(Self.labels("screens:\n  - kind: cardScan\n    on: { ‸")) == Set(ScreenKind.cardScan.outcomes.map(\.rawValue)))
        #expect(Self.labels("steps:\n  - id: x\n    on:\n      success: end\n      ‸\n    kind: threeDS\n") == ["failed", "canceled"])
        // Without a kind: every outcome.
        #expect(Self.labels("steps:\n  - on:\n      ‸") == StageOutcome.allCases.map(\.rawValue))
        #expect(Self.labels("screens:\n  - on:\n      declined: ‸") == ["end"])
    }

    @Test("after a route key: the document's stage ids and end, each with what it does")
    func routeTargets() throws {
        let typing = Nav.flow.replacingOccurrences(of: "on: { declined: card }", with: "on: { declined: ‸")
        let ids = ["paymentMethod", "card", "review", "createToken", "tokenize", "charge", "thanks", "end"]
        #expect(Self.labels(typing) == ids)
        let card = try #require(Self.item(typing, "card"))
        let words = try #require(card["documentation"]?["value"]?.string)
        #expect(words.contains("**screen `card`** (`creditCard`)"), "\(words)")
        #expect(words.contains("`success` → `review` (the next stage)"), "\(words)")
        let block = Nav.flow.replacingOccurrences(of: "on: { declined: card }", with: "on:\n      declined: c‸")
        #expect(Self.labels(block) == ids)
        let thanks = Self.item(block, "thanks")?["documentation"]?["value"]?.string ?? ""
        #expect(thanks.contains("runs when `outcome.charge == success and paymentMethod == card`"), "\(thanks)")
        #expect(thanks.contains("`success` → the end"), "\(thanks)")
        let charge = Self.item(typing, "charge")?["documentation"]?["value"]?.string ?? ""
        #expect(charge.contains("`declined` → ends the run `declined`"), "\(charge)")
    }

    @Test("in a condition: names, operators after a name, the name's values after an operator, and/or after a value")
    func conditions() {
        func at(_ condition: String) -> [String] {
            Self.labels(Nav.flow.replacingOccurrences(of: "outcome.charge == success and paymentMethod == card", with: condition + "‸"))
        }
        let names = at("")
        #expect(names.contains("paymentMethod") && names.contains("billing.country") && names.contains("request.withEmail"))
        #expect(names.contains("outcome.charge") && names.contains("outcome.tokenize") && !names.contains("outcome.card"))
        #expect(at("outcome.charge == success and pay").contains("outcome.charge"))
        #expect(at("paymentMethod ") == ["==", "!=", "<", "<=", ">", ">=", "in", "not in"])
        #expect(at("paymentMethod == ") == PaymentMethodKind.allCases.map(\.rawValue))
        #expect(at("paymentMethod in [card, ") == PaymentMethodKind.allCases.map(\.rawValue))
        #expect(at("outcome.charge != ") == StageOutcome.allCases.map(\.rawValue))
        #expect(at("billing.country == U").contains("US"))
        #expect(at("paymentMethod == card ") == ["and", "or"])
        #expect(at("(paymentMethod == card) and ").contains("card.brand"))
        // The edit replaces the word being typed, not the condition.
        let marked = Nav.flow.replacingOccurrences(of: "and paymentMethod == card", with: "and pay‸")
        let item = Self.item(marked, "paymentMethod")
        let (line, character) = Nav.position(of: "and pay", in: marked, offset: 4)
        #expect(Nav.range(item?["textEdit"]?["range"]) == [line, character, line, character + 3])
        // In quotes, and in a flow mapping.
        let quoted = Nav.flow.replacingOccurrences(
            of: "when: outcome.charge == success and paymentMethod == card", with: "when: \"paymentMethod == ‸")
        #expect(Self.labels(quoted) == PaymentMethodKind.allCases.map(\.rawValue))
        #expect(Self.labels("steps:\n  - { kind: sale, when: paymentMethod != ‸") == PaymentMethodKind.allCases.map(\.rawValue))
        // A condition over several lines.
        let folded = Nav.flow.replacingOccurrences(
            of: "when: outcome.charge == success and paymentMethod == card", with: "when: >-\n      paymentMethod == card and\n      out‸")
        #expect(Self.labels(folded).contains("outcome.charge"))
    }

    @Test("the edit's range counts UTF-8 bytes when that encoding was agreed, UTF-16 units otherwise")
    func encodings() throws {
        let text = Nav.flow.replacingOccurrences(
            of: "when: outcome.charge == success and paymentMethod == card", with: "when: billing.city == \"Zürich 😀\" and pay")
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("Zürich") })
        for (encoding, end) in [("utf-16", lines[line].utf16.count), ("utf-8", lines[line].utf8.count)] {
            var server = LSPMessages.initializedServer(encodings: [encoding])
            _ = server.handle(LSPMessages.didOpen(Nav.uri, text))
            let items = Nav.result(&server, "textDocument/completion", Nav.at(line, end))?.items ?? []
            let item = try #require(items.first { $0["label"] == .string("paymentMethod") }, "\(encoding)")
            #expect(Nav.range(item["textEdit"]?["range"]) == [line, end - 3, line, end], "\(encoding)")
        }
    }

    @Test("nothing in a comment; a '#' in quotes is no comment")
    func comments() {
        #expect(Self.labels("flow: x\n# re‸").isEmpty)
        #expect(Self.labels("request:\n  withEmail: true # or fa‸").isEmpty)
        #expect(Self.labels("request:\n  withEmail: ‸ # a comment after") == ["true", "false"])
        #expect(Self.labels("request:\n  price: { currency: \"#U‸").isEmpty == false)
    }

    @Test("scenario and answers files get no completion; a document not open gets null")
    func otherFiles() {
        #expect(Self.items("flow: x\n‸", uri: "file:///tmp/x.scenarios.yaml").isEmpty)
        var server = LSPMessages.initializedServer()
        #expect(Nav.result(&server, "textDocument/completion", Nav.at(0, 0)) == .null)
    }
}
