import Foundation

/// An element of an XML document, named by its namespace URI (never its
/// prefix) and local name, with its child elements and its own character
/// data (the text directly inside it, CDATA included, joined).
public struct XMLElement: Equatable, Hashable, Sendable {
    public var namespace: String
    public var name: String
    public var children: [XMLElement]
    public var text: String
    /// Its attributes but the namespace declarations, by local name (a
    /// CalDAV `<comp name="VTODO"/>`).
    public var attributes: [String: String]

    public init(namespace: String, name: String, children: [XMLElement] = [], text: String = "", attributes: [String: String] = [:]) {
        self.namespace = namespace
        self.name = name
        self.children = children
        self.text = text
        self.attributes = attributes
    }

    public func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

    public func children(_ namespace: String, _ name: String) -> [XMLElement] { children.filter { $0.is(namespace, name) } }

    public func child(_ namespace: String, _ name: String) -> XMLElement? { children.first { $0.is(namespace, name) } }
}

/// A small XML reader for WebDAV answers, which are untrusted: a whole
/// body in memory, bounded (`Limits`), namespace-aware, and with no DTD:
/// `<!DOCTYPE` (and any other `<!` declaration but a comment or CDATA) is
/// refused, and no entity is ever expanded but the five predefined ones
/// and character references; any other `&name;` is refused. Processing
/// instructions and comments are skipped; attributes other than namespace
/// declarations are kept by their local name. Line ends in text become LF, as XML
/// says (a `&#13;` stays a CR).
public enum XMLReader {
    public struct Limits: Sendable {
        public var maximumBytes: Int
        public var maximumDepth: Int
        public var maximumElements: Int

        public init(maximumBytes: Int, maximumDepth: Int, maximumElements: Int) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumElements = maximumElements
        }

        /// 32 MiB: a multiget of 10 years of daily weights is about 3 MiB.
        public static let standard = Limits(maximumBytes: 32 << 20, maximumDepth: 64, maximumElements: 1_000_000)
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case notUTF8
        case doctype
        case entity(String)
        case unboundPrefix(String)
        case tooDeep
        case tooManyElements
        case malformed(offset: Int, String)

        public var description: String {
            switch self {
            case .tooLarge(let bytes): return "an XML answer of \(bytes) bytes, more than grocer reads"
            case .notUTF8: return "an XML answer that is not UTF-8"
            case .doctype: return "an XML answer with a DTD, which grocer refuses"
            case .entity(let name): return "an XML answer with the entity &\(SyncText.cleaned(name, limit: 40)); which grocer does not expand"
            case .unboundPrefix(let prefix): return "an XML answer with the undeclared prefix \(SyncText.cleaned(prefix, limit: 40))"
            case .tooDeep: return "an XML answer nested deeper than grocer reads"
            case .tooManyElements: return "an XML answer with more elements than grocer reads"
            case .malformed(let offset, let what): return "an XML answer that is not well-formed at byte \(offset): \(what)"
            }
        }
    }

    /// The document's root element.
    public static func read(_ bytes: some Collection<UInt8>, limits: Limits = .standard) throws(Problem) -> XMLElement {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        var data = Array(bytes)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        guard String(validating: data, as: UTF8.self) != nil else { throw .notUTF8 }
        var parser = Parser(data: data, limits: limits)
        return try parser.document()
    }

    private struct Open {
        var element: XMLElement
        var qualifiedName: [UInt8]
        var scope: [String: String]
    }

    private struct Parser {
        let data: [UInt8]
        let limits: Limits
        var i = 0
        var stack: [Open] = []
        var root: XMLElement?
        var elements = 0

        init(data: [UInt8], limits: Limits) {
            self.data = data
            self.limits = limits
        }

        func malformed(_ what: String) -> Problem { .malformed(offset: i, what) }

        func starts(with text: String) -> Bool { data[i...].starts(with: text.utf8) }

        mutating func skip(past end: String) throws(Problem) {
            let pattern = Array(end.utf8)
            while i < data.count {
                if data[i] == pattern[0], data[i...].starts(with: pattern) {
                    i += pattern.count
                    return
                }
                i += 1
            }
            throw malformed("the answer ends before \(end)")
        }

        mutating func document() throws(Problem) -> XMLElement {
            while i < data.count {
                if data[i] == UInt8(ascii: "<") {
                    try markup()
                } else {
                    let start = i
                    while i < data.count, data[i] != UInt8(ascii: "<") { i += 1 }
                    let text = try resolved(data[start..<i], at: start)
                    if stack.isEmpty {
                        guard text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
                            throw malformed("text outside the root")
                        }
                    } else {
                        stack[stack.count - 1].element.text += text
                    }
                }
            }
            guard stack.isEmpty else { throw malformed("the answer ends inside an element") }
            guard let root else { throw malformed("no element") }
            return root
        }

        mutating func markup() throws(Problem) {
            if starts(with: "<?") { return try skip(past: "?>") }
            if starts(with: "<!--") { return try skip(past: "-->") }
            if starts(with: "<![CDATA[") {
                guard !stack.isEmpty else { throw malformed("CDATA outside the root") }
                i += 9
                let start = i
                try skip(past: "]]>")
                stack[stack.count - 1].element.text += Self.normalised(String(decoding: data[start..<(i - 3)], as: UTF8.self))
                return
            }
            if starts(with: "<!") { throw .doctype }
            if starts(with: "</") {
                i += 2
                let name = self.name()
                spaces()
                guard i < data.count, data[i] == UInt8(ascii: ">") else { throw malformed("a broken end tag") }
                i += 1
                guard let open = stack.popLast(), open.qualifiedName == name else { throw malformed("an end tag that closes nothing open") }
                close(open.element)
                return
            }
            try startTag()
        }

        mutating func close(_ element: XMLElement) {
            if stack.isEmpty { root = element } else { stack[stack.count - 1].element.children.append(element) }
        }

        mutating func startTag() throws(Problem) {
            guard root == nil else { throw malformed("a second root element") }
            i += 1
            let qualifiedName = name()
            guard !qualifiedName.isEmpty else { throw malformed("a tag with no name") }
            var attributes: [([UInt8], String)] = []
            while true {
                let hadSpace = spaces()
                guard i < data.count else { throw malformed("the answer ends inside a tag") }
                if data[i] == UInt8(ascii: ">") || data[i] == UInt8(ascii: "/") { break }
                guard hadSpace else { throw malformed("attributes run together") }
                let attribute = name()
                spaces()
                guard !attribute.isEmpty, i < data.count, data[i] == UInt8(ascii: "=") else { throw malformed("an attribute is not name=\"value\"") }
                i += 1
                spaces()
                guard i < data.count, data[i] == UInt8(ascii: "\"") || data[i] == UInt8(ascii: "'") else { throw malformed("an unquoted attribute") }
                let quote = data[i]
                i += 1
                let start = i
                while i < data.count, data[i] != quote, data[i] != UInt8(ascii: "<") { i += 1 }
                guard i < data.count, data[i] == quote else { throw malformed("an attribute value that does not end") }
                attributes.append((attribute, try resolved(data[start..<i], at: start)))
                i += 1
            }
            let empty = data[i] == UInt8(ascii: "/")
            if empty {
                i += 1
                guard i < data.count, data[i] == UInt8(ascii: ">") else { throw malformed("a broken empty tag") }
            }
            i += 1
            elements += 1
            guard elements <= limits.maximumElements else { throw .tooManyElements }
            guard stack.count < limits.maximumDepth else { throw .tooDeep }
            var scope = stack.last?.scope ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
            var kept: [String: String] = [:]
            for (attribute, value) in attributes {
                let text = String(decoding: attribute, as: UTF8.self)
                if text == "xmlns" {
                    scope[""] = value
                } else if text.hasPrefix("xmlns:") {
                    scope[String(text.dropFirst(6))] = value
                } else {
                    kept[String(text.split(separator: ":").last ?? Substring(text))] = value
                }
            }
            let qualified = String(decoding: qualifiedName, as: UTF8.self)
            let parts = qualified.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
            guard let namespace = scope[prefix] ?? (prefix.isEmpty ? "" : nil) else { throw .unboundPrefix(prefix) }
            let element = XMLElement(namespace: namespace, name: local, attributes: kept)
            if empty { close(element) } else { stack.append(Open(element: element, qualifiedName: qualifiedName, scope: scope)) }
        }

        /// A name's bytes: up to a space, `>`, `/`, `=` or the end.
        mutating func name() -> [UInt8] {
            let start = i
            while i < data.count, ![32, 9, 10, 13, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(data[i]) {
                i += 1
            }
            return Array(data[start..<i])
        }

        @discardableResult mutating func spaces() -> Bool {
            let start = i
            while i < data.count, [32, 9, 10, 13].contains(data[i]) { i += 1 }
            return i > start
        }

        /// Text with its references resolved: the five predefined entities
        /// and `&#N;` / `&#xH;` (a character XML allows); anything else is
        /// refused. Line ends become LF.
        func resolved(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(Problem) -> String {
            let text = Self.normalised(String(decoding: bytes, as: UTF8.self))
            guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
            var out = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].prefix(40).firstIndex(of: ";") else {
                    throw .malformed(offset: offset, "an & that starts no reference")
                }
                let name = rest[rest.index(after: amp)..<semi]
                let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
                if let value = named[name] {
                    out += value
                } else if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    guard let code, let scalar = Unicode.Scalar(code), code >= 0x20 || code == 9 || code == 10 || code == 13,
                        code != 0xFFFE, code != 0xFFFF
                    else { throw .malformed(offset: offset, "a character reference to no character XML allows") }
                    out.unicodeScalars.append(scalar)
                } else {
                    throw .entity(String(name))
                }
                rest = rest[rest.index(after: semi)...]
            }
            return out + rest
        }

        static func normalised(_ text: String) -> String {
            guard text.utf8.contains(13) else { return text }
            return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
    }
}
