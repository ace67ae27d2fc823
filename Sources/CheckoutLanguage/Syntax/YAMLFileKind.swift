/// What a YAML file is for, so that the reader's notes name the right kind of file.
package enum YAMLFileKind: Sendable, Hashable {
    case flow, answers, scenarios, scan

    /// `a flow file`, `an answers file`…
    public var name: String {
        switch self {
        case .flow: "a flow file"
        case .answers: "an answers file"
        case .scenarios: "a scenarios file"
        case .scan: "a scan file"
        }
    }

    /// What the file holds, for a note on an empty file.
    public var shape: String {
        switch self {
        case .flow: "a flow file is a YAML mapping starting with 'flow:' and 'dsl:'"
        case .answers: "an answers file is a YAML or JSON mapping of answers, such as 'card:' and 'billing:'"
        case .scenarios: "a scenarios file is a YAML list of scenarios, each with 'name', 'answers' and 'expect'"
        case .scan: "a scan file is a YAML or JSON mapping of a scan's 'number', 'expiry'… or its 'error'"
        }
    }
}
