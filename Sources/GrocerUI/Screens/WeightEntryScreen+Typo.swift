import Foundation
import GrocerCore

/// A typo is caught before it is kept (issue 34): a weight far from the
/// trend (`FarFromTrend`) is asked about once; Enter then saves it as
/// typed, Esc goes back to edit it, any edit asks again at the next Enter.
extension WeightEntryScreen {
    /// Saves `weight`, or asks first when it is far from the trend and
    /// was not asked about yet.
    mutating func ask(_ weight: Weight, now: Date, display: DisplayUnit) -> Outcome {
        if !fat.text.isEmpty, fat.bodyFat == nil {
            focus = .fat
            message = BodyFatField.rangeRule
            return .reject
        }
        if daysBack > 0, time.minutes == nil {
            focus = .time
            message = Self.timeRule
            return .reject
        }
        let at = savedAt(now)
        if question?.weight != weight, let far = habits?.far(weight, at: at, timeZone: locales.timeZone) {
            question = far
            message = questionText(far, display: display)
            return .reject
        }
        question = nil
        message = nil
        saving = true
        return .perform(.saveWeight(weight, at: at, note: note.text, bodyFat: fat.bodyFat))
    }

    /// "78.7? You typed 7.87 kg; your trend is 78.5 kg. Enter saves, Esc
    /// edits." (the question's first word only when moving the decimal
    /// point lands near the trend).
    func questionText(_ far: FarFromTrend, display: DisplayUnit) -> String {
        let meant = far.suggestion.map { "\(shown($0, display: display, withUnit: false))? " } ?? "Far from your trend: "
        return meant + "You typed \(shown(far.weight, display: display)); your trend is \(shown(far.trendWeight, display: display)). "
            + "Enter saves, Esc edits."
    }

    /// A weight as the screen shows it: "7.87 kg", or in stones "11 st 4.5 lb".
    func shown(_ weight: Weight, display: DisplayUnit, withUnit: Bool = true) -> String {
        let separator = field.filter.decimalSeparator
        if display == .st, weight.unit == .lbs { return Stones.text(pounds: weight.value, separator: separator) }
        let digits = weight.digits.replacingOccurrences(of: ".", with: String(separator))
        return withUnit ? "\(digits) \(weight.unit.rawValue)" : digits
    }
}
