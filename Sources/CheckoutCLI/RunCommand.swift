import ArgumentParser
import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutRuntime
import CheckoutTerminal
import Foundation

/// `checkout run FLOW`: run a flow headless from an answers file.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a flow against its provider.",
        discussion: """
            At a terminal the flow's screens are asked as a form (arrow keys, Tab, Enter; Esc leaves the \
            checkout; Ctrl-Z suspends and `fg` redraws the form; Ctrl-C interrupts, exit 130; a closed terminal ends the run, exit 129). Through pipes, with TERM=dumb or --plain, they are asked \
            line by line. With --answers FILE the run is headless and never prompts. docs/terminal.md. \
            --scenario FILE#NAME replays one scenario of a scenarios file exactly as `checkout test` runs it \
            (its flow, answers, seed and clock): docs/testing.md.
            """)

    @Argument(
        help: "The flow file (not with --scenario); - reads it from standard input (then --answers FILE).",
        completion: .file(extensions: ["yaml", "yml"]))
    var flow: String?

    @Option(
        help: ArgumentHelp(
            "Replay one scenario as `checkout test` runs it: its flow, answers, seed and clock; FILE#NAME, the scenarios file and the scenario's name.",
            valueName: "file#name"), completion: .custom(Completions.scenarios))
    var scenario: String?

    @Option(
        help: "Answers file (YAML or JSON) for a headless run; - reads it from standard input.",
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var answers: String?

    @Flag(help: "Print the result as one JSON object on stdout.")
    var json = false

    @Option(help: "Also write the result JSON to this file.", completion: .file())
    var result: String?

    @Option(help: "Write a JSON Lines trace of every screen and step to this file.", completion: .file())
    var trace: String?

    @Option(
        help: ArgumentHelp(
            "Record each completed step in this JSON Lines journal (headless runs); started again with the same journal, the run resumes without repeating a step or a charge.",
            valueName: "file"), completion: .file())
    var journal: String?

    @Option(help: "Seed for ids (tokens, transactions, fraud session), for reproducible runs.")
    var seed: UInt64?

    @Option(help: "Run as if the time were this ISO 8601 instant (card expiry checks, token lifetimes).")
    var now: String?

    @Option(help: LocaleOption.help)
    var locale: String?

    @Flag(help: "Ask line by line with numbered choices, even at a terminal.")
    var plain = false

    @Option(help: "Colour the prompt: auto (a terminal, NO_COLOR unset, TERM not dumb), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Draw the prompt with the high-contrast preset, whatever the flow's theme says.")
    var highContrast = false

    @Option(
        help: ArgumentHelp(
            "The terminal's background: auto (COLORFGBG, else ask the terminal), light or dark; picks the theme's light or dark colours.",
            valueName: "background"))
    var background: BackgroundChoice = .auto

    @OptionGroup var providerOptions: ProviderOptions

    /// A bad `--locale` is a usage error of `run` (its usage is printed), found before the run.
    func validate() throws {
        _ = try LocaleOption.parse(locale)
    }

    func run() async throws {
        let localeOption = try LocaleOption.parse(locale)
        if let scenario { return try await replay(scenario, locale: localeOption) }
        guard let flow else { throw ValidationError("give a flow file, or --scenario FILE#NAME to replay a scenario") }
        if flow == "-", answers == "-" {
            throw ValidationError("the flow and --answers cannot both be standard input (-)")
        }
        if flow == "-", answers == nil {
            throw ValidationError("a flow read from standard input runs headless: give --answers FILE (the prompt reads the terminal)")
        }
        let compiled = FlowCompiler.compile(pathOrStandardInput: flow)
        if !compiled.diagnostics.isEmpty {
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
            Output.standardError(renderer.render(file: compiled.diagnostics, source: compiled.source))
        }
        guard var flowToRun = compiled.flow else { throw ExitCode(ExitStatus.usage) }
        flowToRun.definition.request.locale = LocaleOption.resolve(localeOption, flow: flowToRun.definition.request.locale)
        let program = flowToRun
        // Output paths that cannot be written are found before anything runs or is charged.
        try Output.claimStandardOutput([("--result", result), ("--trace", trace)], json: json ? "--json" : nil)
        try Output.check(result, what: "result")
        try Output.check(trace, what: "trace")
        let provider = try providerOptions.source(for: [program], connections: 2)
        let fixedNow = try now.map(Self.instant)
        if journal != nil, answers == "-" {
            Output.error("--journal needs an answers file: standard input cannot be read again to resume")
            throw ExitCode(ExitStatus.usage)
        }
        if journal != nil, answers == nil {
            Output.error("--journal needs --answers: only a headless run keeps a journal")
            throw ExitCode(ExitStatus.usage)
        }
        guard let answersPath = answers else {
            let traceFile = try trace.map(Self.openTrace)
            let watch = RunWatch(forwardingTo: traceFile.map(Self.traceSink))
            let prompt = PromptRun(
                flow: program, plain: plain, color: color, highContrast: highContrast, background: background, now: fixedNow,
                random: seed.map { SeededRandom(seed: $0) } ?? SystemRandom(), traceFile: watch,
                provider: provider,
                interrupted: { signal in
                    _ = watch.endInterrupted(by: signal)
                    RunOutputs.report(traceFile?.finish(), what: "trace")
                })
            let outcome = await prompt.run(json: json)
            try RunOutputs(result: result, json: json, traceFile: traceFile).finish(outcome, summary: false)
            return
        }
        let (parsed, problems) = AnswersReader.read(contentsOf: answersPath)
        let headless = HeadlessRun(
            program, answers: parsed, problems: problems, file: answersPath == "-" ? FlowCompiler.standardInputName : answersPath,
            now: fixedNow)
        let random: any RandomSource = seed.map { SeededRandom(seed: $0) } ?? SystemRandom()
        let runJournal = try journal.map {
            try Self.openJournal($0, flowPath: flow, answersPath: answersPath, flowId: program.definition.id)
        }
        if let runJournal, let done = runJournal.finished {
            // The run ended before: its recorded result, and nothing runs again.
            Output.standardError("checkout: the journal \(journal ?? "") records a finished run; printing its result\n")
            if let result { Output.write(done.result + "\n", to: result, what: "result") }
            Output.standardOutput(
                json ? done.result + "\n" : "\(program.definition.id): \(done.status.rawValue) (recorded in the journal)\n")
            if done.status.exitCode != 0 { throw ExitCode(done.status.exitCode) }
            return
        }
        let traceFile = try trace.map(Self.openTrace)
        let watch = RunWatch(forwardingTo: traceFile.map(Self.traceSink))
        let outputs = RunOutputs(result: result, json: json, traceFile: traceFile, journal: journal)
        let interruption = Interruption { signal in outputs.interrupted(by: signal, flow: program, watch: watch) }
        if let report = headless.problemReport(color: Output.wantsColor(fileDescriptor: STDERR_FILENO)) {
            Output.standardError(report)
        }
        let outcome = await headless.run(
            random: random, trace: watch, steps: watch, provider: provider, journal: runJournal, signing: .systemWithHTTP)
        interruption.claimNormalEnd()
        if let failure = runJournal?.writeFailure, let journal {
            // The result stands (a payment approved is approved); the journal ends early.
            Output.warning(
                "the journal \(journal) could not be written (\(failure)); the result stands, but this run cannot be resumed safely from that journal"
            )
        }
        try outputs.finish(outcome, summary: true)
    }

    static func instant(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw ValidationError("--now must be an ISO 8601 instant such as 2026-11-21T10:00:00Z")
        }
        return date
    }

    /// Opens and locks the journal for this flow and these answers (`HeadlessRun.openJournal`);
    /// a journal that cannot be used is a usage error (exit 2) before the provider is called.
    static func openJournal(_ path: String, flowPath: String, answersPath: String, flowId: String) throws -> RunJournal {
        do {
            return try HeadlessRun.openJournal(
                path, flowPath: flowPath, answersPath: answersPath, flowId: flowId, afterAppend: JournalKillSwitch.fromEnvironment())
        } catch let e as JournalError {
            Output.error("cannot use the journal \(path): \(e)")
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// Opens the trace file (`OutputFile`: streamed into a temporary file beside a regular
    /// file and put in place at the end, written directly to a FIFO or device).
    static func openTrace(_ path: String) throws -> OutputFile {
        do {
            return try OutputFile(path)
        } catch {
            Output.error("cannot write the trace to \(error)")
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// The trace's JSON Lines into `file`.
    static func traceSink(_ file: OutputFile) -> JSONLinesTraceSink {
        JSONLinesTraceSink { line in file.write(line) }
    }
}

/// The human summary of a result, for a terminal: control characters from answers or a
/// provider (ESC, BEL…) are escaped (`\u{1B}`), never written raw.
enum ResultSummary {
    static func text(_ r: CheckoutResult) -> String {
        var lines = ["\(r.flow): \(r.status.rawValue)"]
        if let p = r.price, let total = p.total {
            let scale = p.currency.minorUnits
            lines.append(
                "  total \(DecimalText.format(total.amount, scale: scale)) \(p.currency.code) (tax \(DecimalText.format(p.taxAmount, scale: scale)))"
            )
        }
        if let c = r.creditCard {
            lines.append(
                "  card \(c.brand.resultName) •••• \(c.last4), issued in \(c.issuingCountry)\(r.savedCard == true ? " (saved card)" : "")")
        } else if let type = r.paymentType, type != PaymentMethodKind.card.paymentType {
            lines.append("  paid with \(type)\(r.payPalInvoiceId.map { ", invoice \($0)" } ?? "")")
        }
        if let t = r.threeDSResult { lines.append("  3-D Secure \(t.rawValue)") }
        if let t = r.transaction { lines.append("  transaction \(t.id) \(t.type) \(t.status)") }
        if let d = r.declineCode { lines.append("  declined: \(d)") }
        for e in r.errors { lines.append("  \(e.path.isEmpty ? "answers" : e.path): \(e.message) [\(e.code)]") }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
    }
}

extension RunCommand {
    /// The common headless spelling of `checkout run` — `run FLOW --answers FILE`, with
    /// `--json`, `--result F`, `--trace F`, `--seed N`, `--now T`, `--locale L`, each at most once, in any
    /// order — read without the argument parser, or nil for anything else (help, a prompt run,
    /// `--opt=value`, `--`, any other or repeated option, a bad value), which then goes through
    /// ArgumentParser as usual.
    ///
    /// The parser's reflection costs about what the rest of a run's start-up does (issue 21:
    /// a headless run started in 2.0× `validate`'s time; docs/benchmarks.md "Start-up"), as it
    /// did for `validate` (`ValidateCommand.quickParse`). An option added to the command is
    /// simply not on this path until it is added here.
    static func quickParse(_ arguments: some Sequence<String>) -> RunCommand? {
        var iterator = arguments.makeIterator()
        guard iterator.next() == "run" else { return nil }
        var flow: String?
        var values: [String: String] = [:]
        var json = false
        let valued: Set = ["--answers", "--result", "--trace", "--seed", "--now", "--locale"]
        while let argument = iterator.next() {
            if valued.contains(argument) {
                guard values[argument] == nil, let value = iterator.next(), !value.hasPrefix("-") || value == "-" else { return nil }
                values[argument] = value
            } else if argument == "--json" {
                guard !json else { return nil }
                json = true
            } else {
                guard flow == nil, !argument.hasPrefix("-") || argument == "-" else { return nil }
                flow = argument
            }
        }
        guard let flow, let answers = values["--answers"] else { return nil }
        // What `run()` would refuse with a usage message goes through the parser, so the message
        // and its usage lines are the parser's: nothing on this path throws a ValidationError.
        if flow == "-", answers == "-" { return nil }
        if let now = values["--now"], (try? instant(now)) == nil { return nil }
        if let tag = values["--locale"], ShopperLocale.matching(tag) == nil { return nil }
        var seed: UInt64?
        if let text = values["--seed"] {
            guard let value = UInt64(text) else { return nil }
            seed = value
        }
        // Every property must be set: a property wrapper that was never parsed traps when read
        // (see `ValidateCommand.quickParse`).
        var command = RunCommand()
        command.flow = flow
        command.scenario = nil
        command.answers = answers
        command.json = json
        command.result = values["--result"]
        command.trace = values["--trace"]
        command.journal = nil
        command.seed = seed
        command.now = values["--now"]
        command.locale = values["--locale"]
        command.plain = false
        command.color = .auto
        command.highContrast = false
        command.background = .auto
        var providerOptions = ProviderOptions()
        providerOptions.provider = nil
        providerOptions.providerURL = nil
        providerOptions.providerTimeout = 30
        command.providerOptions = providerOptions
        return command
    }
}
