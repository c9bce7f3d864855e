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
