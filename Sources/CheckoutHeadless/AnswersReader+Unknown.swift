import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

extension AnswersReader {
    /// `custom` answers for fields the flow does not have (a typo would otherwise be dropped):
    /// reported like any other invalid answer, with the closest id.
    public static func unknownCustomFields(_ answers: Answers, fieldIds: [String], file: String?) -> [AnswersProblem] {
        answers.custom.keys.sorted().filter { !fieldIds.contains($0) }.map { id in
            let suggestion = Suggestions.closest(to: id, in: fieldIds)
            let known = fieldIds.isEmpty ? "the flow has no custom fields" : "custom fields: \(fieldIds.joined(separator: ", "))"
            let message =
                "the flow has no custom field \(UserText.quoted(id))\(suggestion.map { "; did you mean '\($0)'?" } ?? "") (\(known))"
            let path = "custom.\(UserText.shown(id))"
            let issue = AnswerIssue(path: path, code: "unknown_field", message: message)
            let d = Diagnostic(rule: .unknownReference, message: "'\(path)': \(message)", file: file, suggestion: suggestion)
            return AnswersProblem(issue: issue, diagnostic: d)
        }
    }

    /// A `scan` answer for a flow without a `cardScan` screen: nothing would read it.
    public static func unreadScan(_ answers: Answers, flowHasScanScreen: Bool, file: String?) -> [AnswersProblem] {
        guard answers.scan != nil, !flowHasScanScreen else { return [] }
        let message = "the flow has no cardScan screen to read a scan; remove 'scan' or give the card as 'card'"
        let issue = AnswerIssue(path: "scan", code: "not_offered", message: message)
        let d = Diagnostic(rule: .unknownReference, message: "'scan': \(message)", file: file)
        return [AnswersProblem(issue: issue, diagnostic: d)]
    }

    /// `billing` or `shipping` answers for a flow without that screen: nothing would read them
    /// (docs/running.md, "Field policy"). `shipping: { sameAsBilling: … }` alone belongs to the
    /// billing screen and is not counted.
    static func unreadAddresses(_ answers: Answers, screens: Set<ScreenKind>, file: String?) -> [AnswersProblem] {
        [("billing", answers.billing, ScreenKind.billing), ("shipping", answers.shipping, .shipping)].compactMap { section, address, kind in
            guard let address, !screens.contains(kind),
                AddressField.allCases.contains(where: { !(address[$0]?.trimmingWhitespace() ?? "").isEmpty })
            else { return nil }
            let message = "the flow has no \(section) screen to read a \(section) address; remove '\(section)'"
            let issue = AnswerIssue(path: section, code: "not_offered", message: message)
            let d = Diagnostic(rule: .unknownReference, message: "'\(section)': \(message)", file: file)
            return AnswersProblem(issue: issue, diagnostic: d)
        }
    }
}
