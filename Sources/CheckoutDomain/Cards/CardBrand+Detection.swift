extension CardBrand {
    /// Detects the brand from card digits, which may be a partial prefix typed so far.
    ///
    /// Uses the IIN patterns of `credit-card-type` (`src/lib/card-types.ts`). A pattern matches
    /// when it and the digits agree on their common prefix. When the digits are at least as long
    /// as several matching patterns, the longest such pattern (the most specific) wins, ties going
    /// to the brand listed first: `401178…` is Elo rather than Visa, `6011…` Discover rather than
    /// Maestro. When no pattern is complete yet, the brand is returned only if it is the single
    /// candidate (`"5"` could be Mastercard or Maestro: `nil`). Non-digits or empty input: `nil`.
    public static func detect(_ digits: String) -> CardBrand? {
        let number = Array(digits.utf8)
        guard !number.isEmpty, number.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }

        var best: (brand: CardBrand, strength: Int)?
        var partial: [CardBrand] = []
        for (brand, patterns) in iinPatterns {
            var strength = 0
            var matchedPartially = false
            for pattern in patterns where pattern.matches(number) {
                if number.count >= pattern.length {
                    strength = max(strength, pattern.length)
                } else {
                    matchedPartially = true
                }
            }
            if strength > 0 {
                if strength > best?.strength ?? 0 { best = (brand, strength) }
            } else if matchedPartially {
                partial.append(brand)
            }
        }
        if let best { return best.brand }
        return partial.count == 1 ? partial[0] : nil
    }

    /// An IIN pattern: a prefix, or an inclusive range of prefixes of equal length.
    struct IINPattern: Sendable {
        let low: [UInt8]
        let high: [UInt8]

        /// The number of leading digits the pattern constrains.
        var length: Int { low.count }

        /// A single prefix, e.g. `4` or `6011`.
        static func prefix(_ value: String) -> IINPattern {
            IINPattern(low: Array(value.utf8), high: Array(value.utf8))
        }

        /// A range of same-length prefixes, e.g. `51...55`.
        static func range(_ low: String, _ high: String) -> IINPattern {
            IINPattern(low: Array(low.utf8), high: Array(high.utf8))
        }

        /// Compares the first `min(number, pattern)` digits, as `credit-card-type` does.
        /// Equal-length digit strings compare numerically when compared lexicographically.
        func matches(_ number: [UInt8]) -> Bool {
            let count = min(number.count, length)
            let head = number[0..<count]
            return !head.lexicographicallyPrecedes(low[0..<count])
                && !high[0..<count].lexicographicallyPrecedes(head)
        }
    }

    /// The brands in `credit-card-type`'s order with their patterns.
    static let iinPatterns: [(CardBrand, [IINPattern])] = [
        (.visa, [.prefix("4")]),
        (
            .mastercard,
            [
                .range("51", "55"), .range("2221", "2229"), .range("223", "229"), .range("23", "26"),
                .range("270", "271"), .prefix("2720"),
            ]
        ),
        (.americanExpress, [.prefix("34"), .prefix("37")]),
        (.dinersClub, [.range("300", "305"), .prefix("36"), .prefix("38"), .prefix("39")]),
        (.discover, [.prefix("6011"), .range("644", "649"), .prefix("65")]),
        (.jcb, [.prefix("2131"), .prefix("1800"), .range("3528", "3589")]),
        (
            .unionpay,
            [
                .prefix("620"), .range("62100", "62182"), .range("62184", "62187"),
                .range("62185", "62197"), .range("62200", "62205"), .range("622010", "622999"),
                .prefix("622018"), .range("62207", "62209"), .range("623", "626"), .prefix("6270"),
                .prefix("6272"), .prefix("6276"), .range("627700", "627779"),
                .range("627781", "627799"), .range("6282", "6289"), .prefix("6291"), .prefix("6292"),
                .prefix("810"), .range("8110", "8131"), .range("8132", "8151"),
                .range("8152", "8163"), .range("8164", "8171"),
            ]
        ),
        (
            .maestro,
            [
                .prefix("493698"), .range("500000", "504174"), .range("504176", "506698"),
                .range("506779", "508999"), .range("56", "59"), .prefix("63"), .prefix("67"),
                .prefix("6"),
            ]
        ),
        (
            .elo,
            [
                .prefix("401178"), .prefix("401179"), .prefix("438935"), .prefix("457631"),
                .prefix("457632"), .prefix("431274"), .prefix("451416"), .prefix("457393"),
                .prefix("504175"), .range("506699", "506778"), .range("509000", "509999"),
                .prefix("627780"), .prefix("636297"), .prefix("636368"), .range("650031", "650033"),
                .range("650035", "650051"), .range("650405", "650439"), .range("650485", "650538"),
                .range("650541", "650598"), .range("650700", "650718"), .range("650720", "650727"),
                .range("650901", "650978"), .range("651652", "651679"), .range("655000", "655019"),
                .range("655021", "655058"),
            ]
        ),
        (.mir, [.range("2200", "2204")]),
        (
            .hiper,
            [
                .prefix("637095"), .prefix("63737423"), .prefix("63743358"), .prefix("637568"),
                .prefix("637599"), .prefix("637609"), .prefix("637612"),
            ]
        ),
        (.hipercard, [.prefix("606282")]),
    ]
}
