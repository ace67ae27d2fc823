import CheckoutDomain

extension FlowCompiler {
    /// In an explicit pipeline the steps say what is charged; a `request.transactionType` written
    /// in the flow must not say otherwise, or the flow reads as one payment and makes another
    /// (and the setting would have no effect: `checkout test --mutate` showed such flows pass
    /// every scenario with any value). Only a value the flow writes is checked; the default
    /// (`sale`) is not a claim.
    static func checkTransactionType(_ top: Fields, drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) {
        guard let pair = top["request"]?.pair("transactionType") else { return }
        let type = flow.request.transactionType
        let charges = drafts.filter { d in
            d.stage.kind == .step(.sale) || d.stage.kind == .step(.authorize) || d.stage.kind == .step(.subscribe)
        }
        let sells = charges.contains { $0.stage.kind != .step(.authorize) }
        let authorizes = charges.contains { $0.stage.kind == .step(.authorize) }
        let authenticates = drafts.contains { $0.stage.kind == .step(.threeDS) }
        let said = "'request.transactionType: \(type.rawValue)'"
        var problem: (String, String)?
        switch type {
        case .none where !charges.isEmpty:
            problem = (
                "\(said) stops after tokenizing, but the pipeline charges (\(UserText.quoted(charges[0].stage.id)))",
                "remove the charge step, or set the type the step makes"
            )
        case .sale, .sale3d:
            if authorizes && !sells {
                problem = (
                    "\(said) sells, but the pipeline only authorizes (\(UserText.quoted(charges[0].stage.id)))",
                    "use 'auth' or 'auth3d', or make the step a 'sale'"
                )
            } else if charges.isEmpty {
                problem = (
                    "\(said) charges, but the pipeline has no 'sale', 'authorize' or 'subscribe' step", "use 'none', or add the step"
                )
            }
        case .auth, .auth3d:
            if sells && !authorizes {
                problem = (
                    "\(said) authorizes, but the pipeline sells (\(UserText.quoted(charges[0].stage.id)))",
                    "use 'sale' or 'sale3d', or make the step an 'authorize'"
                )
            } else if charges.isEmpty {
                problem = (
                    "\(said) charges, but the pipeline has no 'sale', 'authorize' or 'subscribe' step", "use 'none', or add the step"
                )
            }
        case .none: break
        }
        if problem == nil {
            if type.requires3DS, !authenticates {
                problem = ("\(said) asks for 3-D Secure, but the pipeline has no 'threeDS' step", "add a 'threeDS' step before the charge")
            } else if !type.requires3DS, type != .none, authenticates, !flow.request.activate3DS {
                problem = (
                    "\(said) asks for no 3-D Secure, but the pipeline has a 'threeDS' step",
                    "use '\(type == .auth ? "auth3d" : "sale3d")', or set 'request.activate3DS: true'"
                )
            }
        }
        guard let (message, note) = problem else { return }
        ctx.report(.conflictingSettings, message, at: pair.value.range, notes: [note])
    }
}
