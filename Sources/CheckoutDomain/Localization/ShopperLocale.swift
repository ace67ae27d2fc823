/// The language a shopper reads a checkout in: one of the supported catalogues (`supported`),
/// matched from a BCP 47 tag (`de-AT` → `de`, `zh-CN` → `zh-Hans`, `pt` → `pt-BR`) or a POSIX
/// locale name as the environment spells it (`de_DE.UTF-8`, `C`, `POSIX`).
///
/// Only what a shopper reads depends on it: screens, field problems, money. Results, traces,
/// diagnostics and `checkout validate` stay in English (docs/running.md "The shopper's language").
public struct ShopperLocale: Sendable, Hashable, CustomStringConvertible {
    /// The catalogue's tag, as `supported` spells it: `en`, `zh-Hans`, `de`, `fr`, `es`, `pt-BR`, `ja`.
    public let tag: String

    private init(tag: String) { self.tag = tag }

    /// English: the catalogues' source, and the language when nothing says otherwise.
    public static let english = ShopperLocale(tag: "en")

    /// Every supported locale, English first: the one list the readers, the diagnostics, the
    /// catalogue test and the docs use.
    public static let supported: [ShopperLocale] = ["en", "zh-Hans", "de", "fr", "es", "pt-BR", "ja"].map(ShopperLocale.init(tag:))

    /// The supported tags joined for a message: `en, zh-Hans, de, fr, es, pt-BR, ja`.
    public static var supportedList: String { supported.map(\.tag).joined(separator: ", ") }

    /// The tag.
    public var description: String { tag }

    /// True for English, whose texts and money formats are the code's own (no catalogue
    /// lookup through the platform's locale data).
    public var isEnglish: Bool { tag == "en" }

    /// The supported locale `text` names, or nil when it names none (or is not a tag).
    ///
    /// Case does not matter and `_` stands for `-`; a POSIX name's `.codeset` and `@modifier`
    /// are dropped. The language decides, except for Chinese: `zh`, `zh-CN`, `zh-SG` and
    /// `zh-Hans-*` are Simplified Chinese, while `zh-TW`, `zh-HK` and `zh-Hant` (Traditional,
    /// which has no catalogue) are nil. Any Portuguese is `pt-BR`, the one catalogue there is.
    /// `C` and `POSIX` are English.
    public static func matching(_ text: String) -> ShopperLocale? {
        var name = Substring(text)
        if let dot = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<dot] }
        guard !name.isEmpty else { return nil }
        if name == "C" || name == "POSIX" { return .english }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }.map { $0.lowercased() }
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
            let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter)
        else { return nil }
        let subtags = parts.dropFirst()
        switch language {
        case "en", "de", "fr", "es", "ja": return supported.first { $0.tag == language }
        case "pt": return ShopperLocale(tag: "pt-BR")
        case "zh":
            if subtags.contains("hant") || subtags.contains("tw") || subtags.contains("hk") || subtags.contains("mo") { return nil }
            return ShopperLocale(tag: "zh-Hans")
        default: return nil
        }
    }

    /// The locale the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty, as POSIX orders them; nil when none is, or when that one
    /// names no supported locale (then the shopper reads English, as with `C`).
    public static func fromEnvironment(_ variable: (String) -> String?) -> ShopperLocale? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = variable(name), !value.isEmpty { return matching(value) }
        }
        return nil
    }

    /// The locale of a run: the first of `option` (`--locale`), `scenario` (a scenario's
    /// `locale`), `flow` (the flow's `request.locale`; nil for `auto`), the environment
    /// (`fromEnvironment`), and English.
    public static func resolve(
        option: ShopperLocale? = nil, scenario: ShopperLocale? = nil, flow: ShopperLocale?, environment: (String) -> String?
    ) -> ShopperLocale {
        option ?? scenario ?? flow ?? fromEnvironment(environment) ?? .english
    }
}
