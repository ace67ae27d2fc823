package import CheckoutLanguage

/// Turns styled text into escape sequences for a colour depth; with `.none`, text stays plain
/// (no colour and no attributes: NO_COLOR output carries no escape sequences for style).
package struct Painter: Sendable {
    package var depth: ColorDepth

    package init(depth: ColorDepth) { self.depth = depth }

    /// `text` in `style`, reset after.
    package func paint(_ text: String, _ style: TextStyle) -> String {
        guard depth != .none, !text.isEmpty else { return text }
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if let c = style.color { codes.append(colorCode(c)) }
        guard !codes.isEmpty else { return text }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// The SGR foreground parameters of `c` at this depth.
    package func colorCode(_ c: RGBColor) -> String {
        switch depth {
        case .trueColor: "38;2;\(c.red);\(c.green);\(c.blue)"
        case .ansi256: "38;5;\(Self.index256(c))"
        case .ansi16, .none: String(Self.code16(c))
        }
    }

    /// Whether `c` is near enough to a grey to be drawn as one: its channels differ by less
    /// than 32 (of 255). A coloured theme colour is never mapped to a grey, even where a grey
    /// is nearer by plain RGB distance: the standard theme's success green #2E7D32 was grey 243
    /// at 256 colours (issue 20). Hue first, then distance.
    static func isNearlyGrey(_ c: RGBColor) -> Bool {
        let channels = [Int(c.red), Int(c.green), Int(c.blue)]
        return channels.max()! - channels.min()! < 32
    }

    /// The nearest colour of xterm's 256: the 6×6×6 cube, or one of the 24 greys for a colour
    /// that is nearly grey itself (`isNearlyGrey`).
    package static func index256(_ c: RGBColor) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for (i, l) in levels.enumerated() where abs(l - Int(v)) < abs(levels[best] - Int(v)) { best = i }
            return best
        }
        let (r, g, b) = (nearestLevel(c.red), nearestLevel(c.green), nearestLevel(c.blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(c, (levels[r], levels[g], levels[b]))
        let mean = (Int(c.red) + Int(c.green) + Int(c.blue)) / 3
        let greyIndex = max(0, min(23, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * greyIndex
        return isNearlyGrey(c) && distance(c, (grey, grey, grey)) < cubeDistance ? 232 + greyIndex : cube
    }

    /// The SGR code (30–37, 90–97) of the nearest of the 16 ANSI colours (xterm's defaults);
    /// black, the two greys and white only for a colour that is nearly grey (`isNearlyGrey`).
    package static func code16(_ c: RGBColor) -> Int {
        var best = 0
        var bestDistance = Int.max
        let greys: Set<Int> = [0, 7, 8, 15]
        for (i, p) in ansi16.enumerated() where isNearlyGrey(c) || !greys.contains(i) {
            let d = distance(c, p)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return best < 8 ? 30 + best : 90 + best - 8
    }

    private static let ansi16: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static func distance(_ c: RGBColor, _ p: (Int, Int, Int)) -> Int {
        let dr = Int(c.red) - p.0
        let dg = Int(c.green) - p.1
        let db = Int(c.blue) - p.2
        return dr * dr + dg * dg + db * db
    }
}
