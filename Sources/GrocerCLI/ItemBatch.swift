import Foundation
import GrocerCore
import GrocerExchange

/// Many items at once (issue 33): `grocer items add -` and `--from FILE`
/// (one quick-add line a line, each as if typed), and `--recipe FILE
/// [--servings N]` (a recipe's ingredient lines read by `IngredientLine`,
/// scaled to the servings asked for). Each line becomes an entry to add,
/// or the reason it is skipped (`GroceryBatch`, which the screen's review
/// reads with too); here, the reading of the file.
public enum ItemBatch {
    /// The most a batch file may hold (`RecipeFile.maximumBytes`).
    public static let maximumBytes = RecipeFile.maximumBytes

    /// The bytes of `file` ("-": standard input), at most `maximumBytes`,
    /// or one line saying why not.
    public static func read(_ file: String, standardInput: Int32 = STDIN_FILENO) throws(Failure) -> [UInt8] {
        let stream = try ImportInput.open(file, standardInput: standardInput, verb: "read")
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { throw Failure("cannot read \(file == "-" ? "standard input" : file): it stopped part way. Try again.") }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > maximumBytes {
                throw Failure("\(file == "-" ? "standard input" : file) is larger than \(maximumBytes >> 20) MB; give the list or the recipe alone.")
            }
        }
        return bytes
    }
}
