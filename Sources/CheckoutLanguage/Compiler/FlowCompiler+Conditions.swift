import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// Parses and type-checks every `when` against the names known at its stage.
    static func checkConditions(
        _ drafts: inout [StageDraft], analysis: PipelineGraphAnalysis, flow: FlowDefinition, methods: [PaymentMethodKind],
        _ ctx: inout CompileContext
    ) {
        for d in drafts where d.when != nil {
            ctx.report(.unsupported, "conditions are not supported by this build yet", at: d.when?.range)
        }
    }
}
