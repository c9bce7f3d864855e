/// A screen's name in navigation. Each screen file declares its own
/// (`extension Route { static let tip = Route("tip") }`) and the registry
/// says how to make the screen.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}
