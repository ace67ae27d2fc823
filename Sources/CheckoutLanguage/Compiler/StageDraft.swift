import CheckoutDomain
import Foundation

/// A stage as written, with the source spans the pipeline checks point at.
///
/// A class: the checks pass over the drafts many times, and copying a struct this size (a
/// dozen strings, arrays and dictionaries) retained and released each of them every time.
/// Drafts live only while one flow compiles and are never shared.
final class StageDraft {
    /// The stage, kept in the flow's `StageStore` at this draft's place: the pipeline takes the
    /// store's array as it is, instead of a copy of every draft's stage made at the end (a
    /// sixth of a flow of many screens' peak memory, issue 21).
    var stage: PipelineStage {
        _read { yield store.stages[index] }
        _modify { yield &store.stages[index] }
    }
    private let store: StageStore
    private let index: Int

    // The settings the checks read, each through the store's buffer and the settings' own
    // getters, as `StageRef` does in the runtime: read as `stage.hooks` (computed, through
    // `stage`'s `_read`) the screens, steps and routes shapes compiled 2.5–5% slower.
    var hooks: [HookKind] { store.stages.withUnsafeBufferPointer { $0[index].settings.hooks } }
    var fields: [String]? { store.stages.withUnsafeBufferPointer { $0[index].settings.fields } }
    var cardSource: CardSourceSetting { store.stages.withUnsafeBufferPointer { $0[index].settings.cardSource } }
    var callsTaxService: Bool { store.stages.withUnsafeBufferPointer { $0[index].settings.callsTaxService } }
    var amount: Decimal? { store.stages.withUnsafeBufferPointer { $0[index].settings.amount } }
    var isScreen: Bool
    var idRange: SourceRange {
        get { packedIdRange.range }
        set { packedIdRange = PackedRange(newValue) }
    }
    private var packedIdRange: PackedRange
    /// The condition as written (for positioning condition findings).
    var when: GuardText?
    /// Where each route is written. Kept here, not with the other spans: flows route many
    /// stages, and a stage with only routes would make an object for them alone.
    var routeRanges: [StageOutcome: SourceRange] = [:]
    /// What few stages have, made when first written: a flow of many stages has drafts of half
    /// the size, and freeing one releases one reference for all of these.
    private var spans: Spans?

    private final class Spans {
        var fieldRanges: [SourceRange] = []
        var hookRanges: [SourceRange] = []
        var methods: [(PaymentMethodKind, SourceRange)]?
        var sourceRange: SourceRange?
        var amountRange: SourceRange?
    }

    /// Creates a draft of `stage`, appending the stage to `store`: a draft, once made, is always
    /// one of the flow's stages, in the order made.
    init(stage: PipelineStage, isScreen: Bool, idRange: SourceRange, in store: StageStore) {
        self.store = store
        self.index = store.stages.count
        store.stages.append(stage)
        self.isScreen = isScreen
        self.packedIdRange = PackedRange(idRange)
    }

    private var madeSpans: Spans {
        if let spans { return spans }
        let made = Spans()
        spans = made
        return made
    }

    var fieldRanges: [SourceRange] {
        get { spans?.fieldRanges ?? [] }
        _modify { yield &madeSpans.fieldRanges }
    }
    var hookRanges: [SourceRange] {
        get { spans?.hookRanges ?? [] }
        _modify { yield &madeSpans.hookRanges }
    }
    /// `methods` of a paymentMethod screen, with their spans.
    var methods: [(PaymentMethodKind, SourceRange)]? {
        get { spans?.methods }
        _modify { yield &madeSpans.methods }
    }
    /// `source` of a tokenize step, when written.
    var sourceRange: SourceRange? {
        get { spans?.sourceRange }
        _modify { yield &madeSpans.sourceRange }
    }
    /// `amount` of a capture or refund step, when written.
    var amountRange: SourceRange? {
        get { spans?.amountRange }
        _modify { yield &madeSpans.amountRange }
    }
}

/// The stages of one flow's drafts, in order: what the compiled pipeline's stages are made of.
final class StageStore {
    var stages: [PipelineStage] = []
}

/// A stage's `when` as written: its text and quoting, and where it is. Only these, not its
/// `YAMLNode`: drafts are read for every stage by several checks, and a node costs more to copy.
struct GuardText {
    var scalar: YAMLScalar
    var range: SourceRange { packedRange.range }
    private let packedRange: PackedRange
    /// The text has `outcome.` or `custom.` in it, so it may name a step's or a field's id
    /// (`PipelineGraphAnalysis` reads those words; asked here, while the text is at hand).
    let mayNameIds: Bool

    init(scalar: YAMLScalar, range: SourceRange) {
        self.scalar = scalar
        self.packedRange = PackedRange(range)
        var text = scalar.value
        mayNameIds = text.withUTF8 { bytes in bytes.indices.contains { Self.isIdPrefix(endingAt: $0, in: bytes) } }
    }

    var text: String { scalar.value }

    private static let outcomePrefix = Array("outcome.".utf8)
    private static let customPrefix = Array("custom.".utf8)

    /// `outcome.` or `custom.` ends at `dot` in `bytes`: an id may follow (a name is one token,
    /// with no space around its dots).
    static func isIdPrefix(endingAt dot: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func endsAt(_ word: [UInt8]) -> Bool {
            dot + 1 >= word.count && word.indices.allSatisfy { bytes[dot + 1 - word.count + $0] == word[$0] }
        }
        return bytes[dot] == UInt8(ascii: ".") && (endsAt(outcomePrefix) || endsAt(customPrefix))
    }
}
