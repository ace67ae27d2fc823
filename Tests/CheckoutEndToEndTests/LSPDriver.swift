import Foundation
import Testing

/// The pygls drivers in Support/ (`lsp_client.py`, `lsp_nav_client.py`), run with the consumers
/// environment's Python, which `.ci/test --deps-only` installs pygls into.
enum LSPDriver {
    static let support = CheckoutBinary.root.appendingPathComponent("Tests/CheckoutEndToEndTests/Support")

    /// The JSON object `script` printed when run with `arguments`; nil, with the failure
    /// recorded, when the driver failed.
    static func run(_ script: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any]? {
        let python = ConsumersVenv.url.appendingPathComponent("bin/python")
        let session = try CheckoutBinary.run([support.appendingPathComponent(script).path] + arguments, program: python)
        guard session.status == 0 else {
            Issue.record(
                "the pygls driver failed (\(session.status)); .ci/test installs pygls into \(ConsumersVenv.url.path): \(session.stderr)",
                sourceLocation: sourceLocation)
            return nil
        }
        return try #require(
            try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(session.stdout)",
            sourceLocation: sourceLocation)
    }
}
