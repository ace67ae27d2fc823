#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shopper's IP address as the providers take it (Maxpay's `user_ip`, BlueSnap's
/// `shopperIpAddress`, Spreedly's `ip`): an IPv4 address in dotted-quad form or an IPv6
/// address, as `inet_pton` reads them. Maxpay's SDK notes that not all acquirers take IPv6.
package enum IPAddress {
    /// True for `203.0.113.7` or `2001:db8::7`; false for host names, ranges, ports, zones.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45 else { return false }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
