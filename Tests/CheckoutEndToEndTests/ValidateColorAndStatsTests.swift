import Foundation
import Testing

/// `checkout validate --color` and `--stats`, through pipes and through a pseudo-terminal.
@Suite struct ValidateColorAndStatsTests {
    static let escape = "\u{1B}["
    /// One error and one warning.
    static let flow = "flow: broken\ndsl: 1\nrequest:\n  price:\n    amount: 10.00\n  withEmial: true\n  processFailed3DS: true\n"

    // MARK: Through pipes

    /// `always` colours even through a pipe and even with `NO_COLOR=1` (which every run of
    /// `CheckoutBinary` sets): an explicit flag outranks the environment.
    @Test func alwaysColoursThroughAPipeDespiteNoColor() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try CheckoutBinary.run(["validate", path, "--color", "always"])
        #expect(r.status == 2)
        #expect(r.stdout.contains("\(Self.escape)1;31merror:\(Self.escape)0m"), "\(r.stdout.debugDescription)")
        #expect(r.stdout.contains("\(Self.escape)1;33mwarning:\(Self.escape)0m"))
        #expect(r.stdout.contains("\(Self.escape)2m[unknown-key]\(Self.escape)0m"))
    }

    @Test(arguments: [["--color", "never"], ["--color", "auto"], []])
    func noColourThroughAPipe(flag: [String]) throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        // NO_COLOR empty counts as unset, and TERM names a colour terminal: only the pipe says no.
        let r = try CheckoutBinary.run(["validate", path] + flag, environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(r.status == 2)
        #expect(r.stdout.contains("error: unknown key 'withEmial'"), "\(r.stdout)")
        #expect(!(r.stdout + r.stderr).contains("\u{1B}"), "\(r.stdout.debugDescription)")
    }

    @Test func noColorWithAutoHasNoColour() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try CheckoutBinary.run(["validate", path, "--color", "auto"], environment: ["NO_COLOR": "1"])
        #expect(r.status == 2)
        #expect(!(r.stdout + r.stderr).contains("\u{1B}"))
    }

    /// Only the text format is ever coloured.
    @Test(arguments: ["json", "github"])
    func machineFormatsAreNeverColoured(format: String) throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try CheckoutBinary.run(["validate", path, "--format", format, "--color", "always"])
        #expect(r.status == 2)
        #expect(!r.stdout.isEmpty)
        #expect(!(r.stdout + r.stderr).contains("\u{1B}"), "\(r.stdout.debugDescription)")
    }

    @Test func unknownColorChoiceIsAUsageError() throws {
        let r = try CheckoutBinary.run(["validate", "flows", "--color", "sometimes"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("sometimes"), "\(r.stderr)")
    }

    // MARK: Through a terminal

    @Test func autoColoursOnATerminal() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try PseudoTerminal.run(["validate", path], environment: ["TERM": "xterm-256color"])
        #expect(r.status == 2)
        #expect(r.text.contains("\(Self.escape)1;31merror:\(Self.escape)0m"), "\(r.text.debugDescription)")
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func environmentTurnsColourOffOnATerminal(environment: [String: String]) throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try PseudoTerminal.run(["validate", path], environment: environment.merging(["TERM": "xterm"]) { mine, _ in mine })
        #expect(r.status == 2)
        #expect(r.text.contains("error: unknown key 'withEmial'"), "\(r.text.debugDescription)")
        #expect(!r.text.contains("\u{1B}"), "\(r.text.debugDescription)")
    }

    @Test func neverOnATerminalHasNoColour() throws {
        let ws = try Workspace()
        let path = try ws.write(Self.flow, to: "broken.yaml")
        let r = try PseudoTerminal.run(["validate", path, "--color", "never"], environment: ["TERM": "xterm-256color"])
        #expect(r.status == 2)
        #expect(!r.text.contains("\u{1B}"), "\(r.text.debugDescription)")
    }

    // MARK: --stats

    @Test func statsLineFollowsTheReportOnStderr() throws {
        let ws = try Workspace()
        try ws.write(Self.flow, to: "broken.yaml")
        for i in 0..<3 { try ws.write(Fixtures.flow(), to: "good-\(i).yaml") }
        let r = try CheckoutBinary.run(["validate", ws.url.path, "--stats"])
        #expect(r.status == 2)
        #expect(r.stdout.hasSuffix("1 error, 1 warning in 4 files\n"), "\(r.stdout)")
        let line = try #require(r.stderr.split(separator: "\n").last.map(String.init), "\(r.stderr)")
        let pattern = #/checked 4 files: 1 error, 1 warning in \d+\.\d+ s, peak memory (\d+\.\d) MiB/#
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        let mebibytes = try #require(Double(match.output.1))
        #expect(mebibytes > 1 && mebibytes < 1024)
    }

    @Test func withoutStatsStderrIsQuiet() throws {
        let r = try CheckoutBinary.run(["validate", "flows"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// Every format writes its report file by file; the totals are the same as one file at a time.
    @Test(arguments: ["text", "json", "github"])
    func statsWithEveryFormat(format: String) throws {
        let ws = try Workspace()
        for i in 0..<5 { try ws.write(Self.flow, to: "broken-\(i).yaml") }
        let r = try CheckoutBinary.run(["validate", ws.url.path, "--format", format, "--stats"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("checked 5 files: 5 errors, 5 warnings in "), "\(r.stderr)")
        if format == "json" {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
            #expect((object["diagnostics"] as? [Any])?.count == 10)
            #expect(object["errors"] as? Int == 5)
            #expect(object["warnings"] as? Int == 5)
            #expect(object["files"] as? Int == 5)
        }
    }
}

/// `checkout validate`'s common forms skip the argument parser (`ValidateCommand.quickParse`,
/// for start-up time); `--opt=value` and `--` always go through it. Both must behave the same.
@Suite struct ValidateQuickParseTests {
    /// The same request spelled for the quick path and for ArgumentParser.
    static let pairs: [(quick: [String], parsed: [String])] = [
        (["FLOW"], ["--", "FLOW"]),
        (["FLOW", "--format", "json"], ["--format=json", "FLOW"]),
        (["--format", "github", "FLOW"], ["--format=github", "--", "FLOW"]),
        (["FLOW", "--color", "always"], ["--color=always", "FLOW"]),
        (["FLOW", "--color", "never", "--format", "text"], ["--format=text", "--color=never", "FLOW"]),
        (["FLOW", "GOOD", "--stats"], ["--stats", "--", "FLOW", "GOOD"]),
        (["MISSING"], ["--", "MISSING"]),
    ]

    @Test(arguments: pairs.indices)
    func quickPathAndParserAgree(index: Int) throws {
        let ws = try Workspace()
        let paths = [
            "FLOW": try ws.write(ValidateColorAndStatsTests.flow, to: "broken.yaml"),
            "GOOD": try ws.write(Fixtures.flow(), to: "good.yaml"),
            "MISSING": ws.url.appendingPathComponent("missing.yaml").path,
        ]
        let (quick, parsed) = Self.pairs[index]
        let a = try CheckoutBinary.run(["validate"] + quick.map { paths[$0] ?? $0 })
        let b = try CheckoutBinary.run(["validate"] + parsed.map { paths[$0] ?? $0 })
        #expect(a.status == b.status)
        #expect(a.stdout == b.stdout)
        #expect(Self.withoutTimes(a.stderr) == Self.withoutTimes(b.stderr))
        #expect(!a.stdout.isEmpty || !a.stderr.isEmpty)
    }

    /// Anything the quick path does not know is left to the parser: help, bad values, no path.
    @Test func unusualFormsStillWork() throws {
        let help = try CheckoutBinary.run(["validate", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--stats"), "\(help.stdout)")
        let bad = try CheckoutBinary.run(["validate", "flows", "--format", "yaml"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("yaml"), "\(bad.stderr)")
        let none = try CheckoutBinary.run(["validate"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("Missing expected argument"), "\(none.stderr)")
        let twice = try CheckoutBinary.run(["validate", "flows", "--stats", "--stats"])
        #expect(twice.status == 0, "\(twice.stderr)")
        let shipped = try FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent("flows").path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.count
        #expect(twice.stderr.contains("checked \(shipped) files"), "\(twice.stderr)")
    }

    /// The `--stats` line with its time and memory blanked out.
    static func withoutTimes(_ text: String) -> String {
        text.replacing(#/in \d+\.\d+ s, peak memory \d+\.\d MiB/#, with: "in _ s, peak memory _ MiB")
    }
}

/// `--stats` reports checkout's own peak memory: started by a process that uses 600 MiB
/// through `posix_spawn` (vfork), `getrusage`'s `ru_maxrss` said 600+ MiB for a small flow.
@Suite struct ValidateStatsMemoryTests {
    @Test func thePeakIsCheckoutsOwnWhateverStartedIt() throws {
        let driver = """
            import os, re, sys
            big = bytearray(600 * 1024 * 1024)
            for i in range(0, len(big), 4096): big[i] = 1
            r, w = os.pipe()
            pid = os.posix_spawn(sys.argv[1], [sys.argv[1], "validate", "--stats", sys.argv[2]], dict(os.environ),
                                 file_actions=[(os.POSIX_SPAWN_DUP2, w, 2), (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
            os.close(w)
            err = os.read(r, 4096).decode()
            _, status, usage = os.wait4(pid, 0)
            print(re.search(r"peak memory ([0-9.]+) MiB", err).group(1), usage.ru_maxrss // 1024)
            """
        let flow = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path
        let r = try CheckoutBinary.run(
            ["-c", driver, CheckoutBinary.url.path, flow], program: URL(fileURLWithPath: SchemaValidator.python))
        #expect(r.status == 0, "\(r.stderr)")
        let figures = r.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(figures.count == 2, "\(r.stdout)")
        // The kernel's own count for the child includes the parent's 600 MiB (why --stats must not use it) …
        #expect(figures[1] > 600, "\(r.stdout)")
        // … and checkout's figure is its own: a small flow needs well under 200 MiB.
        #expect(figures[0] > 5 && figures[0] < 200, "\(r.stdout)")
    }
}
