extension YAMLSourceMap {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, and that byte.
    /// libyaml reports the byte *after* a bad lead byte, so the reader error is re-positioned
    /// here at the byte the user must fix.
    func firstInvalidUTF8() -> (offset: Int, byte: UInt8)? {
        var i = 0
        var offset = 0
        while let lead = byte(at: i) {
            offset = i
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (offset, lead)
            }
            for k in 1..<length {
                guard let b = byte(at: i + k), b & 0xC0 == 0x80 else { return (offset, lead) }
                // Overlong and surrogate forms.
                if k == 1 {
                    if lead == 0xE0, b < 0xA0 { return (offset, lead) }
                    if lead == 0xED, b > 0x9F { return (offset, lead) }
                    if lead == 0xF0, b < 0x90 { return (offset, lead) }
                    if lead == 0xF4, b > 0x8F { return (offset, lead) }
                }
            }
            i += length
        }
        return nil
    }
}
