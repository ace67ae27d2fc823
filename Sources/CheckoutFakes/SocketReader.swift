import CheckoutProviders
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads HTTP/1.1 requests off a socket: the head up to the blank line, then
/// `Content-Length` bytes of body. Heads past 64 KiB and bodies past 1 MiB end the connection.
struct SocketReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    static let maxHead = 64 * 1024
    static let maxBody = 1024 * 1024

    init(fd: Int32) { self.fd = fd }

    /// The next request; nil when the connection closed or sent something that is not HTTP.
    mutating func readRequest(continueIfExpected: () -> Void) -> ServerRequest? {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headEnd == nil {
                guard buffer.count < Self.maxHead, fill() else { return nil }
            }
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.set(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if headers["Transfer-Encoding"] != nil { return nil }
        let length = Int(headers["Content-Length"] ?? "0") ?? -1
        guard (0...Self.maxBody).contains(length) else { return nil }
        if length > 0, headers["Expect"]?.lowercased() == "100-continue" { continueIfExpected() }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        return ServerRequest(
            method: String(requestLine[0]), path: components?.percentEncodedPath.removingPercentEncoding ?? target,
            query: (components?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }, headers: headers, body: body,
            number: 0)
    }

    /// Reads what is there; false when the peer closed or the read failed.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer += chunk[..<n]
            return true
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}
