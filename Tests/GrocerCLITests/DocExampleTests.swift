import ArgumentParser
import Foundation
import GrocerStore
import Testing

@testable import grocer

/// Every `grocer ...` line of README.md's `sh` blocks and every `.Dl grocer`
/// line of the man page goes through argument-parser (`Grocer.parseAsRoot`,
/// its validation included, nothing run), so an example that names a
/// command or an option grocer no longer has fails here.
///
/// How the docs write them, and how this reads them:
/// - A trailing `# comment` is left out; a line ending in `\` goes on.
/// - A synopsis line is read in its fullest first form: `[...]` is kept
///   without its brackets, and of `a | b` inside brackets the first;
///   alternatives at the top (`grocer items check ID | uncheck ID`) are
///   each a command, the later ones after the first one's command words
///   (`grocer items uncheck ID`).
/// - A word in capitals (`ID`, `FILE`, `ID...`) is a placeholder, given a
///   sample value from `placeholders`.
/// - A line meant to be refused says so: in README a comment starting
///   `# refused`, in the man page a line `.\" refused` just before the
///   `.Dl`. Such a line must fail to parse.
@Suite struct DocExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Example: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var text: String
        var refused: Bool
        var testDescription: String { "\(file):\(line): \(text)" }
    }

    static let placeholders: [String: String] = [
        "ID": "12", "V": "72.5", "VALUE": "72.5", "U": "kg", "TIME": "2026-01-05 07:30", "TEXT": "after a run", "FILE": "weights.csv",
        "D": "2026-01-01", "N": "flour", "Q": "2", "A": "Baking", "P": "Pantry", "NAME": "Produce", "OLD": "Produce", "NEW": "Fruit",
        "POSITION": "1", "URL": "https://dav.example.org/alice/groceries/", "CMD": "pass show dav/alice", "S": "60", "SHOP": "Market",
        "AISLE": "Produce",
    ]

    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// README.md's `grocer` lines, inside ```sh blocks.
    static func readmeExamples(_ text: String, file: String = "README.md") -> [Example] {
        var examples: [Example] = []
        var inShell = false
        var pending: (line: Int, text: String)?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inShell = trimmed == "```sh"
                continue
            }
            guard inShell else { continue }
            var current: (line: Int, text: String)
            if let before = pending {
                current = (before.line, before.text + " " + trimmed)
            } else {
                guard trimmed.hasPrefix("grocer ") || trimmed == "grocer" else { continue }
                current = (index + 1, trimmed)
            }
            let (code, comment) = split(comment: current.text)
            if code.hasSuffix("\\") {
                pending = (current.line, String(code.dropLast()).trimmingCharacters(in: .whitespaces))
                continue
            }
            pending = nil
            let refused = comment?.hasPrefix("refused") == true
            examples += (expand(code) ?? [unbalanced + code]).map { Example(file: file, line: current.line, text: $0, refused: refused) }
        }
        return examples
    }

    /// The man page's `.Dl grocer ...` lines.
    static func manExamples(_ text: String, file: String = "Resources/grocer.1") -> [Example] {
        var examples: [Example] = []
        var refused = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line == #".\" refused"# {
                refused = true
                continue
            }
            defer { refused = false }
            guard line.hasPrefix(".Dl grocer") else { continue }
            let code = String(line.dropFirst(4)).replacingOccurrences(of: #"\&"#, with: "").replacingOccurrences(of: #"\-"#, with: "-")
                .replacingOccurrences(of: #"\e"#, with: #"\"#)
            examples += (expand(code) ?? [unbalanced + code]).map { Example(file: file, line: index + 1, text: $0, refused: refused) }
        }
        return examples
    }

    static let examples: [Example] = readmeExamples(text("README.md")) + manExamples(text("Resources/grocer.1"))

    /// What an example whose quotes or brackets do not close is read as.
    static let unbalanced = "unbalanced quotes or brackets: "

    @Test(arguments: examples)
    func everyExampleParses(example: Example) {
        guard !example.text.hasPrefix(Self.unbalanced) else {
            Issue.record("\(example.file):\(example.line): \(example.text)")
            return
        }
        let words = self.words(example.text)
        let arguments = Array(words.dropFirst())
        let unknown = arguments.filter { Self.isPlaceholder($0) && Self.placeholders[Self.bare($0)] == nil }
        #expect(unknown.isEmpty, "\(example.testDescription): add a sample value for \(unknown) to DocExampleTests.placeholders")
        let filled = arguments.map { Self.isPlaceholder($0) ? Self.placeholders[Self.bare($0)] ?? $0 : $0 }
        let result = Result { try Grocer.parseAsRoot(filled) }
        let parses: Bool
        switch result {
        case .success: parses = true
        case .failure(let error): parses = Grocer.exitCode(for: error) == .success  // --help, --version
        }
        if example.refused {
            #expect(!parses, "\(example.testDescription): marked refused, but argument-parser takes it")
        } else {
            #expect(parses, "\(example.testDescription): \(result.failureText)")
        }
    }

    @Test func bothDocsHaveExamples() {
        #expect(Self.examples.filter { $0.file == "README.md" }.count > 40)
        #expect(Self.examples.filter { $0.file == "Resources/grocer.1" }.count > 15)
    }

    @Test func theREADMENamesTheFormatsThatAreMigrated() {
        #expect(Self.text("README.md").contains("(format versions 1-\(StoreFormat.currentVersion - 1))"))
    }

    // MARK: Reading the docs' notation

    @Test func aSynopsisLineIsReadInItsFullestFirstForm() {
        #expect(Self.expand("grocer weight goal [VALUE [--unit U] | --clear]") == ["grocer weight goal VALUE --unit U"])
        #expect(Self.expand("grocer weight trend [--range 1w|1m|3m] [--json]") == ["grocer weight trend --range 1w --json"])
        #expect(
            Self.expand("grocer aisles list | add NAME | rename OLD NEW") == [
                "grocer aisles list", "grocer aisles add NAME", "grocer aisles rename OLD NEW",
            ])
        #expect(Self.expand("grocer --help | --version") == ["grocer --help", "grocer --version"])
        #expect(Self.expand("grocer items add 'a | b [c]'") == ["grocer items add 'a | b [c]'"])
        #expect(Self.expand("grocer unit kg | grocer unit lbs") == ["grocer unit kg", "grocer unit lbs"])
        #expect(Self.expand(#"grocer height [5'11" | --clear]"#) == nil)
        #expect(Self.expand(#"grocer height ["5'11\"" | --clear]"#) == [#"grocer height "5'11\"""#])
        #expect(Self.expand("grocer height [71 in") == nil)
    }

    @Test func commentsAndMarksAreRead() {
        let readme = """
            ```sh
            grocer weight add 72.5   # kg
            grocer weight nonsense   # refused: no such command
            grocer sync setup --list URL \\
                              --user alice
            ```
            grocer outside a block
            """
        let examples = Self.readmeExamples(readme, file: "t")
        #expect(examples.map(\.text) == ["grocer weight add 72.5", "grocer weight nonsense", "grocer sync setup --list URL --user alice"])
        #expect(examples.map(\.refused) == [false, true, false])
        let man = Self.manExamples(".Dl grocer unit kg\n.\\\" refused\n.Dl grocer unit \\&.\n", file: "t")
        #expect(man.map(\.text) == ["grocer unit kg", "grocer unit ."])
        #expect(man.map(\.refused) == [false, true])
    }

    /// The line without its `# comment` (outside quotes), and the comment.
    static func split(comment line: String) -> (String, String?) {
        var quote: Character?
        var previous: Character = " "
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if escaped {
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                let rest = line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return (line[..<index].trimmingCharacters(in: .whitespaces), rest)
            }
            previous = character
        }
        return (line.trimmingCharacters(in: .whitespaces), nil)
    }

    /// The commands a synopsis line stands for (see the suite's notes);
    /// nil when a quote or a bracket does not close.
    static func expand(_ line: String) -> [String]? {
        // Each open bracket's alternatives; the top level's are commands.
        var groups: [[String]] = [[""]]
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped || (character == "\\" && quote != "'") {
                escaped = !escaped
                groups[groups.count - 1][groups[groups.count - 1].count - 1].append(character)
                continue
            }
            if let open = quote {
                if character == open { quote = nil }
                groups[groups.count - 1][groups[groups.count - 1].count - 1].append(character)
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                groups[groups.count - 1][groups[groups.count - 1].count - 1].append(character)
            case "[": groups.append([""])
            case "]" where groups.count > 1:
                let first = groups.removeLast()[0]
                groups[groups.count - 1][groups[groups.count - 1].count - 1] += first
            case "|": groups[groups.count - 1].append("")
            default: groups[groups.count - 1][groups[groups.count - 1].count - 1].append(character)
            }
        }
        guard quote == nil, groups.count == 1 else { return nil }
        let alternatives = groups[0].map { $0.split(separator: " ").joined(separator: " ") }
        guard let first = alternatives.first else { return [] }
        // The first one's command words, but its last: `grocer items`.
        let commandWords = first.split(separator: " ").prefix { $0.first?.isLowercase == true }
        let prefix = commandWords.count > 1 ? commandWords.dropLast().joined(separator: " ") : "grocer"
        return [first] + alternatives.dropFirst().map { $0.hasPrefix("grocer ") ? $0 : "\(prefix) \($0)" }
    }

    /// Shell words: quotes ('...', "...") and backslashes as sh reads them.
    func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// `ID`, `FILE`, `ID...`: capitals only (two dots or more after).
    static func isPlaceholder(_ word: String) -> Bool {
        let name = bare(word)
        return !name.isEmpty && name.allSatisfy { $0.isUppercase && $0.isLetter }
    }

    static func bare(_ word: String) -> String {
        word.hasSuffix("...") ? String(word.dropLast(3)) : word
    }
}

extension Result where Failure == any Error {
    fileprivate var failureText: String {
        if case .failure(let error) = self { return Grocer.message(for: error) }
        return ""
    }
}
