/// `grocer sync setup`'s look at one collection: it must be a calendar
/// collection that takes the component grocer writes there; a missing one
/// is made (MKCALENDAR) for that component alone. Answers one line of what
/// it found, for the person.
public enum CollectionSetup {
    public static func prepare(_ client: DAVClient, for component: DAVClient.Component, displayName: String)
        async throws(DAVFailure) -> String
    {
        if let facts = try await client.facts() { return try described(facts, component: component, made: false) }
        try await client.makeCollection(component, displayName: displayName)
        guard let facts = try await client.facts() else {
            throw .nonsense("the collection made at \(client.collection.url) is not there")
        }
        return try described(facts, component: component, made: true)
    }

    static func described(_ facts: CollectionFacts, component: DAVClient.Component, made: Bool) throws(DAVFailure) -> String {
        guard facts.isCalendar else {
            throw .nonsense("\(component == .todo ? "the list" : "the weights") need a calendar collection, and this URL is not one")
        }
        // An empty set: the server did not say, which means any kind.
        guard facts.components.isEmpty || facts.components.contains(component.rawValue) else {
            throw .nonsense(
                "this collection takes only \(facts.components.joined(separator: ", ")), not \(component.rawValue); give another URL")
        }
        let name = facts.displayName.map { " \"\($0)\"" } ?? ""
        let tokens = facts.syncToken == nil ? ", without sync tokens (each sync lists it whole)" : ""
        return (made ? "made the collection" : "found the collection") + name + " for \(component == .todo ? "to-dos" : "journal entries")" + tokens
    }
}
