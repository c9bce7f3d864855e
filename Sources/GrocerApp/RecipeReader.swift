import Foundation
import GrocerCore

/// How the grocery screen's `R` reads a recipe file (issue 33), handed in
/// by the executable, as `SyncRunner` is: the reader (`items add
/// --recipe`'s, in GrocerExchange) is not GrocerApp's to import. It is
/// given the path as typed and answers the recipe, or one line saying what
/// went wrong and what to do. It runs on the store's worker, in turn.
public struct RecipeReader: Sendable {
    public struct Failure: Error, Equatable, Sendable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    public let read: @Sendable (String) -> Result<GroceryBatch.Recipe, Failure>
    /// What Tab completes a typed path to: whole paths in the form typed,
    /// a folder's ending in "/" (bounded: `PathCompletion`).
    public let complete: @Sendable (String) -> [String]

    public init(
        read: @escaping @Sendable (String) -> Result<GroceryBatch.Recipe, Failure>,
        complete: @escaping @Sendable (String) -> [String] = { _ in [] }
    ) {
        self.read = read
        self.complete = complete
    }
}
