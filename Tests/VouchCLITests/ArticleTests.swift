import Foundation
import Testing

/// The articles of the DocC catalogues (`Sources/<Module>/<Module>.docc/*.md`) cannot rot: every
/// snippet an article shows is compiled by the build (`Snippets/`) and run here, and what the
/// article says it prints must be what it prints; every `$ vouch …` block must be what the
/// command prints today (all of it, or the lines shown above a final `...`).
@Suite("DocC articles")
struct ArticleTests {
    /// One fenced code block of an article: its lines, and the lines before it (to find the
    /// `@Snippet` it belongs to).
    struct Block {
        let article: String
        let lines: [String]
        let preceding: [String]
    }

    static let modules = ["VouchDER", "VouchX509", "VouchCrypto", "VouchTrust", "VouchPinning"]

    /// Every article of every library catalogue, by path relative to the project root.
    static func articles() throws -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for module in modules {
            let folder = "Sources/\(module)/\(module).docc"
            let directory = VouchProcess.projectRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".md") && name != "\(module).md" {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                found.append(("\(folder)/\(name)", text))
            }
        }
        return found
    }

    /// The fenced blocks of `text`.
    static func blocks(of article: String, _ text: String) -> [Block] {
        var blocks: [Block] = []
        var preceding: [String] = []
        var current: [String]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(Block(article: article, lines: lines, preceding: preceding))
                    preceding = []
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current?.append(line)
            } else {
                preceding.append(line)
            }
        }
        return blocks
    }

    @Test("there are nine articles, and each names its sources")
    func nineArticles() throws {
        let articles = try Self.articles()
        #expect(articles.count == 9, "articles: \(articles.map(\.path))")
        for article in articles {
            #expect(article.text.contains("TestVectors/example") || article.text.contains("example chain"),
                    "\(article.path) does not work on the example chain")
            #expect(article.text.contains("@Snippet(path: \"Vouch/Snippets/"), "\(article.path) shows no compiled code")
        }
    }

    @Test("every snippet prints what its article says it prints")
    func snippetOutputs() throws {
        var checked = 0
        for article in try Self.articles() {
            for block in Self.blocks(of: article.path, article.text) {
                let context = block.preceding.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                guard context.last == "It prints:", let reference = context.dropLast().last,
                      reference.hasPrefix("@Snippet(path: \"Vouch/Snippets/")
                else { continue }
                let name = String(reference.dropFirst("@Snippet(path: \"Vouch/Snippets/".count).prefix { $0 != "\"" })
                let binary = VouchProcess.buildDirectory.appendingPathComponent(name)
                #expect(FileManager.default.isExecutableFile(atPath: binary.path),
                        "snippet \(name) was not built (swift build builds Snippets/)")
                guard FileManager.default.isExecutableFile(atPath: binary.path) else { continue }
                let result = try VouchProcess.run(binary, [])
                #expect(result.status == 0, "\(name): \(result.standardError)")
                let expected = block.lines.joined(separator: "\n") + "\n"
                #expect(result.standardOutput == expected, "\(article.path): the output of snippet \(name) changed")
                checked += 1
            }
        }
        #expect(checked == 9)
    }

    @Test("every `$ vouch …` block shows what vouch prints today")
    func commandOutputs() throws {
        var checked = 0
        for article in try Self.articles() {
            for block in Self.blocks(of: article.path, article.text) {
                guard let first = block.lines.first, first.hasPrefix("$ ") else { continue }
                // `$ vouch ARGS`, or `$ head -c N FILE | vouch ARGS` (the input cut to N bytes).
                var command = String(first.dropFirst(2))
                var input: [UInt8]? = nil
                if command.hasPrefix("head -c "), let bar = command.firstIndex(of: "|") {
                    let words = command[..<bar].split(separator: " ")
                    let count = try #require(words.count == 4 ? Int(words[2]) : nil, "\(article.path): \(first)")
                    let file = VouchProcess.projectRoot.appendingPathComponent(String(words[3]))
                    input = Array(try Data(contentsOf: file).prefix(count))
                    command = command[command.index(after: bar)...].trimmingCharacters(in: .whitespaces)
                }
                guard command.hasPrefix("vouch ") else { continue }
                var rest = block.lines.dropFirst()
                while command.hasSuffix("\\"), let next = rest.first {
                    command = String(command.dropLast()) + " " + next.trimmingCharacters(in: .whitespaces)
                    rest = rest.dropFirst()
                }
                let arguments = command.split(separator: " ").dropFirst().map(String.init)
                let result = try VouchProcess.run(arguments, input: input)
                var printed = result.standardOutput + result.standardError
                var shown = Array(rest)
                if shown.last == "..." {  // the article shows the first lines only
                    shown.removeLast()
                    printed = printed.split(separator: "\n", omittingEmptySubsequences: false).prefix(shown.count)
                        .joined(separator: "\n") + "\n"
                }
                let expected = shown.joined(separator: "\n") + "\n"
                #expect(printed == expected, "\(article.path): `\(command)` prints otherwise now")
                checked += 1
            }
        }
        #expect(checked >= 8)
    }
}
