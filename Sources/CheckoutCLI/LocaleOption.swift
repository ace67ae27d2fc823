import ArgumentParser
import CheckoutDomain

/// `--locale TAG` of `run` and `test`: the shopper's language, over a scenario's `locale`, the
/// flow's `request.locale` and the environment (docs/running.md "The shopper's language").
enum LocaleOption {
    /// The help line both commands show.
    static let help = ArgumentHelp(
        "The shopper's language: a BCP 47 tag (de, de-AT, zh-Hans, pt-BR, ja…); over a scenario's locale, the flow's "
            + "request.locale and LC_ALL, LC_MESSAGES, LANG.",
        valueName: "tag")

    /// The supported locale `text` names; nil without `--locale`; a usage error (exit 2) naming
    /// the supported ones when it names none.
    static func parse(_ text: String?) throws -> ShopperLocale? {
        guard let text else { return nil }
        guard let locale = ShopperLocale.matching(text) else {
            throw ValidationError(
                "--locale \(UserText.quoted(text)) is not a supported locale; use one of \(ShopperLocale.supportedList)")
        }
        return locale
    }

    /// The locale of a run of `flow` started from the command line: `--locale`, the flow's,
    /// then the process's environment.
    static func resolve(_ option: ShopperLocale?, flow: ShopperLocale?) -> ShopperLocale {
        ShopperLocale.resolve(option: option, flow: flow, environment: PromptRun.variable)
    }
}
