import Foundation

extension Weight {
    /// The weight as a command shows it in `display`: as typed in its own
    /// unit ("72.5 kg"); in stones, a weight in pounds as stones and pounds
    /// ("11 st 4.5 lb", exactly); in another unit converted to 2 decimals,
    /// with the value as typed after it ("159.83 lbs (72.5 kg)",
    /// "11 st 5.83 lb (72.5 kg)"), as the history shows it.
    public func shown(in display: DisplayUnit) -> String {
        let typed = "\(digits) \(unit.rawValue)"
        switch display {
        case .st:
            let stones = Stones.text(pounds: exactValue(in: .lbs).rounded(scale: 2))
            return unit == .lbs ? stones : "\(stones) (\(typed))"
        case .lbs, .kg:
            guard unit != display.measure else { return typed }
            return "\(Self.fixed2(converted(to: display.measure))) \(display.rawValue) (\(typed))"
        }
    }

    /// A value in a display unit's measure as a command shows a figure
    /// (a trend, a mean): "72.35 kg", "-0.70 lbs", or in stones "11 st 4.5 lb"
    /// (to a tenth of a pound, as the history's figures).
    public static func figure(_ value: Decimal, in display: DisplayUnit) -> String {
        display == .st ? Stones.text(pounds: value, digits: 1) : "\(fixed2(value)) \(display.rawValue)"
    }

    /// "72.35", "-0.70", "80.00": rounded half away from zero to 2 decimals.
    public static func fixed2(_ value: Decimal) -> String {
        var text = value.rounded(scale: 2).description
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 { parts.append("") }
        let fraction = parts[1] + String(repeating: "0", count: max(0, 2 - parts[1].count))
        let body = "\(parts[0].isEmpty ? "0" : parts[0]).\(fraction)"
        return negative && body != "0.00" ? "-" + body : body
    }
}
