import ArgumentParser
import Foundation
import GrocerCore
import GrocerStore

/// `grocer items ...`: the grocery list, for scripts and tests.
struct ItemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "The grocery list.",
        subcommands: [List.self])

    /// `grocer items list [--json]`: every item sorted by id.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every grocery item, sorted by id.")

        @OptionGroup var store: StoreOptions

        @Flag(name: .long, help: "Print a JSON array of objects with id, name, quantity, unit (name or null), listed and collected.")
        var json = false

        func run() throws {
            let url = store.url
            let opened: Store
            do {
                opened = try Store.open(at: url)
            } catch let error as StoreError {
                FileHandle.standardError.write(Data("grocer: \(error.localizedDescription)\n".utf8))
                throw ExitCode(error.exitCode)
            }
            defer { try? opened.close() }
            var out = OutputBuffer()
            if json { out.write("[") }
            var first = true
            try opened.forEachItem { item in
                if json {
                    out.write(first ? "\n  " : ",\n  ")
                    out.write(ItemJSON.object(item))
                } else {
                    let unit = item.unit.map { " \($0.name)" } ?? ""
                    let marks = (item.listed ? "listed" : "-") + (item.collected ? ", collected" : "")
                    out.write("\(item.id)\t\(item.quantity)\(unit)\t\(item.name)\t\(marks)\n")
                }
                first = false
            }
            if json { out.write(first ? "]\n" : "\n]\n") }
            out.flush()
        }
    }
}

/// One item as a JSON object, keys in a fixed order.
enum ItemJSON {
    static func object(_ item: GroceryItem) -> String {
        let unit = item.unit.map { string($0.name) } ?? "null"
        return "{\"id\": \(item.id), \"name\": \(string(item.name)), \"quantity\": \(item.quantity), \"unit\": \(unit), \"listed\": \(item.listed), \"collected\": \(item.collected)}"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Buffers stdout in 64 KiB chunks: a big list prints fast, memory flat.
struct OutputBuffer {
    private var buffer = ""
    mutating func write(_ s: String) {
        buffer += s
        if buffer.utf8.count >= 65_536 { flush() }
    }
    mutating func flush() {
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}
