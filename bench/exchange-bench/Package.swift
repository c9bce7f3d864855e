// swift-tools-version:6.0
// The exchange benchmark, a package of its own so that building grocer
// never builds it (nor CSV.swift, which only it uses: it measures CSV.swift
// beside GrocerExchange's own reader). Build and run from this folder:
//   swift build -c release && .build/release/exchange-bench export csv DB OUT
import PackageDescription

let package = Package(
    name: "exchange-bench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "grocer", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "exchange-bench",
            dependencies: [
                .product(name: "GrocerExchange", package: "grocer"), .product(name: "GrocerCore", package: "grocer"),
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "CSV", package: "CSV.swift"),
            ],
            path: "Sources"
        )
    ],
    swiftLanguageModes: [.v6]
)
