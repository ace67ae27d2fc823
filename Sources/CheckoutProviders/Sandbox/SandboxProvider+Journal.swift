public import CheckoutRuntime

/// A run resumed from its journal in a new process (docs/sandbox.md#tokens-retries-idempotency):
/// the sandbox's tokens live in its memory, so the journal keeps what a new process needs to
/// honour them — the token and its expiry, and the test card's behaviour — and hands it back.
extension SandboxProvider {
    /// The test card's behaviour, so a run resumed in a new process charges it alike.
    public func tokenRecord(for card: TokenizedCard) -> [String: String] { vaulted[card.token]?.record ?? [:] }

    /// A token from a run's journal, made by this sandbox in a process that was killed: its
    /// tokens live in memory, so the token (with its expiry, unused) and the card's behaviour
    /// are taken back rather than answered `token_expired` (docs/sandbox.md). A token this
    /// process already knows keeps its state.
    public func restoreToken(_ token: CheckoutToken, card: TokenizedCard?, record: [String: String]) {
        if tokens[token.id] == nil { tokens[token.id] = TokenState(expiresAt: token.expiresAt, used: false) }
        guard let card, vaulted[card.token] == nil else { return }
        vaulted[card.token] = SandboxCardBehavior(record: record) ?? .forStored(brand: card.brand, last4: card.last4)
    }
}
