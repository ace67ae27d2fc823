import CheckoutProviders
package import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a port the system picks) for fakes of providers'
/// APIs: keep-alive connections, `Content-Length` bodies, one thread per connection, and a
/// count of accepted connections (to prove a client pools them). A fault hook may break any
/// request on purpose (`ServerFault`). Handlers run on the connection's thread and must be
/// thread-safe. Not a production server: no TLS, no chunked request bodies, no pipelining.
package final class LoopbackHTTPServer: Sendable {
    /// The port it listens on.
    package let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (ServerRequest) -> ServerResponse
    private let faultHook = Mutex<(@Sendable (ServerRequest) -> ServerFault?)?>(nil)
    private let requestLog = Mutex<(@Sendable (ServerRequest, ServerResponse) -> Void)?>(nil)
    private let accepted = Atomic<Int>(0)
    private let requests = Atomic<Int>(0)
    private let open = Mutex<Set<Int32>>([])
    private let stopped = Atomic<Bool>(false)

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Connections accepted so far.
    package var acceptedConnections: Int { accepted.load(ordering: .relaxed) }
    /// Requests read so far.
    package var requestCount: Int { requests.load(ordering: .relaxed) }

    /// Starts listening on `port` (0: one the system picks) and accepting; `handler` answers
    /// every request no fault takes.
    package init(port requested: UInt16 = 0, handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            let reason = errno == EADDRINUSE ? "the port is in use" : "errno \(errno)"
            throw ServerError("cannot listen on 127.0.0.1:\(requested): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-http-accept"
        thread.start()
    }

    deinit { stop() }

    /// Sets (or clears) the fault hook: called for every request, before it is handled.
    package func setFaultHook(_ hook: (@Sendable (ServerRequest) -> ServerFault?)?) {
        faultHook.withLock { $0 = hook }
    }

    /// Sets (or clears) the request log: called after each request is answered, with the
    /// request and the answer (not for a request a fault cut off).
    package func setRequestLog(_ log: (@Sendable (ServerRequest, ServerResponse) -> Void)?) {
        requestLog.withLock { $0 = log }
    }

    /// Stops accepting and closes every open connection. Idempotent.
    package func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        open.withLock { fds in
            for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .acquiring) {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            accepted.add(1, ordering: .relaxed)
            open.withLock { _ = $0.insert(fd) }
            let thread = Thread { [self] in
                serve(fd)
                open.withLock { _ = $0.remove(fd) }
                close(fd)
            }
            thread.name = "loopback-http-connection"
            thread.start()
        }
    }

    /// Reads requests off one connection and answers them until either side closes.
    private func serve(_ fd: Int32) {
        var reader = SocketReader(fd: fd)
        while !stopped.load(ordering: .acquiring) {
            guard var request = reader.readRequest(continueIfExpected: { Self.write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) })
            else { return }
            request.number = requests.add(1, ordering: .relaxed).newValue
            let keepAlive = request.headers["Connection"]?.lowercased() != "close"
            let fault = faultHook.withLock { $0 }?(request)
            var response: ServerResponse
            switch fault {
            case .delayBeforeHandling(let d):
                Thread.sleep(forTimeInterval: d.timeInterval)
                response = handler(request)
            case .delayAfterHandling(let d):
                response = handler(request)
                Thread.sleep(forTimeInterval: d.timeInterval)
            case .status(let status):
                response = .json(status, #"{"message":[{"errorName":"SERVER_GENERAL_FAILURE","code":"10000"}]}"#)
            case .reset:
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                return
            case .truncatedBody:
                var full = handler(request)
                if full.body.count < 2 { full.body = Data(#"{"truncated":true}"#.utf8) }
                Self.write(fd, Self.head(full, keepAlive: true) + full.body.prefix(full.body.count / 2))
                return
            case .malformedBody:
                _ = handler(request)
                response = .json(200, "{\"transactionId\": ")
            case nil:
                response = handler(request)
            }
            requestLog.withLock { $0 }?(request, response)
            guard Self.write(fd, Self.head(response, keepAlive: keepAlive) + response.body), keepAlive else { return }
        }
    }

    private static func head(_ r: ServerResponse, keepAlive: Bool) -> Data {
        var text = "HTTP/1.1 \(r.status) \(reason(r.status))\r\n"
        for (name, value) in r.headers where name.lowercased() != "content-length" { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(r.body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Data(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    @discardableResult
    private static func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}

/// A server that could not start.
package struct ServerError: Error, CustomStringConvertible {
    /// Why.
    package var description: String
    init(_ description: String) { self.description = description }
}

extension Duration {
    var timeInterval: TimeInterval { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
