import CheckoutLanguage
import Foundation

/// A stage of the running pipeline, by its index: each field is read from the pipeline's own
/// array where it is asked for, so a stage that runs is not copied out (a copy of a
/// `PipelineStage` is a dozen fields, its condition, routes and hooks each a reference).
struct StageRef {
    /// The pipeline's stages (the same buffer, not a copy of it).
    let stages: [PipelineStage]
    /// Where the stage is in them.
    let index: Int

    // Each field through the buffer's pointer: `stages[index].field` copied the whole stage
    // (every reference in it retained and released) for each field read. The settings few
    // stages have through `settings` (`StageSettingsBox`): their properties on the stage are
    // computed, and calling one from this module copied the stage too.

    var guardCondition: StageGuard? { stages.withUnsafeBufferPointer { $0[index].guardCondition } }
    var condition: Condition? { stages.withUnsafeBufferPointer { $0[index].condition } }
    var id: String { stages.withUnsafeBufferPointer { $0[index].id } }
    var kind: StageKind { stages.withUnsafeBufferPointer { $0[index].kind } }
    var routes: [StageOutcome: RouteTarget] { stages.withUnsafeBufferPointer { $0[index].routes } }
    var retry: StepRetry? { stages.withUnsafeBufferPointer { $0[index].settings.retry } }
    var timeout: Duration? { stages.withUnsafeBufferPointer { $0[index].settings.timeout } }
    var hooks: [HookKind] { stages.withUnsafeBufferPointer { $0[index].settings.hooks } }
    var fields: [String]? { stages.withUnsafeBufferPointer { $0[index].settings.fields } }
    var title: String? { stages.withUnsafeBufferPointer { $0[index].settings.title } }
    var inputEvents: Bool { stages.withUnsafeBufferPointer { $0[index].settings.inputEvents } }
    var cardSource: CardSourceSetting { stages.withUnsafeBufferPointer { $0[index].settings.cardSource } }
    var amount: Decimal? { stages.withUnsafeBufferPointer { $0[index].settings.amount } }
    var callsTaxService: Bool { stages.withUnsafeBufferPointer { $0[index].settings.callsTaxService } }
}
