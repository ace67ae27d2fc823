import CheckoutDomain

extension FlowCompiler {
    /// `translations` (docs/language.md "Translations"): a supported language per key, each
    /// naming only custom fields the flow has and options they offer.
    static func compileTranslations(_ node: YAMLNode, flow: FlowDefinition, _ ctx: inout CompileContext) -> [String: FlowTexts] {
        guard let pairs = node.mapping else {
            ctx.report(.typeMismatch, "'translations' must be a mapping of language to texts, found \(ctx.describe(node))", at: node.range)
            return [:]
        }
        var out: [String: FlowTexts] = [:]
        for i in pairs.indices {
            guard case .scalar(let key) = pairs.key(at: i).kind else { continue }
            guard let locale = ShopperLocale.matching(key.value) else {
                ctx.report(
                    .unsupportedLocale,
                    "'translations.\(key.value)' is not a supported locale; use one of \(ShopperLocale.supportedList)",
                    at: pairs.key(at: i).range, suggestion: Suggestions.closest(to: key.value, in: ShopperLocale.supported.map(\.tag)))
                continue
            }
            if out[locale.tag] != nil {
                ctx.report(
                    .duplicateKey, "'translations.\(key.value)' is the same language as another key (\(locale.tag))",
                    at: pairs.key(at: i).range)
                continue
            }
            let path = "translations.\(key.value)"
            guard let f = ctx.fields(of: pairs.value(at: i), path: path, keys: .translation) else { continue }
            var texts = FlowTexts()
            if let n = f["title"] { texts.title = ctx.string(n, path: "\(path).title") }
            if let n = f["description"] { texts.description = ctx.string(n, path: "\(path).description") }
            if let n = f["fields"] { texts.fields = compileTranslatedFields(n, path: "\(path).fields", flow: flow, &ctx) }
            if let n = f["screens"] { texts.screens = compileTranslatedScreens(n, path: "\(path).screens", &ctx) }
            out[locale.tag] = texts
        }
        return out
    }

    /// `translations.<tag>.screens`: a title per stage id. Whether each id is a screen of the
    /// pipeline is `checkTranslatedScreens`' to say, once the pipeline is compiled.
    private static func compileTranslatedScreens(_ node: YAMLNode, path: String, _ ctx: inout CompileContext) -> [String: String] {
        guard let pairs = node.mapping else {
            ctx.report(.typeMismatch, "'\(path)' must be a mapping of screen id to texts, found \(ctx.describe(node))", at: node.range)
            return [:]
        }
        var out: [String: String] = [:]
        for i in pairs.indices {
            guard case .scalar(let key) = pairs.key(at: i).kind,
                let f = ctx.fields(of: pairs.value(at: i), path: "\(path).\(key.value)", keys: .translatedScreen)
            else { continue }
            if let n = f["title"], let title = ctx.string(n, path: "\(path).\(key.value).title") { out[key.value] = title }
        }
        return out
    }

    /// Each `translations.<tag>.screens` key names a screen of the pipeline (an explicit
    /// pipeline's `screens[].id`): else `unknown-reference`, with the closest screen id.
    static func checkTranslatedScreens(_ pipeline: Pipeline, top: Fields, _ ctx: inout CompileContext) {
        guard let languages = top["translations"]?.mapping else { return }
        var screens: [String] = []
        for stage in pipeline.stages {
            if case .screen = stage.kind { screens.append(stage.id) }
        }
        for language in languages {
            guard case .scalar(let tag) = language.key.kind, let texts = language.value.mapping,
                let node = texts.first(where: { if case .scalar(let k) = $0.key.kind { k.value == "screens" } else { false } }),
                let pairs = node.value.mapping
            else { continue }
            for pair in pairs {
                guard case .scalar(let id) = pair.key.kind, !screens.contains(id.value) else { continue }
                ctx.report(
                    .unknownReference,
                    "'translations.\(tag.value).screens' names \(UserText.quoted(id.value)), which is not a screen of this flow's pipeline",
                    at: pair.key.range, suggestion: Suggestions.closest(to: id.value, in: screens))
            }
        }
    }

    private static func compileTranslatedFields(
        _ node: YAMLNode, path: String, flow: FlowDefinition, _ ctx: inout CompileContext
    ) -> [String: FlowTexts.Field] {
        guard let pairs = node.mapping else {
            ctx.report(
                .typeMismatch, "'\(path)' must be a mapping of custom field id to texts, found \(ctx.describe(node))", at: node.range)
            return [:]
        }
        let custom = flow.fields.custom
        var out: [String: FlowTexts.Field] = [:]
        for i in pairs.indices {
            guard case .scalar(let key) = pairs.key(at: i).kind else { continue }
            guard let field = custom.first(where: { $0.id == key.value }) else {
                ctx.report(
                    .unknownReference, "'\(path)' names \(UserText.quoted(key.value)), which is not a custom field of this flow",
                    at: pairs.key(at: i).range, suggestion: Suggestions.closest(to: key.value, in: custom.map(\.id)))
                continue
            }
            guard let f = ctx.fields(of: pairs.value(at: i), path: "\(path).\(key.value)", keys: .translatedField) else { continue }
            var texts = FlowTexts.Field()
            if let n = f["title"] { texts.title = ctx.string(n, path: "\(path).\(key.value).title") }
            if let n = f["options"] {
                guard let options = n.mapping else {
                    ctx.report(
                        .typeMismatch, "'\(path).\(key.value).options' must be a mapping of option to label, found \(ctx.describe(n))",
                        at: n.range)
                    continue
                }
                for j in options.indices {
                    guard case .scalar(let option) = options[j].key.kind else { continue }
                    guard field.options?.contains(option.value) == true else {
                        ctx.report(
                            .unknownReference,
                            "\(UserText.quoted(option.value)) is not an option of the custom field \(UserText.quoted(field.id))",
                            at: options[j].key.range, suggestion: Suggestions.closest(to: option.value, in: field.options ?? []))
                        continue
                    }
                    if let label = ctx.string(options[j].value, path: "\(path).\(key.value).options.\(option.value)") {
                        texts.options[option.value] = label
                    }
                }
            }
            out[field.id] = texts
        }
        return out
    }
}
