extension CardBrand {
    /// Detects the brand from card digits, which may be a partial prefix typed so far: the single
    /// element of `candidates(_:)`, `nil` while several brands are still possible (`"4011"` could
    /// be Visa or Elo), for no brand, and for empty input or non-digits.
    public static func detect(_ digits: String) -> CardBrand? {
        guard !digits.isEmpty else { return nil }
        let brands = candidates(digits)
        return brands.count == 1 ? brands[0] : nil
    }

    /// The brands `digits` may belong to, as `credit-card-type`'s `creditCardType(number)` returns
    /// them (`src/index.ts`, `src/lib/add-matching-cards-to-results.ts`, `find-best-match.ts`).
    ///
    /// Each brand is tested by its first pattern that agrees with the digits on their common
    /// prefix. When every such pattern is complete (no longer than the digits), the longest wins,
    /// ties going to the brand listed first, and the answer is that one brand: `401178…` is Elo
    /// rather than Visa, `650923…` Troy rather than Elo. Otherwise every candidate is returned in
    /// the table's order: `"65"` → Discover, Troy, Maestro, Elo. Empty input: every brand;
    /// non-digits: none.
    public static func candidates(_ digits: String) -> [CardBrand] {
        let number = Array(digits.utf8)
        guard number.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return [] }
        guard !number.isEmpty else { return iinPatterns.map(\.brand) }

        var matches: [(brand: CardBrand, strength: Int?)] = []
        for (brand, patterns) in iinPatterns {
            guard let pattern = patterns.first(where: { $0.matches(number) }) else { continue }
            matches.append((brand, number.count >= pattern.length ? pattern.length : nil))
        }
        guard let first = matches.first, matches.allSatisfy({ $0.strength != nil }) else {
            return matches.map(\.brand)
        }
        var best = first
        for match in matches.dropFirst() where (match.strength ?? 0) > (best.strength ?? 0) { best = match }
        return [best.brand]
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

    /// The brands in `credit-card-type`'s order (`ORIGINAL_TEST_ORDER`, 10.3.0) with their patterns
    /// in its order: the order decides ties and which pattern tests a brand.
    static let iinPatterns: [(brand: CardBrand, patterns: [IINPattern])] = [
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
        (
            .troy,
            [
                .prefix("9792"), .prefix("650052"), .range("650082", "650083"), .prefix("650092"), .prefix("650161"),
                .prefix("650170"), .prefix("650173"), .prefix("650175"), .prefix("650268"), .prefix("650271"),
                .range("650273", "650274"), .range("650456", "650457"), .prefix("650836"), .range("650846", "650850"),
                .prefix("650923"), .prefix("650987"), .prefix("650990"), .prefix("654997"), .prefix("657366"),
                .prefix("657998"), .prefix("658758"), .range("658767", "658768"), .range("65083700", "65083704"),
                .range("65085800", "65085804"), .range("65085900", "65085901"), .prefix("65086000"),
                .range("65086100", "65086105"), .range("65086200", "65086203"), .range("65875000", "65875003"),
                .prefix("65875009"), .range("65875101", "65875104"), .prefix("65875200"), .prefix("65875501"),
                .prefix("65875601"), .prefix("65875900"), .range("65876000", "65876002"), .range("65876100", "65876103"),
                .prefix("65876110"), .range("65876115", "65876116"), .range("65876200", "65876201"), .prefix("65876500"),
                .range("65876504", "65876505"), .range("65876600", "65876602"), .range("65877100", "65877101"),
                .range("65877600", "65877602"), .prefix("65877700"), .range("65877801", "65877802"),
                .range("65878200", "65878202"), .range("65878300", "65878311"), .range("65878400", "65878405"),
                .range("65878500", "65878505"), .range("65878600", "65878601"), .prefix("65879800"), .prefix("65880800"),
                .prefix("65880900"),
            ]
        ),
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
        (.naranja, [.prefix("589562"), .prefix("402918"), .prefix("527572")]),
        (
            .verve,
            [
                .range("506099", "506127"), .prefix("506129"), .range("506133", "506150"), .range("506158", "506163"),
                .prefix("506166"), .prefix("506168"), .prefix("506170"), .prefix("506173"), .range("506176", "506180"),
                .prefix("506184"), .range("506187", "506188"), .prefix("506191"), .prefix("506195"), .prefix("506197"),
                .prefix("507865"), .prefix("507866"), .range("507868", "507877"), .range("507880", "507888"),
                .prefix("507900"), .prefix("507941"),
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
