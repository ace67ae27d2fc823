import CheckoutLanguage
import CheckoutRuntime

/// Reading a scenario's `taxService:` (docs/testing.md "A stand-in tax service"): exactly one
/// of `taxAmount`, `fails` and `hangs: true`. Whether the flow has a tax service to stand in
/// for is checked once the flows are compiled (`ScenarioSuite.taxServiceFindings`).
extension ScenarioFileReader {
    static let taxServiceTable = KeyTable(ScenarioKeys.taxService)

    /// The stand-in, or nil after reporting what is wrong with it.
    mutating func taxServiceStandIn(_ node: YAMLNode) -> TaxServiceStandIn? {
        let f = pairs(node, table: Self.taxServiceTable, in: .path("taxService"))
        guard node.mapping != nil else { return nil }
        let names = ScenarioKeys.taxService.map(\.name)
        let given = names.filter { f[$0] != nil }
        guard given.count == 1, let key = given.first, let p = f[key] else {
            if given.isEmpty {
                error(.missingKey, "'taxService' must say what the stand-in does: one of \(names.joined(separator: ", "))", at: node.range)
            } else {
                error(
                    .conflictingSettings,
                    "'taxService' can do one thing per scenario; it has \(given.joined(separator: " and ")) (write one scenario for each)",
                    at: node.range)
            }
            return nil
        }
        switch key {
        case "taxAmount":
            guard let s = p.value.scalar, !s.isNull else {
                error(
                    .typeMismatch, "'taxService.taxAmount' must be text such as \"3.55\", found \(p.value.shapeDescription)",
                    at: p.value.range)
                return nil
            }
            return .answers(taxAmount: s.value)
        case "fails":
            guard let reason = text(p.value, "'taxService.fails'") else { return nil }
            return .fails(reason: reason)
        default:
            guard let s = p.value.scalar, s.style == .plain, s.value == "true" else {
                error(
                    .typeMismatch,
                    "'taxService.hangs' must be true (leave the stand-in out for the flow's real service), found \(p.value.shapeDescription)",
                    at: p.value.range)
                return nil
            }
            return .hangs
        }
    }
}
