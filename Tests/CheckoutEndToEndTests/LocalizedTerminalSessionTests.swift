import Foundation
import Testing

/// A German and a Chinese checkout at the terminal, run to the end in tmux and kept as
/// docs/terminal-session.de.txt and docs/terminal-session.zh-Hans.txt (issue 22, "Done when"),
/// as docs/terminal-session.txt keeps the English one. The locale comes from the environment
/// (`LC_MESSAGES`; tmux's own `LANG` stays C.UTF-8, which every machine has).
@Suite struct LocalizedTerminalSessionTests {
    /// What a person sees and presses, in one language.
    struct Script {
        var tag: String
        var environment: [String: String]
        var hints: [String]
        var card: String
        var cardNumber: String
        var expiry: String
        var securityCode: String
        var storeCard: String
        var name: String
        var email: String
        var home: String
        var germany: String
        var zip: String
        var usd: String
        var pay: String
        var paid: String
    }

    static let german = Script(
        tag: "de", environment: ["LC_MESSAGES": "de_DE.UTF-8"], hints: ["Enter weiter", "Enter bestätigen"],
        card: "❯ 1. Kredit- oder Debitkarte", cardNumber: "❯ Kartennummer", expiry: "❯ Gültig bis", securityCode: "❯ Prüfnummer",
        storeCard: "❯ Karte speichern", name: "❯ Vollständiger Name", email: "❯ E-Mail", home: "❯ Vereinigte Staaten  US",
        germany: "❯ Deutschland  DE", zip: "❯ Postleitzahl", usd: "❯ USD  US-Dollar", pay: "❯ [ 25,00\u{A0}$ bezahlen ]",
        paid: "✔ Bezahlt 25,00\u{A0}$")

    static let chinese = Script(
        tag: "zh-Hans", environment: ["LC_MESSAGES": "zh_CN.UTF-8"], hints: ["Enter 下一步", "Enter 确认"],
        card: "❯ 1. 信用卡或借记卡", cardNumber: "❯ 卡号", expiry: "❯ 有效期", securityCode: "❯ 安全码", storeCard: "❯ 保存我的卡",
        name: "❯ 姓名", email: "❯ 电子邮箱", home: "❯ 美国  US", germany: "❯ 德国  DE", zip: "❯ 邮政编码", usd: "❯ USD  美元",
        pay: "❯ [ 支付 US$25.00 ]", paid: "✔ 已支付 US$25.00")

    static func file(_ script: Script) -> URL {
        CheckoutBinary.root.appendingPathComponent("docs/terminal-session.\(script.tag).txt")
    }

    /// Waits for `text` in a block drawn to its end (its key hints, in the script's language, last).
    static func waitForBlock(_ tmux: TmuxSession, _ script: Script, containing text: String) throws {
        try tmux.waitForScreen("\(text.debugDescription) in a whole block") { screen in
            let last = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return screen.contains(text) && script.hints.contains { last?.contains($0) == true }
        }
    }

    /// The standard checkout in the script's language, captured at six points; the country
    /// is found by its English name (`Germany`) in a list that shows it in the shopper's.
    static func capture(_ script: Script) throws -> (text: String, status: Int32) {
        let tmux = try TmuxSession(TerminalCheckout.arguments(), environment: script.environment)
        var text = """
            # \(script.environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) checkout run flows/standard-checkout.yaml, at a terminal 100 columns by 40 rows
            # (tmux capture-pane; --now \(CheckoutBinary.fixedNow) --seed 1 pin the clock and the ids).
            # Written by LocalizedTerminalSessionTests (Tests/CheckoutEndToEndTests); colours are not shown.

            """
        var frames = 0
        func frame() throws {
            frames += 1
            text += "\n── \(frames) " + String(repeating: "─", count: 94) + "\n\n" + (try tmux.capture()) + "\n"
        }
        func block(_ s: String) throws { try waitForBlock(tmux, script, containing: s) }
        try block(script.card)
        try frame()
        try tmux.send(.enter)
        try block(script.cardNumber)
        try tmux.send(TerminalCheckout.visa)
        try block(script.expiry)
        try frame()
        try tmux.send("1230")
        try block(script.securityCode)
        try tmux.send("123")
        try tmux.waitForScreen("the security code typed") { $0.contains("•••") }
        try tmux.send(.enter)
        try block(script.storeCard)
        try tmux.send(.enter)
        try block(script.name)
        try tmux.send("Jane Shopper")
        try tmux.send(.enter)
        try block(script.email)
        try tmux.send("jane@example.com")
        try tmux.send(.enter)
        try block(script.home)
        try tmux.send("Germany")
        try block(script.germany)
        try frame()
        try tmux.send(.enter)
        try block(script.zip)
        try tmux.send("10115")
        try tmux.send(.enter)
        try block(script.usd)
        try tmux.send(.enter)
        try block(script.pay)
        try frame()
        try tmux.send(.enter)
        let status = try tmux.waitForExit()
        try frame()
        return (text, status)
    }

    @Test(arguments: [german, chinese].map(\.tag))
    func aCheckoutInTheShoppersLanguageIsKept(tag: String) throws {
        let script = tag == "de" ? Self.german : Self.chinese
        let (captured, status) = try Self.capture(script)
        #expect(status == 0)
        #expect(captured.contains(script.paid), "\(captured)")
        // The card number never stays on the screen, in any language.
        #expect(!captured.replacingOccurrences(of: "4111 1111 1111 1111", with: "").isEmpty)
        if ProcessInfo.processInfo.environment["CHECKOUT_RECORD_SESSION"] == "1" {
            try Data(captured.utf8).write(to: Self.file(script))
            return
        }
        let kept = (try? String(contentsOf: Self.file(script), encoding: .utf8)) ?? ""
        #expect(
            kept == captured,
            """
            \(Self.file(script).lastPathComponent) differs from the session captured now; after reviewing the new one, \
            record it with CHECKOUT_RECORD_SESSION=1 swift test --filter LocalizedTerminalSessionTests
            \(captured)
            """)
    }
}
