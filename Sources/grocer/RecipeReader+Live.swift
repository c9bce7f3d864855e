import GrocerApp
import GrocerCLI
import GrocerCore

extension RecipeReader {
    /// The grocery screen's `R` reads as `items add --recipe` does
    /// (`RecipeFileInput`), `~` from the environment's HOME.
    static func live(environment: Environment) -> RecipeReader {
        let home = environment["HOME"]
        return RecipeReader(
            read: { path in
                do throws(GrocerCLI.Failure) {
                    return .success(try RecipeFileInput.read(path, home: home))
                } catch {
                    return .failure(RecipeReader.Failure(error.description))
                }
            },
            complete: { PathCompletion.candidates(for: $0, home: home) })
    }
}
