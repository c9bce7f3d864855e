import Foundation
import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where the store lives: --store PATH, else $GROCER_STORE, else
/// $XDG_DATA_HOME/grocer/grocer.sqlite (default ~/.local/share).
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: Environment) -> URL {
        URL(fileURLWithPath: resolvePath(explicit: explicit, environment: environment))
    }

    /// `resolve`'s path, put together as plain text: the interactive launch
    /// needs it before its first frame, where building URLs (and asking
    /// FileManager for the working folder) cost more than everything else
    /// about the store.
    public static func resolvePath(explicit: String?, environment: Environment) -> String {
        if let explicit, !explicit.isEmpty { return absolute(explicit, environment) }
        if let env = environment["GROCER_STORE"], !env.isEmpty { return absolute(env, environment) }
        return join(dataHomePath(environment), "grocer/grocer.sqlite")
    }

    /// Refuses a store path that names anything but a regular file (or a
    /// link to one) or nothing: a folder, a device, a FIFO, a socket, a link
    /// to nothing. Nothing is opened, so a FIFO cannot block.
    public static func requireFileOrMissing(_ url: URL) throws {
        try FileSystem.requireFileOrMissing(FileSystem.resolveStorePath(url.path))
    }

    /// $XDG_DATA_HOME or ~/.local/share.
    public static func dataHome(_ environment: Environment) -> URL {
        URL(fileURLWithPath: dataHomePath(environment), isDirectory: true)
    }

    /// $XDG_STATE_HOME or ~/.local/state: logs live here.
    public static func stateHome(_ environment: Environment) -> URL {
        URL(fileURLWithPath: stateHomePath(environment), isDirectory: true)
    }

    public static func dataHomePath(_ environment: Environment) -> String {
        xdg("XDG_DATA_HOME", default: ".local/share", environment)
    }

    public static func stateHomePath(_ environment: Environment) -> String {
        xdg("XDG_STATE_HOME", default: ".local/state", environment)
    }

    /// `folder` and `rest` with one "/" between them.
    public static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }

    private static func xdg(_ name: String, default relative: String, _ environment: Environment) -> String {
        if let value = environment[name], value.hasPrefix("/") { return value }
        return join(home(environment), relative)
    }

    /// $HOME, else the password database's (through Foundation).
    private static func home(_ environment: Environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    private static func absolute(_ path: String, _ environment: Environment) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
        return join(workingFolder(), path)
    }

    /// The working folder from the C library; Foundation's when that fails.
    private static func workingFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
        defer { free(folder) }
        return String(cString: folder)
    }
}
