/// The catalogues of what a shopper reads, one per `ShopperLocale` (`localization/<tag>.lproj/
/// Localizable.strings`, generated into `ShopperCatalogue+Tables.swift` by
/// scripts/generate-localization.py): English is the source, and every other has the same keys
/// and placeholders (the script and `ShopperCatalogueTests` check both).
enum ShopperCatalogue {
    /// `template` with its placeholders replaced: `%@` by the next argument, `%2$@` by the
    /// second, `%%` by `%`. A placeholder with no argument stands as it is.
    static func format(_ template: String, _ arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var out = ""
        var next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                out += "%"
                rest = after.dropFirst()
            } else if after.first == "@" {
                out += next < arguments.count ? arguments[next] : "%@"
                next += 1
                rest = after.dropFirst()
            } else if let dollar = after.firstIndex(of: "$"), let n = Int(after[..<dollar]),
                after[after.index(after: dollar)...].first == "@"
            {
                out += n >= 1 && n <= arguments.count ? arguments[n - 1] : "%\(n)$@"
                rest = after[after.index(dollar, offsetBy: 2)...]
            } else {
                out += "%"
                rest = after
            }
        }
        return out + rest
    }

    /// The English template's pieces: the text between placeholders, and each placeholder's
    /// argument number (1-based).
    struct Template: Sendable {
        var key: String
        var literals: [String]
        var positions: [Int]

        init(key: String, english: String) {
            self.key = key
            literals = []
            positions = []
            var current = ""
            var next = 1
            var rest = Substring(english)
            while let percent = rest.firstIndex(of: "%") {
                current += rest[..<percent]
                let after = rest[rest.index(after: percent)...]
                if after.first == "@" {
                    literals.append(current)
                    current = ""
                    positions.append(next)
                    next += 1
                    rest = after.dropFirst()
                } else if let dollar = after.firstIndex(of: "$"), let n = Int(after[..<dollar]) {
                    literals.append(current)
                    current = ""
                    positions.append(n)
                    rest = after[after.index(dollar, offsetBy: 2)...]
                } else {
                    current += after.first == "%" ? "%" : "%"
                    rest = after.first == "%" ? after.dropFirst() : after
                }
            }
            literals.append(current + rest)
        }

        /// How much of the template is fixed text: a longer one is the more specific.
        var fixedLength: Int { literals.reduce(0) { $0 + $1.count } }

        /// The arguments that make `message` from this template, by number; nil when it does
        /// not. Each argument is the shortest text up to the next fixed piece.
        func arguments(in message: String) -> [String]? {
            guard message.hasPrefix(literals[0]) else { return nil }
            var rest = message.dropFirst(literals[0].count)
            var found: [Int: String] = [:]
            for (i, position) in positions.enumerated() {
                let literal = literals[i + 1]
                let isLast = i == positions.count - 1
                if isLast {
                    guard rest.hasSuffix(literal), rest.count >= literal.count else { return nil }
                    found[position] = String(rest.dropLast(literal.count))
                    rest = rest.suffix(0)
                } else {
                    guard !literal.isEmpty, let range = rest.range(of: literal) else { return nil }
                    found[position] = String(rest[..<range.lowerBound])
                    rest = rest[range.upperBound...]
                }
            }
            if positions.isEmpty, !rest.isEmpty { return nil }
            guard found.values.allSatisfy({ !$0.isEmpty }) else { return nil }
            return (1...max(1, positions.count)).map { found[$0] ?? "" }
        }
    }

    /// The problem templates by code (`problem.CODE` and `problem.CODE.VARIANT`), the fixed
    /// ones first, then the most specific.
    static let problems: [String: [Template]] = {
        var byCode: [String: [Template]] = [:]
        for key in keys where key.hasPrefix("problem.") {
            let code = String(key.dropFirst("problem.".count).prefix { $0 != "." })
            guard let english = text(key, tag: "en") else { continue }
            byCode[code, default: []].append(Template(key: key, english: english))
        }
        return byCode.mapValues { list in
            list.sorted { ($0.positions.isEmpty ? 0 : 1, -$0.fixedLength) < ($1.positions.isEmpty ? 0 : 1, -$1.fixedLength) }
        }
    }()
}
