/// A parameter of a content line: `TZID=Europe/Paris`, `X-A="a;b",c`.
/// Names are kept as written; compare them with `is(_:)`.
public struct ICalParameter: Equatable, Hashable, Sendable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    public func `is`(_ other: String) -> Bool { ICalName.same(name, other) }
}

/// Names of properties, parameters and components: ASCII letters, digits
/// and "-" (RFC 5545, 3.1; `ContentLine.parse` reads no other), compared
/// without regard to case. Compared byte by byte, without making an
/// uppercased copy of either: a sync reads every property of every object
/// it holds, and the copies were a tenth of an idle sync's time at 10,000
/// items (docs/MEASURED.md).
enum ICalName {
    static func same(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where x[i] != y[i] {
                    guard upper(x[i]) == upper(y[i]) else { return false }
                }
                return true
            }
        }
    }

    private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
}

/// One content line of iCalendar (RFC 5545, 3.1): a name, its parameters
/// and a value, unfolded. The value is as written: TEXT is still escaped
/// (`text` unescapes it).
///
/// A line read keeps `original`: its bytes as they came, folds included
/// (each fold's line break written as CRLF), so a line grocer does not own
/// is written back byte for byte. A line grocer makes has none and is
/// written folded at 75 octets.
public struct ContentLine: Equatable, Hashable, Sendable {
    public var name: String
    public var parameters: [ICalParameter]
    public var value: String
    public private(set) var original: String?

    public init(name: String, parameters: [ICalParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.original = nil
    }

    /// A TEXT property: the value escaped (`\\`, `\;`, `\,`, `\n`).
    public init(name: String, parameters: [ICalParameter] = [], text: String) {
        self.init(name: name, parameters: parameters, value: ICalText.escaped(text))
    }

    public func `is`(_ other: String) -> Bool { ICalName.same(name, other) }

    /// The value read as TEXT (escapes undone). Control characters may
    /// remain: what grocer shows goes through `SyncText`.
    public var text: String { ICalText.unescaped(value) }

    public func parameter(_ name: String) -> ICalParameter? { parameters.first { $0.is(name) } }

    /// Same name, parameters and value, wherever each came from.
    public func holdsSame(as other: ContentLine) -> Bool {
        ICalName.same(name, other.name) && parameters == other.parameters && value == other.value
    }

    /// The line as grocer writes it, unfolded. A control character other
    /// than a tab (a raw line break above all, which would start another
    /// property) never reaches the output: it is left out of the value.
    public var unfolded: String {
        var out = name
        for parameter in parameters {
            out += ";" + parameter.name + "="
            out += parameter.values.map(Self.parameterValue).joined(separator: ",")
        }
        guard value.unicodeScalars.contains(where: Self.isControl) else { return out + ":" + value }
        return out + ":" + String(String.UnicodeScalarView(value.unicodeScalars.filter { !Self.isControl($0) }))
    }

    /// A parameter value as written: quoted when it holds `;`, `:` or `,`;
    /// a double quote (which no parameter value may hold) is dropped, as is
    /// any control character.
    private static func parameterValue(_ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && !isControl($0) }))
        return clean.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"" + clean + "\"" : clean
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// Parses an unfolded line; nil when it is not `name *(;param) : value`.
    /// `original` is kept as given. Works on scalars, so a combining mark
    /// after a delimiter never hides it.
    static func parse(_ text: Substring, original: String) -> ContentLine? {
        let line = text.unicodeScalars
        var i = line.startIndex
        func isNameScalar(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && (("A"..."Z").contains(c) || ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "-")
        }
        func readName() -> String? {
            let start = i
            while i < line.endIndex, isNameScalar(line[i]) { i = line.index(after: i) }
            return i > start && i < line.endIndex ? String(line[start..<i]) : nil
        }
        guard let name = readName() else { return nil }
        var parameters: [ICalParameter] = []
        while line[i] == ";" {
            i = line.index(after: i)
            guard let parameterName = readName(), line[i] == "=" else { return nil }
            var values: [String] = []
            repeat {
                i = line.index(after: i)  // past "=" or ","
                guard i < line.endIndex else { return nil }
                if line[i] == "\"" {
                    let open = line.index(after: i)
                    guard let close = line[open...].firstIndex(of: "\"") else { return nil }
                    values.append(String(line[open..<close]))
                    i = line.index(after: close)
                } else {
                    let start = i
                    while i < line.endIndex, ![",", ";", ":", "\""].contains(line[i]) { i = line.index(after: i) }
                    values.append(String(line[start..<i]))
                }
                guard i < line.endIndex else { return nil }
            } while line[i] == ","
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        guard line[i] == ":" else { return nil }
        var parsed = ContentLine(name: name, parameters: parameters, value: String(line[line.index(after: i)...]))
        parsed.original = original
        return parsed
    }
}
