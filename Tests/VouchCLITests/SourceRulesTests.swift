import Foundation
import Testing

/// Rules about the product's sources and binary that keep it small enough for a scratch image.
@Suite("source rules")
struct SourceRulesTests {
    /// The Foundation modules; any of them pulls megabytes (and ICU, for Foundation itself) into
    /// a static binary.
    static let foundationModules = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]

    /// The `import` lines of `text` that name a Foundation module, in any form Swift accepts
    /// (`@preconcurrency`, `internal import`, `import struct Foundation.Date`, ...).
    static func foundationImports(in text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { return false }
            let path = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(words[1]) && words.count >= 3
                ? words[2] : words[1]
            let module = path.split(separator: ".").first.map(String.init) ?? path
            return foundationModules.contains(module)
        }
    }

    @Test("the recogniser finds every form of a Foundation import, and nothing else")
    func recogniser() {
        let text = """
            import Foundation
              @preconcurrency import FoundationEssentials
            internal import FoundationInternationalization
            import struct Foundation.Date
            // import Foundation (a comment)
            import Glibc
            import FoundationLike
            """
        #expect(Self.foundationImports(in: text) == [
            "import Foundation", "@preconcurrency import FoundationEssentials",
            "internal import FoundationInternationalization", "import struct Foundation.Date",
        ])
    }

    @Test("no file under Sources/ imports Foundation or FoundationEssentials")
    func noFoundation() throws {
        let sources = VouchProcess.projectRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let imports = Self.foundationImports(in: try String(contentsOf: file, encoding: .utf8))
            #expect(imports.isEmpty, "\(file.path) imports \(imports)")
            checked += 1
        }
        #expect(checked > 50, "only \(checked) Swift files found under \(sources.path)")
    }

    @Test("the vouch binary links no Foundation, ICU or argument parser library (dispatch comes with the concurrency runtime)")
    func binaryLinks() throws {
        let ldd = try #require(VouchProcess.which("ldd"), "ldd is not installed")
        let run = try VouchProcess.run(ldd, [VouchProcess.executable.path])
        let forbidden = ["libFoundation", "libicu", "lib_FoundationICU", "ArgumentParser"]
        for name in forbidden { #expect(!run.standardOutput.contains(name), "vouch links \(name):\n\(run.standardOutput)") }
    }

    /// The Swift Glibc overlay's own symbols (mangled names in module `Glibc`). Its wrappers
    /// (`errno`, `open`, `S_IFMT`, ...) live in one object file that refers to every libm function,
    /// so using one of them puts about 85 KB of unused mathematics into the static binary; the
    /// sources call the C library's functions directly (FileSystem).
    @Test("the vouch binary uses no symbol of the Swift Glibc overlay (only the C library's own functions)",
          .disabled(if: VouchProcess.testsAnotherBinary, "reads the dynamic symbols of SwiftPM's own vouch build"))
    func noGlibcOverlay() throws {
        let nm = try #require(VouchProcess.which("nm"), "nm is not installed")
        let run = try VouchProcess.run(nm, ["-D", "--undefined-only", VouchProcess.executable.path])
        let symbols = run.standardOutput.split(separator: "\n").filter { $0.contains("$s5Glibc") }
        #expect(run.standardOutput.contains("fopen"), "nm listed no C library symbol:\n\(run.standardOutput.prefix(500))")
        #expect(symbols.isEmpty, "vouch uses the Glibc overlay: \(symbols.joined(separator: ", "))")
    }
}
