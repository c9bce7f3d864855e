import GrocerCore

/// Reads and writes iCalendar objects (RFC 5545) as `ICalComponent`s.
///
/// What a server sends is untrusted: the reader refuses a body, a line or
/// a count of lines or components past `Limits`, text that is not UTF-8,
/// and BEGIN/END that do not pair, with one `Problem`; it never traps.
/// Lines break at CRLF or a bare LF; a line that starts with a space or a
/// tab continues the one before (the break and that one character go).
public enum ICalendar {
    public struct Limits: Sendable {
        /// The whole object, in bytes (a grocery item is well under 4 KiB).
        public var maximumBytes: Int
        /// One line unfolded, in bytes: a 1 MB SUMMARY is refused here.
        public var maximumLineBytes: Int
        public var maximumLines: Int
        public var maximumComponents: Int
        /// How deep components nest (VCALENDAR > VTODO > VALARM is 3).
        public var maximumDepth: Int

        public init(maximumBytes: Int, maximumLineBytes: Int, maximumLines: Int, maximumComponents: Int, maximumDepth: Int) {
            self.maximumBytes = maximumBytes
            self.maximumLineBytes = maximumLineBytes
            self.maximumLines = maximumLines
            self.maximumComponents = maximumComponents
            self.maximumDepth = maximumDepth
        }

        public static let standard = Limits(
            maximumBytes: 1 << 20, maximumLineBytes: 64 << 10, maximumLines: 10_000, maximumComponents: 1_000, maximumDepth: 8)
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case notUTF8
        case lineTooLong(line: Int)
        case tooManyLines
        case tooManyComponents
        case tooDeep(line: Int)
        /// BEGIN and END that do not pair, or a line outside any component.
        case unbalanced(line: Int)
        /// The text ends inside this component.
        case unclosed(String)
        case notACalendar

        public var description: String {
            switch self {
            case .tooLarge(let bytes): return "an iCalendar object of \(bytes) bytes, more than grocer reads"
            case .notUTF8: return "an iCalendar object that is not UTF-8 text"
            case .lineTooLong(let line): return "line \(line) of an iCalendar object is longer than grocer reads"
            case .tooManyLines: return "an iCalendar object with more lines than grocer reads"
            case .tooManyComponents: return "an iCalendar object with more components than grocer reads"
            case .tooDeep(let line): return "components nested too deep at line \(line) of an iCalendar object"
            case .unbalanced(let line): return "BEGIN and END do not pair at line \(line) of an iCalendar object"
            case .unclosed(let name): return "an iCalendar object that ends inside its \(VisibleText.escaped(name.prefix(40)))"
            case .notACalendar: return "not one VCALENDAR object"
            }
        }
    }

    /// The one VCALENDAR in `bytes`. Empty lines are skipped.
    public static func read(_ bytes: some Collection<UInt8>, limits: Limits = .standard) throws(Problem) -> ICalComponent {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return try read(text, limits: limits)
    }

    /// The one VCALENDAR in `text`.
    public static func read(_ text: String, limits: Limits = .standard) throws(Problem) -> ICalComponent {
        guard text.utf8.count <= limits.maximumBytes else { throw .tooLarge(bytes: text.utf8.count) }
        var builder = Builder(limits: limits)
        for line in try logicalLines(text, limits: limits) { try builder.add(line) }
        return try builder.finish()
    }

    /// `component` as iCalendar text, every line ending in CRLF: lines read
    /// as they came, lines grocer made folded at 75 octets.
    public static func write(_ component: ICalComponent) -> String {
        var out = ""
        write(component, into: &out)
        return out
    }

    private static func write(_ component: ICalComponent, into out: inout String) {
        out += component.beginLine + "\r\n"
        for child in component.children {
            switch child {
            case .property(let line): out += (line.original ?? folded(line.unfolded)) + "\r\n"
            case .component(let nested): write(nested, into: &out)
            case .unparsed(let raw): out += raw + "\r\n"
            }
        }
        out += component.endLine + "\r\n"
    }

    /// `line` folded (RFC 5545, 3.1): at most 75 octets before each break,
    /// each continuation starting with one space; a break never falls
    /// inside a UTF-8 sequence. No CRLF at the end.
    public static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out
    }

    struct LogicalLine {
        var text: String
        var original: String
        var number: Int
    }

    /// The lines of `text` unfolded, each with its original (folds as
    /// CRLF + the continuation) and the number of its first physical line.
    static func logicalLines(_ text: String, limits: Limits) throws(Problem) -> [LogicalLine] {
        var lines: [LogicalLine] = []
        var number = 0
        for physicalLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var physical = Substring(physicalLine)
            if physical.utf8.last == UInt8(ascii: "\r") { physical = physical.dropLast() }
            if let first = physical.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !lines.isEmpty {
                let last = lines.count - 1
                lines[last].text += String(physical.unicodeScalars.dropFirst())
                lines[last].original += "\r\n" + physical
                guard lines[last].text.utf8.count <= limits.maximumLineBytes else { throw .lineTooLong(line: lines[last].number) }
                continue
            }
            guard physical.utf8.count <= limits.maximumLineBytes else { throw .lineTooLong(line: number) }
            guard lines.count < limits.maximumLines else { throw .tooManyLines }
            lines.append(LogicalLine(text: String(physical), original: String(physical), number: number))
        }
        return lines.filter { !$0.text.isEmpty }
    }

    /// Builds the tree from logical lines, with a stack of open components.
    private struct Builder {
        let limits: Limits
        var stack: [ICalComponent] = []
        var root: ICalComponent?
        var componentCount = 0

        init(limits: Limits) { self.limits = limits }

        mutating func add(_ line: LogicalLine) throws(Problem) {
            let parsed = ContentLine.parse(line.text[...], original: line.original)
            if let parsed, parsed.is("BEGIN"), parsed.parameters.isEmpty {
                guard root == nil, !parsed.value.isEmpty else { throw .unbalanced(line: line.number) }
                guard stack.count < limits.maximumDepth else { throw .tooDeep(line: line.number) }
                componentCount += 1
                guard componentCount <= limits.maximumComponents else { throw .tooManyComponents }
                stack.append(ICalComponent(name: parsed.value.uppercased(), children: [], beginLine: line.original, endLine: ""))
                return
            }
            if let parsed, parsed.is("END"), parsed.parameters.isEmpty {
                guard let open = stack.popLast(), open.name == parsed.value.uppercased() else { throw .unbalanced(line: line.number) }
                let closed = ICalComponent(name: open.name, children: open.children, beginLine: open.beginLine, endLine: line.original)
                if stack.isEmpty {
                    root = closed
                } else {
                    stack[stack.count - 1].children.append(.component(closed))
                }
                return
            }
            guard !stack.isEmpty else { throw .unbalanced(line: line.number) }
            stack[stack.count - 1].children.append(parsed.map(ICalComponent.Child.property) ?? .unparsed(line.original))
        }

        func finish() throws(Problem) -> ICalComponent {
            if let open = stack.last { throw .unclosed(open.name) }
            guard let root, root.name == "VCALENDAR" else { throw .notACalendar }
            return root
        }
    }
}
