package import Foundation

/// What only some stages set (a step's retry, timeout and amount, a screen's title and
/// fields, hooks, …), kept out of the stage's own storage.
///
/// A flow of many screens or steps sets these on few of them: inline they were two thirds of
/// every compiled stage (issue 21: stages were 3.5 times the bytes of a flow of screens), and
/// each a reference a copy of the stage retained.
package struct StageSettings: Sendable, Hashable {
    var retry: StepRetry?
    var timeout: Duration?
    var hooks = Self.defaultHooks
    var fields: [String]?
    var title: String?
    var inputEvents = Self.defaultInputEvents
    var cardSource = Self.defaultCardSource
    var amount: Decimal?
    var callsTaxService = Self.defaultCallsTaxService

    // The defaults of the settings that are not optional, read by a stage without a box.
    static let defaultHooks: [HookKind] = []
    static let defaultInputEvents = false
    static let defaultCardSource = CardSourceSetting.screen
    static let defaultCallsTaxService = false

    /// Every setting at its default, as a stage without any has them.
    static let defaults = StageSettings()
}

/// `StageSettings` in a shared box, or none while every setting is at its default: a value
/// (equal, and hashed, by the settings it stands for), one reference wide.
///
/// Each setting has a plain getter here, and the runtime reads a running stage's settings as
/// `stage.settings.hooks` (`StageRef`): a property computed on `PipelineStage`, called from
/// another module, copied the whole stage first, and `value`'s `_read` is a coroutine call
/// (either way the interpreter went from 1.46 to 1.56 times the hand-written checkout).
package struct StageSettingsBox: Sendable, Hashable {
    // Immutable: a change makes a new box. Settings are written while a flow compiles (a few
    // per stage that has any) and read at every run, without the runtime's access checks.
    private final class Box: Sendable {
        let value: StageSettings
        init(_ value: StageSettings) { self.value = value }
    }

    private var box: Box?

    init() {}

    /// The settings; setting them makes a new box.
    var value: StageSettings {
        get { box?.value ?? StageSettings.defaults }
        set { box = Box(newValue) }
    }

    package var retry: StepRetry? { box?.value.retry }
    package var timeout: Duration? { box?.value.timeout }
    package var hooks: [HookKind] { box?.value.hooks ?? StageSettings.defaultHooks }
    package var fields: [String]? { box?.value.fields }
    package var title: String? { box?.value.title }
    package var inputEvents: Bool { box?.value.inputEvents ?? StageSettings.defaultInputEvents }
    package var cardSource: CardSourceSetting { box?.value.cardSource ?? StageSettings.defaultCardSource }
    package var amount: Decimal? { box?.value.amount }
    package var callsTaxService: Bool { box?.value.callsTaxService ?? StageSettings.defaultCallsTaxService }

    package static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.value == b.value }

    package func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

/// The settings as the stage's own properties, read and written as before they moved out.
extension PipelineStage {
    /// Retry settings (steps); nil: the runner's default.
    public var retry: StepRetry? {
        get { settings.retry }
        set { settings.value.retry = newValue }
    }
    /// The longest one attempt may take (steps).
    public var timeout: Duration? {
        get { settings.timeout }
        set { settings.value.timeout = newValue }
    }
    /// Hooks, in order: after a screen, before a step's provider call.
    public var hooks: [HookKind] {
        get { settings.hooks }
        set { settings.value.hooks = newValue }
    }
    /// The fields a billing, shipping or form screen asks, in order; nil: every shown field.
    public var fields: [String]? {
        get { settings.fields }
        set { settings.value.fields = newValue }
    }
    /// The screen's heading.
    public var title: String? {
        get { settings.title }
        set { settings.value.title = newValue }
    }
    /// A `creditCard` screen traces its card field's input-line events (`input.*`, after
    /// BlueSnap's `BSCcInputLineDelegate`).
    public var inputEvents: Bool {
        get { settings.inputEvents }
        set { settings.value.inputEvents = newValue }
    }
    /// Where a `tokenize` step takes the card from.
    public var cardSource: CardSourceSetting {
        get { settings.cardSource }
        set { settings.value.cardSource = newValue }
    }
    /// The amount a `capture` or `refund` step moves, in the transaction's currency; nil: all
    /// that is left (the whole authorization; what was captured or sold and not yet refunded).
    package var amount: Decimal? {
        get { settings.amount }
        set { settings.value.amount = newValue }
    }
    /// A `taxUpdate` step that calls the flow's `taxService` (instead of applying the `tax`
    /// table): it can end `failed` (the service failed, timed out or answered garbage), and it
    /// runs for wallets too.
    package var callsTaxService: Bool {
        get { settings.callsTaxService }
        set { settings.value.callsTaxService = newValue }
    }
}
