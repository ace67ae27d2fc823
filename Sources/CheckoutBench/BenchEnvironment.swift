import Foundation

/// Where the built products and the repository are.
enum BenchEnvironment {
    /// The directory holding this benchmark's executable, where `swift build` also puts
    /// `checkout` and `hello-foundation`.
    static let productsDirectory: URL = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }()

    /// The repository root: the current directory when it holds `flows/`, else found from
    /// this source file.
    static let root: URL = {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if FileManager.default.fileExists(atPath: cwd.appendingPathComponent("flows/standard-checkout.yaml").path) { return cwd }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// A built product next to this benchmark (`CHECKOUT_BIN` overrides `checkout`).
    static func product(_ name: String) throws -> String {
        if name == "checkout", let path = ProcessInfo.processInfo.environment["CHECKOUT_BIN"] { return path }
        let path = productsDirectory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcess.SpawnError(description: "\(path) is missing: build every product first (`swift build -c release`)")
        }
        return path
    }

    /// Warns when the numbers would be a debug build's.
    static func warnIfDebug() {
        #if DEBUG
            print("warning: this is a debug build; measure with `swift build -c release && .build/release/checkout-bench …`")
        #endif
    }
}

/// `--name VALUE` from the command line.
func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let i = arguments.firstIndex(of: name), arguments.indices.contains(i + 1) else { return nil }
    return arguments[i + 1]
}
