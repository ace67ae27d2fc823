/// A flow's own texts in one shopper's language (`translations.<tag>`): what is set replaces
/// the flow's text for a shopper of that language; what is not stays as the flow writes it.
package struct FlowTexts: Sendable, Hashable {
    /// The title.
    package var title: String?
    /// The description.
    package var description: String?
    /// Custom fields by id.
    package var fields: [String: Field] = [:]
    /// Screen titles by stage id (an explicit pipeline's `screens[].id`).
    package var screens: [String: String] = [:]

    /// A custom field's title and option labels.
    package struct Field: Sendable, Hashable {
        /// The title.
        package var title: String?
        /// A label per option value.
        package var options: [String: String] = [:]

        package init(title: String? = nil, options: [String: String] = [:]) {
            self.title = title
            self.options = options
        }
    }

    package init(title: String? = nil, description: String? = nil, fields: [String: Field] = [:], screens: [String: String] = [:]) {
        self.title = title
        self.description = description
        self.fields = fields
        self.screens = screens
    }
}
