// Times GrocerCore's grocery filter, completion and list building on 10,000
// names (and list building on 100,000), outside the test suite (no
// wall-clock limits in tests). Run:
//   swiftc -O -parse-as-library -module-name GrocerCore Sources/GrocerCore/GroceryItem.swift \
//     Sources/GrocerCore/{JSONString,VisibleText,TextWidth}.swift \
//     Sources/GrocerCore/Grocery/*.swift bench/grocery-filter.swift -o /tmp/grocery-filter && /tmp/grocery-filter
import Foundation

@main enum GroceryFilterBench {
    static func time(_ label: String, runs: Int = 20, _ body: () -> Int) {
        var best = Double.infinity, result = 0
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            result = body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let padded = label.padding(toLength: 44, withPad: " ", startingAt: 0)
        print(padded + String(format: "%8.3f ms (best of %d; result %d)", best, runs, result))
    }

    static func main() {
        let words = ["Crème", "fraîche", "milk", "Straße", "apples", "Äpfel", "flour", "bread", "oat", "İstanbul", "yeast", "sugar"]
        var names: [String] = []
        for i in 0..<10_000 { names.append("\(words[i % words.count]) \(words[(i / 7) % words.count]) \(i)") }
        let locale = Locale(identifier: "de_DE")
        time("fold 10,000 names (NameFilter.init)", runs: 3) { NameFilter(names: names, locale: locale).count }
        let ascii = names.map { $0.folding(options: .diacriticInsensitive, locale: locale).replacingOccurrences(of: "ß", with: "ss") }
        time("fold 10,000 ASCII names", runs: 3) { NameFilter(names: ascii, locale: locale).count }
        let filter = NameFilter(names: names, locale: locale)
        time("filter 10,000 by \"cr\"") { filter.matches("cr").count }
        time("filter 10,000 by \"zz\" (no match)") { filter.matches("zz").count }
        time("filter 100 by \"cr\"") { NameFilter(names: Array(names.prefix(100)), locale: locale).matches("cr").count }
        let completer = NameCompleter(candidates: names.enumerated().map { .init(name: $1, recency: Int64($0)) }, locale: locale)
        time("complete \"2 kg fl\" over 10,000") { completer.complete("2 kg fl", knownUnits: []).map { $0.text.count } ?? 0 }
        let items = names.enumerated().map { i, n in
            GroceryItem(id: Int64(i), name: n, quantity: 1, unit: nil, listed: i % 3 == 0, collected: i % 5 == 0,
                        place: GroceryPlace(id: Int64(i % 8), name: "place \(i % 8)"),
                        aisle: i % 11 == 0 ? nil : GroceryAisle(id: Int64(i % 20), name: "aisle \(i % 20)", position: i % 20))
        }
        time("Prepare sections of 10,000", runs: 3) { GroceryLists.prepare(items, locale: locale).count }
        time("Shop sections of 10,000", runs: 3) { GroceryLists.shop(items, locale: locale).count }
        time("Prepare sections of 100", runs: 3) { GroceryLists.prepare(Array(items.prefix(100)), locale: locale).count }
        // Natural order: numbers by value, over 100,000 names that differ by one.
        let numbered = (0..<100_000).map { i in
            GroceryItem(id: Int64(i), name: "item \((i * 7_919) % 100_000)", quantity: 1, unit: nil, listed: true, collected: false)
        }
        time("Prepare sections of 100,000 \"item N\"", runs: 3) { GroceryLists.prepare(numbered, locale: locale)[0].items.count }
    }
}
