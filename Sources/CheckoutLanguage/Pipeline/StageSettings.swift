package import CheckoutDomain
public import Foundation

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

    // The defaults of the settings that are not optional (a stage without a box reads these:
    // reading one field of a whole default `StageSettings` copied all of them).
    static let defaultHooks: [HookKind] = []
    static let defaultInputEvents = false
    static let defaultCardSource = CardSourceSetting.screen
    static let defaultCallsTaxService = false

    /// Every setting at its default, as a stage without any has them.
    static let defaults = StageSettings()
}

/// `StageSettings` in a shared, copy-on-write box, or none while every setting is at its
/// default: a value (equal, and hashed, by the settings it stands for), one reference wide.
struct StageSettingsBox: Sendable, Hashable {
    // Mutated only when this value holds the only reference (`isKnownUniquelyReferenced`).
    final class Box: @unchecked Sendable {
        var value: StageSettings
        init(_ value: StageSettings) { self.value = value }
    }

    /// The box; nil while every setting is at its default. A stage reads a setting as
    /// `box?.value.setting`, and its default when there is no box: that copies the setting
    /// alone (reading through `value` copied all of them).
    private(set) var box: Box?

    init() {}

    /// The settings.
    var value: StageSettings {
        _read {
            if let box { yield box.value } else { yield StageSettings.defaults }
        }
        _modify {
            if box == nil {
                box = Box(StageSettings.defaults)
            } else if !isKnownUniquelyReferenced(&box) {
                box = Box(box!.value)
            }
            yield &box!.value
        }
    }

    static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.value == b.value }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
