import Foundation
import GrocerCore
import GrocerStore

/// `grocer store status` as text: the path, table names and detail may
/// come from the file (or a hostile one), so each is shown with
/// `VisibleText`.
public enum StatusText {
    public static func text(_ status: StoreStatus) -> String {
        func visible(_ text: String) -> String { VisibleText.escaped(text) }
        var lines = [
            "path:           \(visible(status.path))",
            "state:          \(status.state.rawValue)",
            "formatVersion:  \(status.formatVersion.map(String.init) ?? "-")",
            "currentVersion: \(status.currentVersion)",
        ]
        for (table, count) in status.rows.sorted(by: { $0.key < $1.key }) {
            lines.append("rows \(visible(table)): \(count)")
        }
        if let detail = status.detail { lines.append("detail:         \(visible(detail))") }
        return lines.joined(separator: "\n")
    }

    /// The JSON object: sorted keys, control characters as \u00XX (RFC 8259).
    public static func json(_ status: StoreStatus) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(status), as: UTF8.self)
        // JSONEncoder escapes C0 controls; DEL and C1 (which some terminals
        // obey) can only be inside strings here, so they are escaped too.
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: ("\\u" + JSONString.hex4(scalar.value)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
