/// A place where things are kept at home ("Fridge", "Pantry").
public struct GroceryPlace: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// An aisle at the shop, at the position the person gave it (smaller first).
public struct GroceryAisle: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let position: Int

    public init(id: Int64, name: String, position: Int) {
        self.id = id
        self.name = name
        self.position = position
    }
}
