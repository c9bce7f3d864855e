import Foundation

/// What Tab completes a typed path to on the recipe prompt (`R`, issue
/// 33): the files and folders in the typed path's folder whose names
/// start with its last part, each as the whole path in the form typed (a
/// leading `~` kept, and expanded to `home` to look), a folder's with a
/// "/" after it; sorted. At most `limit` entries of the folder are read (a
/// folder of a million files is not listed whole); a hidden one only when
/// the part typed starts with "."; a folder that cannot be read gives none.
public enum PathCompletion {
    /// How many entries of one folder are read at most.
    public static let limit = 2_000

    public static func candidates(for typed: String, home: String?, limit: Int = limit) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let folderTyped = slash.map { String(typed[...$0]) } ?? ""
        let part = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var folder = folderTyped.isEmpty ? "." : folderTyped
        if folder == "~/" || folder.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return [] }
            folder = home + "/" + folder.dropFirst(2)
        }
        guard
            let entries = FileManager.default.enumerator(
                at: URL(fileURLWithPath: folder, isDirectory: true), includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsSubdirectoryDescendants])
        else { return [] }
        var found: [String] = []
        var read = 0
        while read < limit, let url = entries.nextObject() as? URL {
            read += 1
            let name = url.lastPathComponent
            guard name.hasPrefix(part), part.hasPrefix(".") || !name.hasPrefix(".") else { continue }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            found.append(folderTyped + name + (isFolder ? "/" : ""))
        }
        return found.sorted()
    }
}
