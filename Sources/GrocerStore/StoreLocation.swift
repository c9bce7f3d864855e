import Foundation

/// Where the store lives: --store PATH, else $GROCER_STORE, else
/// $XDG_DATA_HOME/grocer/grocer.sqlite (default ~/.local/share).
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return absolute(explicit, environment) }
        if let env = environment["GROCER_STORE"], !env.isEmpty { return absolute(env, environment) }
        return dataHome(environment).appendingPathComponent("grocer/grocer.sqlite")
    }

    /// Refuses a store path that names anything but a regular file (or a
    /// link to one) or nothing: a folder, a device, a FIFO, a socket, a link
    /// to nothing. Nothing is opened, so a FIFO cannot block.
    public static func requireFileOrMissing(_ url: URL) throws {
        try FileSystem.requireFileOrMissing(FileSystem.resolveStorePath(url.path))
    }

    /// $XDG_DATA_HOME or ~/.local/share.
    public static func dataHome(_ environment: [String: String]) -> URL {
        xdg("XDG_DATA_HOME", default: ".local/share", environment)
    }

    /// $XDG_STATE_HOME or ~/.local/state: logs live here.
    public static func stateHome(_ environment: [String: String]) -> URL {
        xdg("XDG_STATE_HOME", default: ".local/state", environment)
    }

    private static func xdg(_ name: String, default relative: String, _ environment: [String: String]) -> URL {
        if let value = environment[name], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(relative, isDirectory: true)
    }

    private static func absolute(_ path: String, _ environment: [String: String]) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        if path == "~" || path.hasPrefix("~/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            return URL(fileURLWithPath: home + path.dropFirst())
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    }
}
