import Foundation
import Testing

/// The README's "Trust settings, distrust and exceptions" cannot go stale: every `$ …` command of
/// its blocks is run and must print what the README shows, and the documents it uses
/// (`TestVectors/trust-settings/`) are what their README says they are.
///
/// Commands understood: `vouch ARGS` (its standard output and error), `vouch ARGS | jq -c .KEY`
/// (the value of KEY in vouch's one-line JSON, as jq prints it), `echo $?` (the status of the last
/// `vouch`) and `cat FILE`; lines ending in `\` continue on the next.
@Suite("README: trust settings, distrust and exceptions")
struct ReadmeTrustSettingsTests {
    static let heading = "## Trust settings, distrust and exceptions"

    /// One `$ …` command of the section and the lines the README shows after it.
    struct Command: CustomStringConvertible {
        let line: String
        let shown: [String]
        var description: String { line }
    }

    /// The section of the README, from its heading to the next `## `.
    static func section() throws -> String {
        let readme = try String(contentsOf: VouchProcess.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n" + heading + "\n"), "README.md has no section \(heading)")
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The commands of the section's fenced blocks, in order.
    static func commands() throws -> [Command] {
        var commands: [Command] = []
        var inBlock = false
        var pending: (line: String, shown: [String])? = nil
        var continuing = false
        func flush() {
            if let pending { commands.append(Command(line: pending.line, shown: pending.shown)) }
            pending = nil
        }
        for line in try section().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inBlock { flush() }
                inBlock.toggle()
                continuing = false
                continue
            }
            guard inBlock else { continue }
            if continuing, var current = pending {
                current.line = String(current.line.dropLast()) + " " + line.trimmingCharacters(in: .whitespaces)
                pending = current
                continuing = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                flush()
                pending = (String(line.dropFirst(2)), [])
                continuing = line.hasSuffix("\\")
            } else {
                pending?.shown.append(line)
            }
        }
        return commands
    }

    /// The raw text of the value of `key` in one-line JSON `text` (what `jq -c .KEY` prints for
    /// vouch's compact output: the same bytes, member order kept).
    static func jsonValue(_ key: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        let marker = Array("\"\(key)\":".utf8)
        guard let start = (0...(bytes.count - marker.count)).first(where: { Array(bytes[$0..<$0 + marker.count]) == marker })
        else { return nil }
        var index = start + marker.count
        let valueStart = index
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                if depth == 0 { break }
                depth -= 1
                if depth == 0 { index += 1; break }
            } else if byte == UInt8(ascii: ",") && depth == 0 {
                break
            }
            index += 1
        }
        return String(decoding: bytes[valueStart..<index], as: UTF8.self)
    }

    @Test("every command of the section prints what the README shows")
    func commandsPrintWhatIsShown() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 12, "\(commands)")
        var lastStatus: Int32? = nil
        for command in commands {
            var printed: String
            if command.line == "echo $?" {
                let status = try #require(lastStatus, "`echo $?` before any vouch command")
                printed = "\(status)\n"
            } else if command.line.hasPrefix("cat ") {
                let path = String(command.line.dropFirst(4))
                printed = try String(contentsOf: VouchProcess.projectRoot.appendingPathComponent(path), encoding: .utf8)
            } else {
                var line = command.line
                var jqKey: String? = nil
                if let bar = line.range(of: " | jq -c .") {
                    jqKey = String(line[bar.upperBound...])
                    line = String(line[..<bar.lowerBound])
                }
                try #require(line.hasPrefix("vouch "), "not a command this test runs: \(command)")
                let arguments = line.split(separator: " ").dropFirst().map(String.init)
                let result = try VouchProcess.run(arguments)
                lastStatus = result.status
                if let jqKey {
                    let value = try #require(Self.jsonValue(jqKey, in: result.standardOutput), "\(command): no \(jqKey)")
                    printed = value + "\n"
                    if let jq = VouchProcess.which("jq") {  // the real jq agrees, when there is one
                        let real = try VouchProcess.run(jq, ["-c", "." + jqKey], input: Array(result.standardOutput.utf8))
                        #expect(real.standardOutput == printed, "\(command): jq prints \(real.standardOutput)")
                    }
                } else {
                    printed = result.standardOutput + result.standardError
                }
            }
            let expected = command.shown.joined(separator: "\n") + "\n"
            #expect(printed == expected, "README.md: `\(command)` prints otherwise now:\n\(printed)")
        }
    }

    @Test("the three examples are there: SSL-only root (JSON and plist), Deny on the intermediate, exceptions")
    func examplesAreThere() throws {
        let commands = try Self.commands()
        func outcome(_ predicate: (String) -> Bool) -> [String] {
            commands.filter { $0.line.hasPrefix("vouch ") && predicate($0.line) }.map { $0.shown.last ?? "" }
        }
        let proceedJSON = outcome { $0.contains("proxy-root-ssl-only.json") && !$0.contains("--policy basic") && !$0.contains("distrust") }
        #expect(proceedJSON == ["trusted (proceed) at 2026-06-01T00:00:00Z"])
        let proceedPlist = outcome { $0.contains("proxy-root-ssl-only.plist") }
        #expect(proceedPlist == ["trusted (proceed) at 2026-06-01T00:00:00Z"])
        let basic = outcome { $0.contains("--policy basic") }
        #expect(basic.count == 1 && basic[0].hasPrefix("not trusted: recoverableTrustFailure"))
        let denied = outcome { $0.contains("distrust-intermediate.json") }
        #expect(denied == ["not trusted: deny, errSecTrustSettingDeny (-67654) at 2026-06-01T00:00:00Z"])
        let excepted = outcome { $0.contains("selfsigned-leaf.der") && $0.contains("--exceptions") }
        #expect(excepted == ["trusted (proceed) at 2026-06-01T00:00:00Z"])
        // Exit statuses: proceed 0, deny and the refused exceptions 1.
        for command in commands where command.line.hasPrefix("vouch ") && !command.line.contains("| jq") {
            let result = try VouchProcess.run(command.line.split(separator: " ").dropFirst().map(String.init))
            let trusted = command.shown.last?.hasPrefix("trusted") == true
            #expect(result.status == (trusted ? 0 : 1), "\(command)")
        }
    }

    @Test("--json of the denied chain: result deny, status -67654, the admin's Deny among trust_decisions")
    func deniedJSON() throws {
        let command = try #require(try Self.commands().first { $0.line.contains("distrust-intermediate.json") })
        let result = try VouchProcess.run(command.line.split(separator: " ").dropFirst().map(String.init) + ["--json"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any] ?? [:]
        #expect(object["result"] as? String == "deny")
        #expect(object["status"] as? Int == -67654)
        #expect(object["error"] as? String == "errSecTrustSettingDeny")
        let decisions = object["trust_decisions"] as? [[String: Any]] ?? []
        #expect(decisions.contains { $0["kind"] as? String == "denied" && $0["domain"] as? String == "admin" && $0["index"] as? Int == 1 })
        #expect(decisions.contains { $0["kind"] as? String == "anchored" && $0["domain"] as? String == "user" && $0["index"] as? Int == 2 })
    }

    @Test("the shipped exceptions file is the array the README's jq line prints")
    func exceptionsFile() throws {
        let command = try #require(try Self.commands().first { $0.line.contains("| jq -c .exceptions") })
        let shown = try #require(command.shown.first)
        let file = VouchProcess.projectRoot.appendingPathComponent("TestVectors/trust-settings/selfsigned-leaf-exceptions.json")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? NSArray
        let printed = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? NSArray
        #expect(stored != nil && stored == printed)
    }

    @Test("the plist is laid out as security trust-settings-export writes it, for the root")
    func plistLayout() throws {
        let folder = VouchProcess.projectRoot.appendingPathComponent("TestVectors/trust-settings")
        let text = try String(contentsOf: folder.appendingPathComponent("proxy-root-ssl-only.plist"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(5)) == [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#, "<dict>", "\t<key>trustList</key>",
        ])
        #expect(Array(lines.suffix(5)) == ["\t<key>trustVersion</key>", "\t<integer>1</integer>", "</dict>", "</plist>", ""])
        #expect(text.contains("\t\t<key>C155C3324D2FA1DB875493DC8FC2287C5ED31858</key>\n\t\t<dict>\n\t\t\t<key>issuerName</key>\n\t\t\t<data>\n"))
        #expect(text.contains("\t\t\t\t\t<key>kSecTrustSettingsPolicy</key>\n\t\t\t\t\t<data>\n\t\t\t\t\tKoZIhvdjZAED\n\t\t\t\t\t</data>\n"
            + "\t\t\t\t\t<key>kSecTrustSettingsPolicyName</key>\n\t\t\t\t\t<string>sslServer</string>\n"
            + "\t\t\t\t\t<key>kSecTrustSettingsResult</key>\n\t\t\t\t\t<integer>1</integer>\n"))
        #expect(text.contains("\t\t\t<key>modDate</key>\n\t\t\t<date>2026-05-20T09:30:00Z</date>\n"))
        // Indentation is tabs only; base64 lines are at most 76 - 8 x depth characters (CoreFoundation).
        for line in lines.dropFirst(3) where !line.isEmpty {
            let tabs = line.prefix { $0 == "\t" }.count
            #expect(line.dropFirst(tabs).first != " ", "\(line)")
            if !line.contains("<") { #expect(line.count - tabs <= 76 - 8 * tabs, "\(line)") }
        }
        // issuerName is the DER of the root's issuer Name, serialNumber its serial's content octets:
        // both are in root.der, the serial after its INTEGER header.
        let root = try [UInt8](Data(contentsOf: VouchProcess.projectRoot.appendingPathComponent("TestVectors/sectrust/certs/root.der")))
        func data(after key: String) throws -> [UInt8] {
            let range = try #require(text.range(of: "<key>\(key)</key>\n\t\t\t<data>\n"))
            let end = try #require(text[range.upperBound...].range(of: "</data>"))
            let base64 = text[range.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
            return try [UInt8](#require(Data(base64Encoded: String(base64))))
        }
        func contains(_ needle: [UInt8]) -> Bool {
            root.count >= needle.count && (0...(root.count - needle.count)).contains { Array(root[$0..<$0 + needle.count]) == needle }
        }
        let issuer = try data(after: "issuerName")
        #expect(issuer.first == 0x30 && contains(issuer))
        let serial = try data(after: "serialNumber")
        #expect(serial.count == 16 && contains([0x02, UInt8(serial.count)] + serial))
    }
}
