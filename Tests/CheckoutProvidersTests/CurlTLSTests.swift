import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// `CurlTransport` over TLS against `openssl s_server` with a certificate made for the test:
/// trusted through `caFile` it answers; with the system's CAs only it is refused.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs /usr/bin/openssl"))
struct CurlTLSTests {
    /// A self-signed certificate for localhost and 127.0.0.1, and `openssl s_server -www` serving with it.
    final class TLSServer {
        let directory: URL
        let process = Process()
        let port: UInt16

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.openssl(
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-keyout", "key.pem", "-out", "cert.pem", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                ], in: directory)
            port = try Self.freePort()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = ["s_server", "-www", "-accept", "\(port)", "-cert", "cert.pem", "-key", "key.pem"]
            process.currentDirectoryURL = directory
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // s_server prints ACCEPT once it listens.
            var seen = ""
            while !seen.contains("ACCEPT") {
                // read(2), retried on EINTR: Foundation's `availableData` traps when a signal
                // interrupts it.
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = chunk.withUnsafeMutableBytes { read(out.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw CocoaError(.fileReadUnknown) }
                seen += String(decoding: chunk[0..<n], as: UTF8.self)
            }
        }

        var certificate: String { directory.appendingPathComponent("cert.pem").path }
        var url: URL { URL(string: "https://localhost:\(port)/")! }

        /// Kills the server (SIGKILL: it inherits the test runner's blocked signals, SIGTERM among them).
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }

        static func openssl(_ arguments: [String], in directory: URL) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            p.arguments = arguments
            p.currentDirectoryURL = directory
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        /// A port no one listens on now (bound to port 0, read, closed).
        static func freePort() throws -> UInt16 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ok = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard ok else { throw CocoaError(.fileWriteUnknown) }
            return UInt16(bigEndian: address.sin_port)
        }
    }

    @Test func theTestsCertificateAsCAConnectsAndTheSystemsCAsRefuse() async throws {
        let server = try TLSServer()
        defer { server.stop() }
        let trusted = CurlTransport(maxConnectionsPerHost: 1, caFile: server.certificate)
        let response = try await trusted.send(HTTPRequest(method: "GET", url: server.url), timeout: .seconds(10))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("s_server"))
        do {
            _ = try await CurlTransport(maxConnectionsPerHost: 1).send(HTTPRequest(method: "GET", url: server.url), timeout: .seconds(10))
            Issue.record("a self-signed certificate was accepted without its CA")
        } catch let error as ProviderError {
            #expect(error.code == .unavailable)
            #expect(error.message == "no secure connection to localhost:\(server.port)")
        }
    }
}
