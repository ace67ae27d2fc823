import CheckoutFakes
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 14's attacks on the output files (`--result`, `--trace`, `--junit`, `schema --output`)
/// and the standard streams: each path is written through, never replaced, and a write that
/// fails after a charge leaves the payment's true status on stdout and its exit code.
@Suite struct AdversarialOutputTests {
    /// `checkout run` of the standard flow on the sandbox, seeded, with `extra` arguments.
    static func run(_ extra: [String], in ws: Workspace, json: Bool = true) throws -> OutputAttack.Ended {
        let answers = try ws.write(OutputAttack.answers, to: "answers.yaml")
        let arguments = ["run", "flows/standard-checkout.yaml", "--answers", answers, "--seed", "1", "--now", CheckoutBinary.fixedNow]
        return try OutputAttack.run(arguments + (json ? ["--json"] : []) + extra, in: ws)
    }

    @Test func aSymlinkStaysALinkAndItsTargetGetsTheResultAndTrace() throws {
        let ws = try Workspace()
        let result = ws.url.appendingPathComponent("real-result.json").path
        let trace = ws.url.appendingPathComponent("real-trace.jsonl").path
        let resultLink = ws.url.appendingPathComponent("result-link").path
        let traceLink = ws.url.appendingPathComponent("trace-link").path
        try FileManager.default.createSymbolicLink(atPath: resultLink, withDestinationPath: "real-result.json")
        try FileManager.default.createSymbolicLink(atPath: traceLink, withDestinationPath: trace)
        let ended = try Self.run(["--result", resultLink, "--trace", traceLink], in: ws)
        OutputAttack.expectSound(ended, exit: 0, files: [result, trace], in: ws)
        #expect(OutputAttack.kind(resultLink)?.type == S_IFLNK && OutputAttack.kind(traceLink)?.type == S_IFLNK)
        #expect(OutputAttack.status(OutputAttack.regularText(result)) == "success")
        #expect(OutputAttack.traceEvents(OutputAttack.regularText(trace)).last?["event"] as? String == "run.end")
    }

    @Test func aFileOnlyItsOwnerMayReadStaysThat() throws {
        let ws = try Workspace()
        let result = try ws.write("old", to: "private-result.json")
        let trace = try ws.write("old", to: "private-trace.jsonl")
        chmod(result, 0o600)
        chmod(trace, 0o600)
        // Root may keep another user's file theirs: it stays so.
        let owned = geteuid() == 0 && chown(result, 65534, 65534) == 0
        let ended = try Self.run(["--result", result, "--trace", trace], in: ws)
        OutputAttack.expectSound(ended, exit: 0, files: [result, trace], in: ws)
        #expect(OutputAttack.kind(result)?.mode == 0o600, "the result file's mode changed")
        #expect(OutputAttack.kind(trace)?.mode == 0o600, "the trace file's mode changed")
        var info = stat()
        if owned, stat(result, &info) == 0 { #expect(info.st_uid == 65534 && info.st_gid == 65534, "the owner changed") }
        #expect(OutputAttack.status(OutputAttack.regularText(result)) == "success")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ws.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func aHardLinkedFileIsWrittenInPlaceForEveryLink() throws {
        let ws = try Workspace()
        let result = try ws.write("old", to: "result.json")
        let other = ws.url.appendingPathComponent("other-name.json").path
        #expect(link(result, other) == 0)
        let ended = try Self.run(["--result", result], in: ws)
        OutputAttack.expectSound(ended, exit: 0, files: [result, other], in: ws)
        #expect(OutputAttack.kind(result)?.links == 2, "the link was broken: the file was replaced")
        #expect(OutputAttack.status(OutputAttack.regularText(other)) == "success")
    }

    @Test func aDeviceIsWrittenToAndNeverReplaced() throws {
        let ws = try Workspace()
        let null = OutputAttack.device("null", minor: 3, system: "/dev/null", in: ws)
        let ended = try Self.run(["--result", null, "--trace", null], in: ws)
        OutputAttack.expectSound(ended, exit: 0, in: ws)
        #expect(OutputAttack.kind(null)?.type == S_IFCHR, "the device was replaced")
        #expect(OutputAttack.status(ended.stdout) == "success")
    }

    @Test func aFIFOIsWrittenToAndNeverReplaced() throws {
        let ws = try Workspace()
        let fifo = ws.url.appendingPathComponent("result.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader is there first (non-blocking), so the run's open for writing succeeds.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let ended = try Self.run(["--result", fifo], in: ws)
        OutputAttack.expectSound(ended, exit: 0, in: ws)
        #expect(OutputAttack.kind(fifo)?.type == S_IFIFO, "the FIFO was replaced")
        var bytes: [UInt8] = []
        while let chunk = ChildProcess.readAvailable(reader), !chunk.isEmpty { bytes += chunk }
        #expect(OutputAttack.status(String(decoding: bytes, as: UTF8.self)) == "success", "nothing came through the FIFO")
    }

    @Test func aFullDiskAfterTheChargeKeepsTheTrueStatusAndSaysWhatWasNotWritten() throws {
        let ws = try Workspace()
        let full = OutputAttack.device("full", minor: 7, system: "/dev/full", in: ws)
        let link = ws.url.appendingPathComponent("result-to-full").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: full)
        for (option, path, what) in [("--trace", full, "trace"), ("--result", full, "result"), ("--result", link, "result")] {
            let ended = try Self.run([option, path], in: ws)
            OutputAttack.expectSound(ended, exit: 0, in: ws)
            #expect(OutputAttack.status(ended.stdout) == "success", "\(option) \(path): \(ended.summary)")
            #expect(
                ended.stderr.contains("checkout: error: could not write the \(what) to \(path): No space left on device"),
                "\(ended.summary)")
            #expect(OutputAttack.kind(full)?.type == S_IFCHR)
        }
        let summary = try Self.run(["--result", full], in: ws, json: false)
        OutputAttack.expectSound(summary, exit: 0, in: ws)
        #expect(summary.stdout.hasPrefix("standard-checkout: success"), "\(summary.summary)")
    }

    @Test func aDirectoryOrMissingFolderFailsBeforeAnythingIsCharged() throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let ws = try Workspace()
        let provider = ["--provider", "bluesnap", "--provider-url", fake.baseURL.absoluteString]
        let missing = ws.url.appendingPathComponent("no-such-folder/result.json").path
        for (option, path) in [("--result", ws.url.path), ("--result", missing), ("--trace", ws.url.path)] {
            let answers = try ws.write(OutputAttack.answers, to: "answers.yaml")
            let ended = try OutputAttack.run(
                ["run", "flows/standard-checkout.yaml", "--answers", answers, "--json", option, path] + provider, in: ws,
                environment: ProviderCommandTests.credentials(fake))
            OutputAttack.expectSound(ended, exit: 2, in: ws)
            #expect(ended.stderr.hasPrefix("checkout: error: cannot write the \(option.dropFirst(2)) to \(path): "), "\(ended.summary)")
            #expect(fake.ledger.isEmpty, "\(option) \(path) was refused after a charge")
        }
    }

    @Test func aReaderThatLeavesEarlyDoesNotKillTheRun() throws {
        let ws = try Workspace()
        let answers = try ws.write(OutputAttack.answers, to: "answers.yaml")
        let result = ws.url.appendingPathComponent("result.json").path
        let ended = try OutputAttack.run(
            ["run", "flows/standard-checkout.yaml", "--answers", answers, "--json", "--result", result], in: ws, stdout: .closedPipe)
        OutputAttack.expectSound(ended, exit: 0, files: [result], in: ws)
        #expect(OutputAttack.status(OutputAttack.regularText(result)) == "success")
    }

    /// The interactive path: line mode's questions go to a stdout whose reader has gone.
    @Test func aPromptWhoseOutputWentAwayEndsWithoutATrap() throws {
        let ws = try Workspace()
        let ended = try OutputAttack.run(["run", "flows/standard-checkout.yaml", "--plain"], in: ws, stdout: .closedPipe)
        OutputAttack.expectSound(ended, exit: 3, in: ws)
        #expect(ended.stderr.contains("input ended"), "\(ended.summary)")
    }

    @Test func schemaAndJUnitGoThroughALinkAndKeepAPrivateMode() throws {
        let ws = try Workspace()
        let schema = try ws.write("old", to: "schema.json")
        chmod(schema, 0o600)
        let link = ws.url.appendingPathComponent("schema-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: schema)
        let wrote = try OutputAttack.run(["schema", "--output", link], in: ws)
        OutputAttack.expectSound(wrote, exit: 0, files: [schema], in: ws)
        #expect(OutputAttack.kind(link)?.type == S_IFLNK && OutputAttack.kind(schema)?.mode == 0o600)
        #expect(OutputAttack.regularText(schema).contains("\"$schema\""))

        let junit = try ws.write("old", to: "junit.xml")
        chmod(junit, 0o600)
        let tested = try OutputAttack.run(["test", "flows/standard-checkout.scenarios.yaml", "--junit", junit], in: ws)
        OutputAttack.expectSound(tested, exit: 0, files: [junit], in: ws)
        #expect(OutputAttack.kind(junit)?.mode == 0o600 && OutputAttack.regularText(junit).contains("<testsuites"))

        let full = OutputAttack.device("full", minor: 7, system: "/dev/full", in: ws)
        let failed = try OutputAttack.run(["schema", "--output", full], in: ws)
        OutputAttack.expectSound(failed, exit: 2, in: ws)
        #expect(failed.stderr == "checkout: error: could not write the schema to \(full): No space left on device\n")
    }
}
