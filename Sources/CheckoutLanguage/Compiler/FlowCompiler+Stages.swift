import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `screens` then `steps` (SPEC §8), in the order written. Shape and per-stage checks only;
    /// references, reachability and conditions are checked by `checkPipeline`.
    static func compileStages(_ top: Fields, _ ctx: inout CompileContext) -> (drafts: [StageDraft], stages: StageStore) {
        var drafts: [StageDraft] = []
        let store = StageStore()
        let count = (top["screens"]?.sequence?.count ?? 0) + (top["steps"]?.sequence?.count ?? 0)
        drafts.reserveCapacity(count)
        store.stages.reserveCapacity(count)
        for section in ["screens", "steps"] {
            guard let node = top[section], let items = ctx.list(node, path: section) else { continue }
            if items.isEmpty {
                ctx.report(.outOfRange, "\(UserText.quoted(section)) must list at least one \(section.dropLast())", at: node.range)
            }
            for (i, item) in items.enumerated() {
                let path = StagePath(section: section, index: i)
                let made = section == "screens" ? compileScreen(item, path: path, store, &ctx) : compileStep(item, path: path, store, &ctx)
                if let d = made { drafts.append(d) }
            }
        }
        // A draft's stage is in the store from the moment it is made (`StageDraft.init`): a
        // screen or step given up on after that would leave a stage no draft stands for, and
        // the pipeline would run it.
        precondition(store.stages.count == drafts.count, "a stage draft was made and then dropped")
        return (drafts, store)
    }

    private static func compileScreen(
        _ node: YAMLNode, path: StagePath, _ store: StageStore, _ ctx: inout CompileContext
    ) -> StageDraft? {
        guard let f = ctx.fields(of: node, path: path.description, keys: .screen), let kindNode = f["kind"],
            let text = ctx.string(kindNode, path: "\(path).kind")
        else { return nil }
        guard let kind = ScreenKind.named(text) else {
            let names = ScreenKind.listable.map(\.rawValue)
            ctx.report(
                .invalidEnum, "'\(path).kind' must be one of \(names.joined(separator: ", ")); found \(UserText.quoted(text))",
                at: kindNode.range,
                suggestion: Suggestions.closest(to: text, in: names))
            return nil
        }
        switch kind {
        case .threeDSChallenge:
            ctx.report(
                .implicitScreen, "the 3-D Secure challenge cannot be listed as a screen", at: kindNode.range,
                notes: ["a 'threeDS' step shows it when the issuer asks for a challenge"])
            return nil
        case .result:
            ctx.report(
                .implicitScreen, "the result screen cannot be listed: it always ends the run", at: kindNode.range,
                notes: ["route an outcome to 'end' to finish the run there"])
            return nil
        default: break
        }
        let d = StageDraft(stage: PipelineStage(.screen(kind)), isScreen: true, idRange: kindNode.range, in: store)
        compileCommon(f, path: path, into: d, &ctx)
        if let n = f["title"] { d.stage.title = ctx.string(n, path: "\(path).title") }
        if let n = f["fields"], let items = ctx.list(n, path: "\(path).fields") {
            if ![.billing, .shipping, .form].contains(kind) {
                ctx.report(
                    .unknownKey, "'fields' is only for billing, shipping and form screens, not '\(kind.rawValue)'",
                    at: f.keyRange("fields"))
            } else {
                var names: [String] = []
                names.reserveCapacity(items.count)
                d.fieldRanges.reserveCapacity(items.count)
                for (j, item) in items.enumerated() {
                    guard let name = ctx.identifier(item, path: "\(path).fields[\(j)]") else { continue }
                    if names.contains(name) {
                        ctx.report(.duplicateId, "field \(UserText.quoted(name)) is listed twice", at: item.range)
                        continue
                    }
                    names.append(name)
                    d.fieldRanges.append(item.range)
                }
                d.stage.fields = names
            }
        }
        if let n = f["inputEvents"], let on = ctx.bool(n, path: "\(path).inputEvents") {
            if kind != .creditCard {
                ctx.report(
                    .unknownKey, "'inputEvents' is only for the creditCard screen, not '\(kind.rawValue)'",
                    at: f.keyRange("inputEvents"), notes: ["the input-line events are those of the card field"])
            } else {
                d.stage.inputEvents = on
            }
        }
        if let n = f["methods"], let items = ctx.list(n, path: "\(path).methods") {
            if kind != .paymentMethod {
                ctx.report(.unknownKey, "'methods' is only for the paymentMethod screen, not '\(kind.rawValue)'", at: f.keyRange("methods"))
            } else {
                var methods: [(PaymentMethodKind, SourceRange)] = []
                methods.reserveCapacity(items.count)
                for (j, item) in items.enumerated() {
                    guard let m = ctx.enumeration(item, path: "\(path).methods[\(j)]", as: PaymentMethodKind.self) else { continue }
                    if methods.contains(where: { $0.0 == m }) {
                        ctx.report(.duplicateId, "'\(m.rawValue)' is listed twice", at: item.range)
                    } else {
                        methods.append((m, item.range))
                    }
                }
                d.methods = methods
            }
        }
        return d
    }

    private static func compileStep(
        _ node: YAMLNode, path: StagePath, _ store: StageStore, _ ctx: inout CompileContext
    ) -> StageDraft? {
        guard let f = ctx.fields(of: node, path: path.description, keys: .step), let kindNode = f["kind"],
            let kind = ctx.enumeration(kindNode, path: "\(path).kind", as: StepKind.self)
        else { return nil }
        let d = StageDraft(stage: PipelineStage(.step(kind)), isScreen: false, idRange: kindNode.range, in: store)
        compileCommon(f, path: path, into: d, &ctx)
        compileAmount(f, kind: kind, path: path, into: d, &ctx)
        if let n = f["source"], let source = ctx.enumeration(n, path: "\(path).source", as: CardSourceSetting.self) {
            if kind != .tokenize {
                ctx.report(
                    .unknownKey, "'source' is only for the tokenize step, not '\(kind.rawValue)'", at: f.keyRange("source"),
                    notes: ["it says where tokenize takes the card from"])
            } else {
                d.stage.cardSource = source
                d.sourceRange = n.range
            }
        }
        if let n = f["timeout"], let t = ctx.duration(n, path: "\(path).timeout") {
            if !kind.talksToProvider {
                ctx.report(
                    .ineffectiveSetting, "'timeout' has no effect on '\(kind.rawValue)', which does not call the provider",
                    at: f.keyRange("timeout"), severity: .warning)
            }
            d.stage.timeout = t
        }
        if let n = f["retry"], let rf = ctx.fields(of: n, path: "\(path).retry", keys: .retry) {
            var retry = StepRetry()
            if let a = rf["attempts"], let v = ctx.integer(a, path: "\(path).retry.attempts") {
                if (1...10).contains(v) {
                    retry.attempts = v
                } else {
                    ctx.report(.outOfRange, "'\(path).retry.attempts' must be 1 to 10, found \(v)", at: a.range)
                }
            }
            if let b = rf["backoff"], let v = ctx.enumeration(b, path: "\(path).retry.backoff", as: Backoff.self) { retry.backoff = v }
            if let x = rf["delay"], let v = ctx.duration(x, path: "\(path).retry.delay") { retry.delay = v }
            if let x = rf["maxDelay"], let v = ctx.duration(x, path: "\(path).retry.maxDelay") {
                retry.maxDelay = v
                if v < retry.delay {
                    ctx.report(
                        .conflictingSettings, "'\(path).retry.maxDelay' is shorter than its 'delay'", at: x.range,
                        notes: ["every delay would be cut to maxDelay"])
                }
            }
            if let j = rf["jitter"], let v = ctx.bool(j, path: "\(path).retry.jitter") { retry.jitter = v }
            if !kind.talksToProvider {
                ctx.report(
                    .ineffectiveSetting, "'retry' has no effect on '\(kind.rawValue)': it has no retryable failures",
                    at: f.keyRange("retry"), severity: .warning)
            }
            d.stage.retry = retry
        }
        return d
    }

    /// `id`, `when`, `on`, `hooks`.
    private static func compileCommon(_ f: Fields, path: StagePath, into d: StageDraft, _ ctx: inout CompileContext) {
        if let n = f["id"], let id = ctx.identifier(n, path: "\(path).id") {
            if id == "end" {
                ctx.report(.invalidFormat, "'end' is reserved for the end of the run; choose another id", at: n.range)
            } else {
                d.stage.id = id
                d.idRange = n.range
            }
        }
        if let n = f["when"], ctx.string(n, path: "\(path).when") != nil, let scalar = n.scalar {
            d.when = GuardText(scalar: scalar, range: n.range)
        }
        if let n = f["on"], let rf = ctx.fields(of: n, path: "\(path).on", keys: .routes) {
            for j in rf.pairs.indices {
                let key = rf.key(at: j)
                guard let outcome = StageOutcome.named(key),
                    let target = ctx.identifier(rf.pairs.value(at: j), path: "\(path).on.\(key)")
                else { continue }
                d.stage.routes[outcome] = target == "end" ? .end : .stage(target)
                d.routeRanges[outcome] = rf.pairs.value(at: j).range
            }
        }
        if let n = f["hooks"], let items = ctx.list(n, path: "\(path).hooks") {
            for (j, item) in items.enumerated() {
                guard let hook = ctx.enumeration(item, path: "\(path).hooks[\(j)]", as: HookKind.self) else { continue }
                if hook == .signature, !d.stage.kind.sendsSignedRequest {
                    ctx.report(
                        .conflictingSettings,
                        "the 'signature' hook signs a charge request; \(UserText.quoted(d.stage.kind.name)) sends none",
                        at: item.range,
                        notes: [
                            "put it on a 'sale', 'authorize', 'capture', 'void' or 'refund' step (Maxpay's SALE, AUTH, SALE3D, AUTH3D, SETTLE, VOID, REFUND)"
                        ])
                    continue
                }
                if d.hooks.contains(hook) {
                    ctx.report(.duplicateId, "hook '\(hook.rawValue)' is listed twice", at: item.range)
                    continue
                }
                d.stage.hooks.append(hook)
                d.hookRanges.append(item.range)
            }
        }
    }
}

/// `screens[3]`: where a stage (or a custom field) is, worded only when a message names it.
struct StagePath: CustomStringConvertible {
    let section: String
    let index: Int

    var description: String { "\(section)[\(index)]" }
}

extension CompileContext {
    /// A duration: digits and a unit, `ms`, `s` or `m` (`250ms`, `10s`, `1m`), at most 10 minutes.
    mutating func duration(_ node: YAMLNode, path pathText: @autoclosure () -> String) -> Duration? {
        guard let text = string(node, path: pathText()) else { return nil }
        guard let d = DurationText.parse(text, units: [.milliseconds, .seconds, .minutes]) else {
            report(
                .invalidFormat, "\(UserText.quoted(pathText())) must be a duration such as 250ms, 10s or 1m, found \(describe(node))",
                at: node.range)
            return nil
        }
        if d > .seconds(600) || d <= .zero {
            report(.outOfRange, "\(UserText.quoted(pathText())) must be more than 0 and at most 10m, found \(text)", at: node.range)
            return nil
        }
        return d
    }
}

extension StageKind {
    /// Stages whose provider request the `signature` hook can sign (Maxpay's transaction request).
    var sendsSignedRequest: Bool {
        switch self {
        case .step(.sale), .step(.authorize), .step(.capture), .step(.void), .step(.refund): true
        default: false
        }
    }
}

extension StepKind {
    /// Steps that call the provider (and so can time out or fail transiently).
    public var talksToProvider: Bool {
        switch self {
        case .taxUpdate, .currencyUpdate: false
        default: true
        }
    }

    /// The outcomes the step can end with (besides provider errors, which always end the run).
    package var outcomes: [StageOutcome] {
        switch self {
        case .threeDS: [.success, .failed, .canceled]
        case .sale, .authorize, .subscribe: [.success, .declined]
        case .capture, .void, .refund: [.success, .declined]
        default: [.success]
        }
    }
}
