/// A JSON value with ordered object keys, so reports and results print in a stable,
/// documented order. Numbers are kept as their exact text (money prints as `10.50`).
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number's exact JSON text, e.g. `"10.50"` or `"3"`.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object([JSONMember])

    /// An integer number.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Serializes: compact on one line, or pretty with two-space indentation.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Serializes as a value nested `indent` levels deep in a pretty document.
    package func serialized(pretty: Bool, indent: Int) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: indent)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.quote(m.key, into: &out)
                out += pretty ? ": " : ":"
                m.value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Appends `s` as a JSON string literal. Works on the UTF-8 bytes: a string with nothing to
    /// escape (most) is appended whole.
    public static func quote(_ s: String, into out: inout String) {
        var s = s
        let plain = s.withUTF8 { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }
        if plain {
            out += "\""
            out += s
            out += "\""
            return
        }
        s.withUTF8 { src in
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            bytes.reserveCapacity(src.count + 16)
            for b in src {
                switch b {
                case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
                case 0..<0x20:
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(hexDigits[Int(b >> 4)])
                    bytes.append(hexDigits[Int(b & 0xF)])
                default: bytes.append(b)
                }
            }
            bytes.append(UInt8(ascii: "\""))
            out += String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Lower-case hexadecimal digits, for `\u00XX`.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Builds a JSON object member by member, skipping members whose value is absent.
package struct JSONObjectBuilder: Sendable {
    /// The members so far.
    public private(set) var members: [JSONMember] = []

    /// Creates an empty builder.
    public init() {}

    /// Adds a member.
    public mutating func add(_ key: String, _ value: JSONValue) { members.append(JSONMember(key, value)) }
    /// Adds a string member when `value` is not nil.
    public mutating func add(_ key: String, _ value: String?) { if let value { add(key, .string(value)) } }
    /// Adds an integer member when `value` is not nil.
    public mutating func add(_ key: String, _ value: Int?) { if let value { add(key, .int(value)) } }
    /// Adds a boolean member when `value` is not nil.
    public mutating func add(_ key: String, _ value: Bool?) { if let value { add(key, .bool(value)) } }

    /// The object.
    public var value: JSONValue { .object(members) }
}
