extension Character {
    /// A whole character that is one of the ASCII digits 0-9, nothing else:
    /// "7" + U+0301 (a combining acute), Arabic-Indic "٧" and fullwidth "７"
    /// are not. (A range check such as `("0"..."9").contains(ch)` compares
    /// strings and lets "7\u{301}" through, since it sorts between "7" and "8".)
    public var isASCIIDigit: Bool {
        let scalars = unicodeScalars
        guard scalars.count == 1, let only = scalars.first else { return false }
        return only.value >= 0x30 && only.value <= 0x39
    }
}

extension Character {
    /// The byte of a character that is one ASCII byte, else nil ("\r\n" is
    /// two). Read from the UTF-8 view: `asciiValue` and `unicodeScalars`
    /// validate indices on the way, and the terminal asks this of every
    /// cell of every frame.
    public var singleASCIIByte: UInt8? {
        let bytes = utf8
        guard bytes.count == 1, let byte = bytes.first, byte < 0x80 else { return nil }
        return byte
    }
}
