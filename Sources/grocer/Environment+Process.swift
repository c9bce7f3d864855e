import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The edge: this process's environment, which GrocerCore never reads
/// itself. Each variable is asked of the C library when it is needed.
extension Environment {
    static var process: Environment {
        Environment(lookup: { name in getenv(name).map { String(cString: $0) } })
    }
}
