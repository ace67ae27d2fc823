import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 14: bounded work and output for every input. A flow with 10,000 findings on one line,
/// a 200 MB file, /dev/zero, a FIFO nobody writes to, a directory, a socket, a symlink loop and
/// a missing path among good ones: each ends promptly with its exit code, a message naming the
/// file, output within a bound and memory within a bound, and no card number anywhere.
@Suite struct AdversarialBoundedTests {
    /// Card data put into the inputs that can hold it; never in any output.
    static let scanner = LeakScanner(number: "4111 1111 1111 1111", cvv: "9173")
    /// Peak resident memory allowed (a debug build runs in about 30 MiB).
    static let maximumMemoryKiB = 256 * 1024

    static func shipped(_ name: String) -> String { CheckoutBinary.root.appendingPathComponent("flows/\(name)").path }

    /// The shipped full-billing flow with its tax table replaced by `count` bad regions on one
    /// line (`tax: {Z0000: 1, Z0001: 1, …}`): about 100 KB and 10,000 errors for 10,000.
    static func regionsFlow(_ count: Int, in workspace: Workspace) throws -> String {
        let text = try String(contentsOfFile: shipped("full-billing-shipping.yaml"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tax = try #require(lines.firstIndex(of: "tax:"))
        var end = tax + 1
        while end < lines.count, lines[end].hasPrefix("  ") { end += 1 }
        let ids: [String] = (0..<count).map { (i: Int) -> String in String(String(i + 10_000).dropFirst()) }
        let regions = ids.map { (id: String) -> String in "Z\(id): 1" }.joined(separator: ", ")
        lines.replaceSubrange(tax..<end, with: ["tax: {\(regions)}"])
        return try workspace.write(lines.joined(separator: "\n"), to: "regions.yaml")
    }

    /// A sparse file of `size` bytes (zeros): a huge input that costs no disk.
    static func sparse(_ name: String, size: Int, in workspace: Workspace) throws -> String {
        let path = workspace.url.appendingPathComponent(name).path
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
        return path
    }

    /// The run ended by itself with `status`, within `maximumOutput` bytes and the memory
    /// bound, and printed no card data.
    static func expectBounded(
        _ run: BoundedRun, status: Int32, maximumOutput: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.killed == nil, "killed for its \(run.killed ?? "")", sourceLocation: sourceLocation)
        #expect(run.status == status, "\(run.stderr.prefix(2000))", sourceLocation: sourceLocation)
        #expect(run.outputBytes <= maximumOutput, "\(run.outputBytes) bytes of output", sourceLocation: sourceLocation)
        #expect(run.peakMemoryKiB <= maximumMemoryKiB, "peak \(run.peakMemoryKiB) KiB", sourceLocation: sourceLocation)
        #expect(scanner.findings(in: run.stdout + run.stderr).isEmpty, sourceLocation: sourceLocation)
    }

    @Test("10,000 bad tax regions on one line: the first 100 findings, each snippet cut, in validate, run and graph")
    func tenThousandFindings() throws {
        let workspace = try Workspace()
        let flow = try Self.regionsFlow(10_000, in: workspace)
        let answers = try workspace.write("paymentMethod: card\n", to: "answers.yaml")
        let text = try BoundedRun.run(["validate", flow])
        Self.expectBounded(text, status: 2, maximumOutput: 256 << 10)
        #expect(text.stdout.hasSuffix("regions.yaml: 9900 more errors not shown\n10000 errors, 0 warnings in 1 file\n"))
        for arguments in [["validate", "--format", "github", flow], ["run", flow, "--answers", answers], ["graph", flow]] {
            Self.expectBounded(try BoundedRun.run(arguments), status: 2, maximumOutput: 256 << 10)
        }
        // JSON lists every finding, without snippets: about 300 bytes each.
        let json = try BoundedRun.run(["validate", "--format", "json", flow])
        Self.expectBounded(json, status: 2, maximumOutput: 8 << 20)
        // --max-findings 0 shows them all, still without the whole line in each snippet.
        let all = try BoundedRun.run(["validate", "--max-findings", "0", flow])
        Self.expectBounded(all, status: 2, maximumOutput: 10_000 * 600)
    }

    @Test("a 200 MB file is refused from its size, naming the file, its size and the limit, with no snippet")
    func hugeFile() throws {
        let workspace = try Workspace()
        let big = try Self.sparse("big.yaml", size: 200_000_000, in: workspace)
        let validate = try BoundedRun.run(["validate", big])
        Self.expectBounded(validate, status: 2, maximumOutput: 4096)
        #expect(
            validate.stdout.contains("big.yaml: error: the file is 200000000 bytes, more than the limit of 16777216 bytes [size-limit]"))
        Self.expectBounded(try BoundedRun.run(["run", big]), status: 2, maximumOutput: 4096)
        let answers = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", big, "--json"])
        Self.expectBounded(answers, status: 3, maximumOutput: 8192)
        #expect(answers.stdout.contains("more than the limit of 1048576 bytes"))
        let scenarios = try Self.sparse("big.scenarios.yaml", size: 200_000_000, in: workspace)
        Self.expectBounded(try BoundedRun.run(["test", scenarios]), status: 2, maximumOutput: 4096)
    }

    @Test("an answers file over 1 MiB full of card numbers: refused, nothing quoted")
    func largeAnswersWithCards() throws {
        let workspace = try Workspace()
        let line = "card: { number: \"4111 1111 1111 1111\", cvv: \"9173\" }\n"
        let answers = try workspace.write(String(repeating: "# " + line, count: 30_000) + line, to: "cards.yaml")
        let run = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", answers, "--json"])
        Self.expectBounded(run, status: 3, maximumOutput: 8192)
    }

    @Test("/dev/zero and /dev/urandom as a flow, answers or scenarios file end at once with 'too large'")
    func devices() throws {
        let workspace = try Workspace()
        let scenarios = workspace.url.appendingPathComponent("zero.scenarios.yaml").path
        try FileManager.default.createSymbolicLink(atPath: scenarios, withDestinationPath: "/dev/zero")
        for arguments in [["validate", "/dev/zero"], ["run", "/dev/zero"], ["graph", "/dev/urandom"], ["test", scenarios]] {
            let run = try BoundedRun.run(arguments)
            Self.expectBounded(run, status: 2, maximumOutput: 4096)
            #expect((run.stdout + run.stderr).contains("more than the limit of"))
        }
        let answers = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", "/dev/zero"])
        Self.expectBounded(answers, status: 3, maximumOutput: 4096)
    }

    @Test("a FIFO nobody writes to reads as empty instead of waiting forever")
    func fifo() throws {
        let workspace = try Workspace()
        let fifo = workspace.url.appendingPathComponent("fifo.yaml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let validate = try BoundedRun.run(["validate", fifo])
        Self.expectBounded(validate, status: 2, maximumOutput: 4096)
        #expect(validate.stdout.contains("fifo.yaml:1:1: error: the file has no YAML document [empty-document]"))
        let answers = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", fifo])
        Self.expectBounded(answers, status: 3, maximumOutput: 4096)
    }

    @Test("a directory or a socket given as a file is refused, saying what it is")
    func directoryAndSocket() throws {
        let workspace = try Workspace()
        let directory = workspace.url.path
        let flow = try BoundedRun.run(["run", directory])
        Self.expectBounded(flow, status: 2, maximumOutput: 4096)
        #expect(flow.stderr.contains("error: cannot read the file: is a directory, not a file [file-unreadable]"))
        let answers = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", directory])
        Self.expectBounded(answers, status: 3, maximumOutput: 4096)
        #expect(answers.stderr.contains("cannot read the answers file: is a directory, not a file"))

        let socketPath = workspace.url.appendingPathComponent("s.yaml").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let socketRun = try BoundedRun.run(["validate", socketPath])
        Self.expectBounded(socketRun, status: 66, maximumOutput: 4096)
        #expect(socketRun.stdout.contains("s.yaml: error: cannot read the file: is a socket, not a file [file-unreadable]"))
    }

    @Test("a symbolic link loop says so, as a flow, as answers and as a scenarios file")
    func symlinkLoop() throws {
        let workspace = try Workspace()
        let a = workspace.url.appendingPathComponent("a.yaml").path
        let b = workspace.url.appendingPathComponent("b.yaml").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let validate = try BoundedRun.run(["validate", a])
        Self.expectBounded(validate, status: 66, maximumOutput: 4096)
        #expect(validate.stdout.contains("a.yaml: error: cannot read the file: too many levels of symbolic links [file-unreadable]"))
        let answers = try BoundedRun.run(["run", Self.shipped("standard-checkout.yaml"), "--answers", a])
        Self.expectBounded(answers, status: 3, maximumOutput: 4096)
        #expect(answers.stderr.contains("cannot read the answers file: too many levels of symbolic links"))
        let scenarios = workspace.url.appendingPathComponent("loop.scenarios.yaml").path
        try FileManager.default.createSymbolicLink(atPath: scenarios, withDestinationPath: scenarios)
        let test = try BoundedRun.run(["test", scenarios])
        Self.expectBounded(test, status: 2, maximumOutput: 4096)
        #expect(test.stderr.contains("loop.scenarios.yaml: error: cannot read the scenarios file: too many levels of symbolic links"))
    }

    @Test("a missing path among good ones is one error; the others are still validated")
    func missingAmongGood() throws {
        let workspace = try Workspace()
        let missing = workspace.url.appendingPathComponent("missing.yaml").path
        let regions = try Self.regionsFlow(3, in: workspace)
        let run = try BoundedRun.run(["validate", Self.shipped("standard-checkout.yaml"), missing, regions])
        Self.expectBounded(run, status: 66, maximumOutput: 16 << 10)
        #expect(run.stdout.contains("missing.yaml: error: cannot read the file: no such file or directory [file-unreadable]"))
        #expect(run.stdout.contains("regions.yaml:13:7: error: tax region 'Z0000'"))
        #expect(run.stdout.hasSuffix("4 errors, 0 warnings in 3 files\n"))
    }
}
