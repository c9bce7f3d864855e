// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "grocer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "grocer", targets: ["grocer"]),
        // For bench/exchange-bench, a package of its own.
        .library(name: "GrocerCore", targets: ["GrocerCore"]),
        .library(name: "GrocerExchange", targets: ["GrocerExchange"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", "1.8.0"..<"1.9.0"),
        // The live CalDAV transport (GrocerSyncLive): HTTP/1.1 and TLS on
        // SwiftNIO, which link into the fully static executable.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", "2.101.0"..<"2.102.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNCursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // A few functions of the ICU that Foundation links, for the first
        // frame (GrocerApp's FirstFrameGuess).
        .systemLibrary(name: "CICU"),
        // Linux's epoll and timerfd: the loop waits on every source in one poll.
        .systemLibrary(name: "CLinux"),
        // The sync's password command started under a watcher that ends it
        // with grocer, however grocer ends (GrocerSyncLive's PasswordCommand).
        .target(name: "CSpawn"),
        .target(name: "GrocerCore"),
        .target(
            name: "GrocerStore",
            dependencies: ["GrocerCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(name: "GrocerUI", dependencies: ["GrocerCore"]),
        .target(name: "GrocerExchange", dependencies: ["GrocerCore"]),
        .target(name: "GrocerSync", dependencies: ["GrocerCore"]),
        .target(
            name: "GrocerSyncLive",
            dependencies: [
                "GrocerSync", "CSpawn", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(name: "GrocerSyncEngine", dependencies: ["GrocerCore", "GrocerStore", "GrocerSync"]),
        .target(name: "GrocerTerminal", dependencies: ["CNCursesw", "GrocerUI"]),
        .target(name: "GrocerApp", dependencies: ["GrocerCore", "GrocerStore", "GrocerUI", "GrocerTerminal", "CICU", "CLinux"]),
        .target(
            name: "GrocerCLI",
            dependencies: [
                "GrocerCore", "GrocerStore", "GrocerExchange",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "grocer",
            dependencies: [
                "GrocerCore", "GrocerStore", "GrocerUI", "GrocerTerminal", "GrocerCLI", "GrocerApp", "GrocerExchange",
                "GrocerSync", "GrocerSyncEngine", "GrocerSyncLive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share (a seeded generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GrocerCoreTests", dependencies: ["GrocerCore", "TestSupport"]),
        .testTarget(name: "GrocerStoreTests", dependencies: ["GrocerStore", "GrocerCore", "TestSupport"]),
        .testTarget(name: "GrocerUITests", dependencies: ["GrocerUI", "GrocerCore", "TestSupport"]),
        .testTarget(
            name: "GrocerCLITests",
            dependencies: [
                "grocer", "GrocerCLI", "GrocerCore", "GrocerStore", "GrocerExchange", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GrocerAppTests", dependencies: ["GrocerApp", "GrocerUI", "GrocerCore"]),
        .testTarget(name: "GrocerExchangeTests", dependencies: ["GrocerExchange", "GrocerCore"]),
        .testTarget(name: "GrocerSyncTests", dependencies: ["GrocerSync", "GrocerCore"]),
        .testTarget(name: "GrocerSyncEngineTests", dependencies: ["GrocerSyncEngine", "GrocerSync", "GrocerStore", "GrocerCore"]),
        .testTarget(name: "GrocerSyncLiveTests", dependencies: ["GrocerSyncLive", "GrocerSync", "CSpawn"]),
        .testTarget(name: "GrocerTerminalTests", dependencies: ["GrocerTerminal", "GrocerUI", "CNCursesw"]),
    ],
    swiftLanguageModes: [.v6]
)
