import CCurlShim
import CheckoutRuntime
import Foundation
import Synchronization

/// One request through one easy handle: the options set from the request, the response
/// collected by libcurl's callbacks (this object is their userdata), and the continuation of
/// the waiting task, resumed once — by the transfer's end or by the task's cancellation.
final class CurlTransfer: @unchecked Sendable {
    struct Settings {
        var timeoutMilliseconds: Int
        var connectTimeoutMilliseconds: Int
        var caFile: String?
    }

    private let request: HTTPRequest
    private let settings: Settings
    private let host: String
    /// Set when the task is cancelled; the progress callback then aborts the transfer.
    fileprivate let cancelled = Atomic<Bool>(false)
    private let waiting = Mutex<CheckedContinuation<HTTPResponse, any Error>?>(nil)
    // Written only by libcurl's callbacks on the transfer's thread, read there after it ends.
    fileprivate var body = Data()
    fileprivate var headers = HTTPHeaders()

    init(_ request: HTTPRequest, settings: Settings, host: String) {
        self.request = request
        self.settings = settings
        self.host = host
    }

    /// Runs the transfer on `handle` off the cooperative pool, gives the handle back to `pool`
    /// when libcurl is done with it, and returns the response. Cancelling the task throws
    /// `CancellationError` at once; the transfer is aborted at libcurl's next progress call.
    func run(on handle: CurlEasyHandle, pool: CurlHandlePool, queue: DispatchQueue) async throws -> HTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let started = waiting.withLock { w -> Bool in
                    if Task.isCancelled || cancelled.load(ordering: .acquiring) { return false }
                    w = continuation
                    return true
                }
                guard started else {
                    pool.release(handle)
                    continuation.resume(throwing: CancellationError())
                    return
                }
                queue.async {
                    let result = self.perform(handle.pointer)
                    pool.release(handle)
                    self.waiting.withLock { w in
                        defer { w = nil }
                        return w
                    }?
                    .resume(with: result)
                }
            }
        } onCancel: {
            cancelled.store(true, ordering: .releasing)
            waiting.withLock { w in
                defer { w = nil }
                return w
            }?
            .resume(throwing: CancellationError())
        }
    }

    /// Sets the options and runs `curl_easy_perform` (blocking).
    private func perform(_ h: UnsafeMutableRawPointer) -> Result<HTTPResponse, any Error> {
        cs_easy_reset(h)  // keeps the handle's live connections
        let me = Unmanaged.passUnretained(self).toOpaque()
        var failed = false
        func check(_ code: Int32) { if code != 0 { failed = true } }
        check(request.url.absoluteString.withCString { cs_setopt_ptr(h, CS_OPT_URL, $0) })
        check(cs_setopt_long(h, CS_OPT_PROTOCOLS, 3))  // CURLPROTO_HTTP | CURLPROTO_HTTPS
        check(cs_setopt_long(h, CS_OPT_NOSIGNAL, 1))
        check(cs_setopt_long(h, CS_OPT_TIMEOUT_MS, settings.timeoutMilliseconds))
        check(cs_setopt_long(h, CS_OPT_CONNECTTIMEOUT_MS, settings.connectTimeoutMilliseconds))
        if let caFile = settings.caFile { check(caFile.withCString { cs_setopt_ptr(h, CS_OPT_CAINFO, $0) }) }
        check(cs_setopt_write_func(h, CS_OPT_WRITEFUNCTION, curlWriteBody))
        check(cs_setopt_ptr(h, CS_OPT_WRITEDATA, me))
        check(cs_setopt_write_func(h, CS_OPT_HEADERFUNCTION, curlWriteHeader))
        check(cs_setopt_ptr(h, CS_OPT_HEADERDATA, me))
        check(cs_setopt_xferinfo_func(h, CS_OPT_XFERINFOFUNCTION, curlProgress))
        check(cs_setopt_ptr(h, CS_OPT_XFERINFODATA, me))
        check(cs_setopt_long(h, CS_OPT_NOPROGRESS, 0))
        check(setMethodAndBody(h))
        var list: UnsafeMutableRawPointer?
        for line in headerLines() {
            guard let longer = line.withCString({ cs_slist_append(list, $0) }) else {
                failed = true
                break
            }
            list = longer
        }
        defer { cs_slist_free_all(list) }
        check(cs_setopt_ptr(h, CS_OPT_HTTPHEADER, list))
        guard !failed else { return .failure(ProviderError(.unavailable, "libcurl refused the request to \(host)")) }
        let code = cs_easy_perform(h)
        if cancelled.load(ordering: .acquiring) { return .failure(CancellationError()) }
        guard code == CS_E_OK else { return .failure(HTTPFailure.curl(Int(code), host: host)) }
        var status = 0
        guard cs_getinfo_long(h, CS_INFO_RESPONSE_CODE, &status) == CS_E_OK, status > 0 else {
            return .failure(ProviderError(.unavailable, "\(host) sent something that is not an HTTP response"))
        }
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }

    /// GET and HEAD without a body; anything with a body (and POST, PUT, PATCH without one)
    /// sends it as `POSTFIELDS` (copied), under its own method name when it is not POST.
    private func setMethodAndBody(_ h: UnsafeMutableRawPointer) -> Int32 {
        let method = request.method.uppercased()
        if request.body == nil, method == "GET" { return cs_setopt_long(h, CS_OPT_HTTPGET, 1) }
        if request.body == nil, method == "HEAD" { return cs_setopt_long(h, CS_OPT_NOBODY, 1) }
        var code: Int32 = 0
        if request.body != nil || ["POST", "PUT", "PATCH"].contains(method) {
            let body = request.body ?? Data()
            code |= cs_setopt_off_t(h, CS_OPT_POSTFIELDSIZE_LARGE, Int64(body.count))
            code |= body.withUnsafeBytes { raw in
                raw.isEmpty
                    ? "".withCString { cs_setopt_ptr(h, CS_OPT_COPYPOSTFIELDS, $0) }
                    : cs_setopt_ptr(h, CS_OPT_COPYPOSTFIELDS, raw.baseAddress)
            }
            if method == "POST" { return code }
        }
        guard method.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else { return 1 }
        return code | method.withCString { cs_setopt_ptr(h, CS_OPT_CUSTOMREQUEST, $0) }
    }

    /// `Name: value` per request field (`Name;` for an empty value, as libcurl spells it),
    /// without CR or LF, and `Expect:` to turn off `Expect: 100-continue`.
    private func headerLines() -> [String] {
        func clean(_ text: String) -> String { text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" } }
        var lines = request.headers.map { field in
            let name = clean(field.name)
            let value = clean(field.value)
            return value.isEmpty ? "\(name);" : "\(name): \(value)"
        }
        if request.headers["Expect"] == nil { lines.append("Expect:") }
        return lines
    }

    fileprivate func headerLine(_ bytes: UnsafeRawBufferPointer) {
        var line = Substring(decoding: bytes, as: UTF8.self)
        while let last = line.last, last == "\n" || last == "\r" || last == "\r\n" { line.removeLast() }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()  // a new response (after a 100 Continue, say): keep only its fields
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        headers.append(name, value)
    }
}

/// CURLOPT_WRITEFUNCTION: appends the bytes to the transfer's body.
private let curlWriteBody: cs_write_callback = { data, size, count, user in
    let n = size * count
    guard let data, let user, n > 0 else { return n }
    Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().body.append(
        UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: n)
    return n
}

/// CURLOPT_HEADERFUNCTION: one header line (status line included) at a time.
private let curlWriteHeader: cs_write_callback = { data, size, count, user in
    let n = size * count
    guard let data, let user, n > 0 else { return n }
    Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().headerLine(UnsafeRawBufferPointer(start: data, count: n))
    return n
}

/// CURLOPT_XFERINFOFUNCTION: non-zero (abort) once the task is cancelled.
private let curlProgress: cs_xferinfo_callback = { user, _, _, _, _ in
    guard let user else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().cancelled.load(ordering: .acquiring) ? 1 : 0
}
