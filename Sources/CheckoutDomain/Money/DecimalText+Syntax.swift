extension DecimalText {
    /// The shape of a decimal literal, read from its bytes without building a `Decimal`.
    package struct Syntax: Sendable, Hashable {
        /// A leading `-`.
        public var negative: Bool
        /// Digits before the point.
        public var integerDigits: Int
        /// Digits after the point, as written (the scale).
        public var fractionDigits: Int
    }

    /// Checks `text` against the grammar `parse` accepts (optional `-`, digits, optional `.`
    /// and digits) and returns its shape. Whenever this returns a shape, `parse` succeeds on the
    /// same text. Cheap enough for large tables: numbers of up to 18 digits are decided on the
    /// bytes alone; longer ones are confirmed by `parse`.
    package static func syntax(_ text: String) -> Syntax? {
        guard let shape = scan(text) else { return nil }
        if shape.integerDigits + shape.fractionDigits > 18, parse(text) == nil { return nil }
        return shape
    }

    /// `syntax` of UTF-8 bytes, for numbers of up to 18 digits (decided on the bytes alone);
    /// nil for anything else, longer numbers included (use `syntax` on the text for those).
    package static func shortSyntax(_ bytes: UnsafeBufferPointer<UInt8>) -> Syntax? {
        guard let shape = scan(bytes: bytes), shape.integerDigits + shape.fractionDigits <= 18 else { return nil }
        return shape
    }

    /// The grammar, in one place: the shape of `text`, or nil when it is not a decimal literal.
    static func scan(_ text: String) -> Syntax? {
        if let shape = text.utf8.withContiguousStorageIfAvailable({ scan(bytes: $0) }) { return shape }
        return scan(bytes: Array(text.utf8))
    }

    private static func scan<C: Collection>(bytes: C) -> Syntax? where C.Element == UInt8 {
        var negative = false
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        var first = true
        for byte in bytes {
            defer { first = false }
            switch byte {
            case UInt8(ascii: "-") where first: negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
            case UInt8(ascii: ".") where !sawPoint && integerDigits > 0: sawPoint = true
            default: return nil
            }
        }
        guard integerDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        return Syntax(negative: negative, integerDigits: integerDigits, fractionDigits: fractionDigits)
    }
}
