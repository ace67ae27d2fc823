import Foundation

/// A fresh folder of files for a test, removed when the test's value goes.
final class LSPTestFolder {
    let path: String

    init() throws {
        path = Self.freshPath("checkout-lsp-")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A new path in the temporary folder, `prefix` then letters only: a UUID's digits can
    /// read as a card number in a message that names a path, which the server then hides
    /// (seen: one run in ten).
    static func freshPath(_ prefix: String) -> String {
        let letters = (0..<24).map { _ in Character(Unicode.Scalar(UInt8.random(in: 97...122))) }
        return FileManager.default.temporaryDirectory.appendingPathComponent(prefix + String(letters)).path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the folder; returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The `file:` URI of `name` in the folder.
    func uri(_ name: String) -> String { LSPMessages.fileURI((path as NSString).appendingPathComponent(name)) }
}

/// A base flow, a flow that extends it, and a scenarios file that runs the child.
enum FamilyFlows {
    static let base = """
        flow: base
        dsl: 1
        title: Base
        request:
          price: { amount: 5.00, currency: USD }
          transactionType: auth
          withEmail: false

        """
    static let child = "extends: base.yaml\nflow: child\ndsl: 1\ntitle: Child\n"
    /// Names the `authorize` stage, which the child has while its base authorizes.
    static let scenarios = """
        - name: authorized
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
          expect:
            status: success
            steps: { ran: [authorize] }

        """
    /// The base with a currency that is not one: the child cannot extend it.
    static let brokenBase = base.replacingOccurrences(of: "USD", with: "EURO")
    /// The base selling: its final step is `sale`, no `authorize`.
    static let sellingBase = base.replacingOccurrences(of: "transactionType: auth", with: "transactionType: sale")
}
