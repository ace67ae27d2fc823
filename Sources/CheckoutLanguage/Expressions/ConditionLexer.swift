import CheckoutDomain

/// One token of a condition.
struct ConditionToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// An identifier or a dotted name.
        case name(String)
        case keyword(ConditionKeyword)
        /// A decimal number as written.
        case number(String)
        /// A quoted string with its escapes resolved.
        case string(String)
        case comparison(ComparisonOperator)
        case leftParen, rightParen, leftBracket, rightBracket, comma
        case end
    }

    var kind: Kind
    var range: Range<Int>
    /// The source text, for messages.
    var text: String

    /// How a message names the token: its text in quotes, or `the end of the condition`.
    var quoted: String {
        switch kind {
        case .end: "the end of the condition"
        case .string: text
        default: "\(UserText.quoted(text))"
        }
    }
}

/// The words that cannot be names.
enum ConditionKeyword: String, Sendable, Hashable, CaseIterable {
    case and, or, not, `in`, `true`, `false`
}

/// Splits a condition into tokens; throws the first lexical error.
struct ConditionLexer {
    private let scalars: [Unicode.Scalar]
    private var i = 0
    private var tokens: [ConditionToken] = []

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        // A token takes two scalars or more (a name and the space after it): no regrowing.
        tokens.reserveCapacity(scalars.count / 2 + 2)
    }

    static func tokens(_ scalars: [Unicode.Scalar]) throws(ConditionIssue) -> [ConditionToken] {
        var lexer = ConditionLexer(scalars)
        return try lexer.run()
    }

    private mutating func run() throws(ConditionIssue) -> [ConditionToken] {
        while i < scalars.count {
            let c = scalars[i]
            if c == " " || (c.isASCII ? c == "\t" || c == "\n" || c == "\r" : c.properties.isWhitespace) {
                i += 1
            } else if Self.isNameStart(c) {
                try name()
            } else if Self.isDigit(c) {
                try number()
            } else if c == "\"" || c == "'" {
                try string(quote: c)
            } else {
                try punctuation(c)
            }
        }
        tokens.append(ConditionToken(kind: .end, range: scalars.count..<scalars.count, text: ""))
        return tokens
    }

    private mutating func name() throws(ConditionIssue) {
        let start = i
        while true {
            while i < scalars.count, Self.isNameCharacter(scalars[i]) { i += 1 }
            guard i < scalars.count, scalars[i] == "." else { break }
            guard i + 1 < scalars.count, Self.isNameStart(scalars[i + 1]) else {
                throw .syntax("expected a name after '.'", i..<i + 1)
            }
            i += 1
        }
        let text = slice(start..<i)
        let kind: ConditionToken.Kind = keyword(start..<i).map { .keyword($0) } ?? .name(text)
        tokens.append(ConditionToken(kind: kind, range: start..<i, text: text))
    }

    /// The keyword spelled by the scalars in `range`, compared scalar by scalar (a string
    /// switch would compare the text with every keyword's).
    private func keyword(_ range: Range<Int>) -> ConditionKeyword? {
        func spells(_ word: StaticString) -> Bool {
            word.withUTF8Buffer { w in
                for k in w.indices where scalars[range.lowerBound + k].value != UInt32(w[k]) { return false }
                return true
            }
        }
        switch range.count {
        case 2: return spells("or") ? .or : spells("in") ? .in : nil
        case 3: return spells("and") ? .and : spells("not") ? .not : nil
        case 4: return spells("true") ? .true : nil
        case 5: return spells("false") ? .false : nil
        default: return nil
        }
    }

    private mutating func number() throws(ConditionIssue) {
        let start = i
        while i < scalars.count, Self.isNameCharacter(scalars[i]) || scalars[i] == "." { i += 1 }
        let text = slice(start..<i)
        guard DecimalText.syntax(text) != nil else {
            let startsName = text.unicodeScalars.contains { Self.isNameStart($0) }
            throw .syntax(
                "\(UserText.quoted(text)) is not a number", start..<i, notes: startsName ? ["a name starts with a letter or '_'"] : [])
        }
        tokens.append(ConditionToken(kind: .number(text), range: start..<i, text: text))
    }

    private mutating func string(quote: Unicode.Scalar) throws(ConditionIssue) {
        let start = i
        var value = String.UnicodeScalarView()
        i += 1
        while i < scalars.count, scalars[i] != quote {
            if scalars[i] == "\\", i + 1 < scalars.count {
                let escaped = scalars[i + 1]
                guard escaped == "\\" || escaped == "\"" || escaped == "'" else {
                    throw .syntax("unknown escape '\\\(escaped)'; a string can only escape \\\\, \\\" and \\'", i..<i + 2)
                }
                value.append(escaped)
                i += 2
            } else {
                value.append(scalars[i])
                i += 1
            }
        }
        guard i < scalars.count else { throw .syntax("unclosed string; expected a closing \(quote)", start..<scalars.count) }
        i += 1
        tokens.append(ConditionToken(kind: .string(String(value)), range: start..<i, text: slice(start..<i)))
    }

    private mutating func punctuation(_ c: Unicode.Scalar) throws(ConditionIssue) {
        let next: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
        var two: String { next.map { String(c) + String($0) } ?? String(c) }
        switch (c, next) {
        case ("(", _): add(.leftParen, length: 1)
        case (")", _): add(.rightParen, length: 1)
        case ("[", _): add(.leftBracket, length: 1)
        case ("]", _): add(.rightBracket, length: 1)
        case (",", _): add(.comma, length: 1)
        case ("=", "="): add(.comparison(.equal), length: 2)
        case ("!", "="): add(.comparison(.notEqual), length: 2)
        case ("<", "="): add(.comparison(.lessOrEqual), length: 2)
        case (">", "="): add(.comparison(.greaterOrEqual), length: 2)
        case ("<", ">"): throw .notAnOperator("<>", meant: "!=", i..<i + 2)
        case ("<", _): add(.comparison(.less), length: 1)
        case (">", _): add(.comparison(.greater), length: 1)
        case ("=", ">"): throw .notAnOperator("=>", meant: ">=", i..<i + 2)
        case ("=", "<"): throw .notAnOperator("=<", meant: "<=", i..<i + 2)
        case ("=", _): throw .notAnOperator("=", meant: "==", i..<i + 1)
        case ("!", _): throw .notAnOperator("!", meant: "not", i..<i + 1)
        case ("&", "&"), ("|", "|"): throw .notAnOperator(two, meant: c == "&" ? "and" : "or", i..<i + 2)
        case ("&", _), ("|", _): throw .notAnOperator(String(c), meant: c == "&" ? "and" : "or", i..<i + 1)
        default: throw .syntax("unexpected character \(UserText.quoted(String(c)))", i..<i + 1)
        }
    }

    private mutating func add(_ kind: ConditionToken.Kind, length: Int) {
        tokens.append(ConditionToken(kind: kind, range: i..<i + length, text: slice(i..<i + length)))
        i += length
    }

    private func slice(_ range: Range<Int>) -> String {
        // Conditions are ASCII almost always: copy bytes, not scalars one by one.
        if scalars[range].allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: range.count) { buffer in
                for (k, s) in scalars[range].enumerated() { buffer[k] = UInt8(truncatingIfNeeded: s.value) }
                return range.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// The scalars of `text`; an ASCII condition (almost every one) is copied byte by byte.
    static func scalars(of text: String) -> [Unicode.Scalar] {
        var text = text
        let ascii = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.map { Unicode.Scalar($0) } : nil
        }
        return ascii ?? Array(text.unicodeScalars)
    }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c == "_" || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        return c.properties.isAlphabetic
    }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }

    /// True when the name has a `.` (`billing.country`). ASCII names, nearly all, are read
    /// byte by byte; others go through `contains`, which compares characters (a `.` followed
    /// by a combining mark is not a `.`).
    static func isDotted(_ name: String) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.utf8.contains(UInt8(ascii: ".")) }
        return name.contains(".")
    }

    /// True when `text` reads back as one bare identifier (not a keyword, no dots).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isNameStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(isNameCharacter) && ConditionKeyword(rawValue: text) == nil
    }
}
