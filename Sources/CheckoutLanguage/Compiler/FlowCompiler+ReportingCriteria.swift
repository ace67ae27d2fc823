import CheckoutDomain

extension CardSettings {
    /// BAM's limit for `reportingCriteria` ("max. 100 characters").
    package static let reportingCriteriaMaxLength = 100
}

extension FlowCompiler {
    /// `cards.reportingCriteria`: at most 100 characters and no card data — BAM's reports are
    /// read by people, and its docs forbid PII there. A run of 12 or more digits (spaces and
    /// dashes between them allowed) may be a card number: refused, and the value not shown.
    static func checkedReportingCriteria(_ text: String, at range: SourceRange, _ ctx: inout CompileContext) -> String? {
        if text.count > CardSettings.reportingCriteriaMaxLength {
            ctx.report(
                .outOfRange,
                "'cards.reportingCriteria' has \(text.count) characters; BAM takes at most \(CardSettings.reportingCriteriaMaxLength)",
                at: range)
            return nil
        }
        var run = 0
        for c in text.unicodeScalars {
            if ("0"..."9").contains(c) {
                run += 1
            } else if c != " " && c != "-" {
                run = 0
            }
            if run >= 12 {
                ctx.secretError(
                    .invalidFormat,
                    "'cards.reportingCriteria' must not hold card data: it has a run of 12 or more digits; use an order or campaign reference",
                    at: range)
                return nil
            }
        }
        return text
    }
}
