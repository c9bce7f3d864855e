/// A component (VCALENDAR, VTODO, VJOURNAL, VALARM, ...) as its ordered
/// lines. Nothing is dropped: properties grocer does not know, nested
/// components (another app's alarm) and even lines that do not parse are
/// kept where they were and written back byte for byte. Grocer changes a
/// component only through `setting(_:to:)`, property by property.
public struct ICalComponent: Equatable, Hashable, Sendable {
    public enum Child: Equatable, Hashable, Sendable {
        case property(ContentLine)
        case component(ICalComponent)
        /// A line that is not `name:value`, kept as it came.
        case unparsed(String)
    }

    /// Upper-cased ("VTODO").
    public let name: String
    public var children: [Child]
    /// The BEGIN and END lines as they came ("BEGIN:VTODO"), so that a
    /// component written back is the same bytes.
    let beginLine: String
    let endLine: String

    public init(name: String, children: [Child] = []) {
        self.name = name.uppercased()
        self.children = children
        self.beginLine = "BEGIN:" + self.name
        self.endLine = "END:" + self.name
    }

    init(name: String, children: [Child], beginLine: String, endLine: String) {
        self.name = name
        self.children = children
        self.beginLine = beginLine
        self.endLine = endLine
    }

    public var properties: [ContentLine] {
        children.compactMap { if case .property(let line) = $0 { line } else { nil } }
    }

    public var components: [ICalComponent] {
        children.compactMap { if case .component(let component) = $0 { component } else { nil } }
    }

    public func properties(named name: String) -> [ContentLine] {
        children.compactMap { if case .property(let line) = $0, line.is(name) { line } else { nil } }
    }

    public func property(_ name: String) -> ContentLine? {
        for case .property(let line) in children where line.is(name) { return line }
        return nil
    }

    public func components(named name: String) -> [ICalComponent] { components.filter { $0.name == name.uppercased() } }

    /// The component with the lines named `name` made `lines`. A line that
    /// holds the same as one already there keeps the one there (its bytes);
    /// the new lines take the place of the first old one, or come after the
    /// last property when there was none. Every other child is untouched.
    public func setting(_ name: String, to lines: [ContentLine]) -> ICalComponent {
        let old = properties(named: name)
        if old.count == lines.count && zip(old, lines).allSatisfy({ $0.holdsSame(as: $1) }) { return self }
        let kept = lines.map { line in old.first { $0.holdsSame(as: line) } ?? line }
        var children: [Child] = []
        var placed = false
        for child in self.children {
            if case .property(let line) = child, line.is(name) {
                if !placed { children += kept.map(Child.property) }
                placed = true
            } else {
                children.append(child)
            }
        }
        if !placed {
            let lastProperty = children.lastIndex { if case .component = $0 { false } else { true } }
            children.insert(contentsOf: kept.map(Child.property), at: lastProperty.map { $0 + 1 } ?? 0)
        }
        var changed = self
        changed.children = children
        return changed
    }

    /// `setting(name, to: [line])`, or no such line when `line` is nil.
    public func setting(_ name: String, to line: ContentLine?) -> ICalComponent {
        setting(name, to: line.map { [$0] } ?? [])
    }

    /// `new` in the place of `old` (`replacing`), or added after the
    /// children when there was none: a mapping's written component put back.
    public func placing(_ new: ICalComponent, over old: ICalComponent?) -> ICalComponent {
        if let old { return replacing(old, with: new) }
        var changed = self
        changed.children.append(.component(new))
        return changed
    }

    /// The component with its first child equal to `old` made `new`.
    public func replacing(_ old: ICalComponent, with new: ICalComponent) -> ICalComponent {
        var changed = self
        if let index = children.firstIndex(of: .component(old)) { changed.children[index] = .component(new) }
        return changed
    }
}
