/// What grocer's arguments ask for, told without argument-parser: the
/// screen (no arguments, or only `--store PATH` / `--store=PATH`), or a
/// command for argument-parser to parse. The usual launch, `grocer` alone,
/// thus never builds argument-parser's command tree, whose reflection is
/// costly before the first frame (docs/MEASURED.md). A test holds every answer
/// to argument-parser's own (`parseAsRoot`).
public enum LaunchArguments: Equatable, Sendable {
    /// The interactive screen, on the store named (nil: the default one).
    case screen(store: String?)
    /// Anything else: argument-parser parses it.
    case command

    /// `arguments` as argv holds them, the program's name first.
    public static func read(_ arguments: [String]) -> LaunchArguments {
        let rest = arguments.dropFirst()
        if rest.isEmpty { return .screen(store: nil) }
        if rest.count == 2, rest.first == "--store", let path = rest.last, !path.hasPrefix("-") { return .screen(store: path) }
        if rest.count == 1, let only = rest.first, only.hasPrefix("--store="), only.count > 8 {
            return .screen(store: String(only.dropFirst(8)))
        }
        return .command
    }

    /// This process's, read from argv: `CommandLine.arguments` copies every
    /// argument into an array first, which `grocer` alone does not need
    /// before its first frame.
    public static func ofThisProcess() -> LaunchArguments {
        let count = Int(CommandLine.argc)
        if count <= 1 { return .screen(store: nil) }
        guard count <= 3 else { return .command }
        return read((0..<count).map { CommandLine.unsafeArgv[$0].map { String(cString: $0) } ?? "" })
    }
}
