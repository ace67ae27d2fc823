import Testing

@testable import CheckoutDomain

/// `ShopperLocale` (issue 22, item 1): a tag, or the environment's spelling of one, matched to
/// the supported list; the sources of a run's locale in their order.
@Suite struct ShopperLocaleTests {
    @Test(arguments: [
        ("en", "en"), ("en-GB", "en"), ("EN_us", "en"), ("de", "de"), ("de-AT", "de"), ("de_DE.UTF-8", "de"),
        ("de_CH.utf8@euro", "de"), ("fr-CA", "fr"), ("es-419", "es"), ("es_MX", "es"), ("pt", "pt-BR"), ("pt-PT", "pt-BR"),
        ("pt_BR.UTF-8", "pt-BR"), ("ja", "ja"), ("ja_JP.eucJP", "ja"), ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"),
        ("zh-Hans", "zh-Hans"), ("zh-Hans-SG", "zh-Hans"), ("zh_CN.GB18030", "zh-Hans"), ("C", "en"), ("POSIX", "en"),
        ("C.UTF-8", "en"),
    ])
    func aTagIsMatchedToASupportedLocale(text: String, tag: String) {
        #expect(ShopperLocale.matching(text)?.tag == tag)
    }

    @Test(arguments: ["", "ko", "zh-TW", "zh-Hant", "zh_HK.UTF-8", "klingon", "d", "de--AT", "-de", "de DE", "日本語", "e1"])
    func anythingElseMatchesNothing(text: String) {
        #expect(ShopperLocale.matching(text) == nil)
    }

    @Test func theSupportedListIsTheIssues() {
        #expect(ShopperLocale.supportedList == "en, zh-Hans, de, fr, es, pt-BR, ja")
        #expect(ShopperLocale.supported.allSatisfy { ShopperLocale.matching($0.tag) == $0 })
    }

    @Test func theEnvironmentIsReadInPOSIXOrder() {
        func env(_ values: [String: String]) -> (String) -> String? { { values[$0] } }
        #expect(ShopperLocale.fromEnvironment(env(["LANG": "de_DE.UTF-8"]))?.tag == "de")
        #expect(ShopperLocale.fromEnvironment(env(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]))?.tag == "ja")
        #expect(ShopperLocale.fromEnvironment(env(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP", "LC_ALL": "fr_FR"]))?.tag == "fr")
        // An empty variable is unset; the first set one decides, even when it names no catalogue.
        #expect(ShopperLocale.fromEnvironment(env(["LANG": "de_DE.UTF-8", "LC_ALL": ""]))?.tag == "de")
        #expect(ShopperLocale.fromEnvironment(env(["LANG": "de_DE.UTF-8", "LC_ALL": "ko_KR.UTF-8"])) == nil)
        #expect(ShopperLocale.fromEnvironment(env([:])) == nil)
    }

    @Test func aRunsLocaleComesFromTheFirstSourceThatSays() {
        let de = ShopperLocale.matching("de"), ja = ShopperLocale.matching("ja"), fr = ShopperLocale.matching("fr")
        let lang: (String) -> String? = { $0 == "LANG" ? "es_ES.UTF-8" : nil }
        #expect(ShopperLocale.resolve(option: de, scenario: ja, flow: fr, environment: lang) == de)
        #expect(ShopperLocale.resolve(option: nil, scenario: ja, flow: fr, environment: lang) == ja)
        #expect(ShopperLocale.resolve(flow: fr, environment: lang) == fr)
        #expect(ShopperLocale.resolve(flow: nil, environment: lang).tag == "es")
        #expect(ShopperLocale.resolve(flow: nil, environment: { _ in nil }) == .english)
    }
}
