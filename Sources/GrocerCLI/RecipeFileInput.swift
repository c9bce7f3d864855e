import Foundation
import GrocerCore
import GrocerExchange

#if canImport(Glibc)
    import Glibc
#endif

/// The recipe file the grocery screen's `R` names (issue 33), read as
/// `items add --recipe` reads one (`ItemBatch.read`, `RecipeFile.read`:
/// the same size bound, nothing fetched), or one line saying why not. The
/// path is as typed: a leading `~` is the home folder. Only a regular file
/// is read: a pipe, a device or the terminal would wait for ever, and `-`
/// is a file's name here, not standard input.
public enum RecipeFileInput {
    public static func read(_ typed: String, home: String?) throws(Failure) -> GroceryBatch.Recipe {
        let path = expanded(typed, home: home)
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure("Cannot read \(path): \(errno == ENOENT ? "there is no such file" : String(cString: strerror(errno))). Check the path.")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure("Cannot read \(path): it is not a file. Give a recipe file's path.") }
        let bytes = try ItemBatch.read(path == "-" ? "./-" : path)
        do {
            return try RecipeFile.read(bytes)
        } catch {
            throw Failure(error.message)
        }
    }

    /// `~` and `~/...` from `home`; anything else as typed.
    public static func expanded(_ typed: String, home: String?) -> String {
        guard let home, !home.isEmpty, typed == "~" || typed.hasPrefix("~/") else { return typed }
        return home + typed.dropFirst()
    }
}
