import Foundation
import Testing

/// The explorer pages as a person sees them: each page is opened in headless Chromium (Debian's
/// `chromium`, which `scripts/setup --tests` installs), a node is selected through the URL
/// fragment `#doc=N&select=OFFSET`, and the DOM the page's script built is read back: the tree
/// and the trace are there, and exactly the node's header and content bytes are highlighted.
/// Screenshots go to `.build/explorer/` (`scripts/explorer-check --images` copies two to docs/images).
@Suite("explorer in Chromium",
       .enabled(if: Chromium.path != nil,
                "chromium is not installed (Debian's `chromium` package; scripts/setup --tests installs it): the browser test cannot run"))
struct ExplorerBrowserTests {
    static let output = VouchProcess.projectRoot.appendingPathComponent(".build/explorer")
    /// How long one page may take to load and render before the test gives up on the browser.
    static let browserTimeout: TimeInterval = 60

    /// Runs `vouch` with `arguments` and writes what it prints to `.build/explorer/NAME.html`.
    static func page(_ name: String, _ arguments: [String], status: Int32 = 0) throws -> URL {
        let run = try VouchProcess.run(arguments)
        #expect(run.status == status, "\(arguments): \(run.standardError)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let file = output.appendingPathComponent(name + ".html")
        try run.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Loads `file` with `fragment` in headless Chromium and returns the DOM after its scripts
    /// ran (or, with `screenshot`, saves a PNG of the window instead and returns "").
    static func browse(_ file: URL, fragment: String = "", screenshot: String? = nil,
                       size: String = "1400,900") throws -> (dom: String, seconds: Double) {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                         "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--window-size=\(size)"]
        if let screenshot {
            arguments.append("--screenshot=\(output.appendingPathComponent(screenshot + ".png").path)")
        } else {
            arguments.append("--dump-dom")
        }
        arguments.append(file.absoluteString + fragment)
        let process = Process()
        process.executableURL = Chromium.path
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let start = Date()
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + browserTimeout, execute: watchdog)
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        return (dom, Date().timeIntervalSince(start))
    }

    /// The `data-` attributes the page's script set on `<body>`.
    static func bodyData(_ dom: String) -> [String: String] {
        guard let open = dom.range(of: "<body"), let close = dom.range(of: ">", range: open.upperBound..<dom.endIndex) else { return [:] }
        var attributes: [String: String] = [:]
        let tag = String(dom[open.upperBound..<close.lowerBound])
        for part in tag.components(separatedBy: "\" ") {
            let pair = part.trimmingCharacters(in: .whitespaces).components(separatedBy: "=\"")
            guard pair.count == 2, pair[0].hasPrefix("data-") else { continue }
            attributes[String(pair[0].dropFirst(5))] = pair[1].replacingOccurrences(of: "\"", with: "")
        }
        return attributes
    }

    /// The offsets of the hex-dump bytes that carry `cls` (`hh` header, `hc` content, `err`).
    static func bytes(_ dom: String, _ cls: String) -> [Int] {
        let marker = "<span class=\"b \(cls)\" data-o=\""
        return dom.components(separatedBy: marker).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    static func occurrences(_ dom: String, _ text: String) -> Int { dom.components(separatedBy: text).count - 1 }

    @Test("inspect page: the tree is drawn, and selecting a node highlights exactly its bytes")
    func inspectSelection() throws {
        let file = try Self.page("inspect", ["inspect", "--html", "TestVectors/example/leaf.der"])
        let (dom, seconds) = try Self.browse(file, fragment: "#doc=0&select=143")
        let body = Self.bodyData(dom)
        #expect(body["ready"] == "true", "the page's script did not finish (CSP hash or script error)")
        #expect(body["tree-nodes"] == "79")
        #expect(Self.occurrences(dom, "<div class=\"node") == 79)
        #expect(body["selected-field"] == "tbsCertificate.validity.notAfter")
        #expect(body["selected-start"] == "143" && body["selected-end"] == "158")
        #expect(Self.bytes(dom, "hh") == [143, 144])
        #expect(Self.bytes(dom, "hc") == Array(145..<158))
        #expect(dom.contains("RFC 5280 §4.1.2.5"))

        let root = try Self.browse(file, fragment: "#select=0").dom
        #expect(Self.bytes(root, "hh") == Array(0..<4))
        #expect(Self.bytes(root, "hc") == Array(4..<559))
        // A node inside an extension's OCTET STRING: the page's own data says where it is.
        let page = try String(contentsOf: file, encoding: .utf8)
        let nodes = try ExplorerPageTests.nodes(try ExplorerPageTests.data(page))
        let names = ExplorerPageTests.fieldNames(nodes)
        let dnsName = try #require(names.firstIndex(of: "tbsCertificate.extensions.subjectAltName.extnValue.GeneralNames.dNSName"))
        let offset = try #require(nodes[dnsName][0] as? Int), header = try #require(nodes[dnsName][1] as? Int)
        let length = try #require(nodes[dnsName][2] as? Int)
        let inner = try Self.browse(file, fragment: "#select=\(offset)").dom
        #expect(Self.bodyData(inner)["selected-field"] == names[dnsName])
        #expect(Self.bytes(inner, "hh") == Array(offset..<offset + header))
        #expect(Self.bytes(inner, "hc") == Array(offset + header..<offset + header + length))
        _ = try Self.browse(file, fragment: "#doc=0&select=143", screenshot: "inspect")
        print("explorer: inspect page loaded and selected in \(String(format: "%.2f", seconds)) s")
    }

    @Test("verify page: the verdict, the check tables with the failure and its reason, the trace, the bytes")
    func verifyPage() throws {
        let arguments = ["verify", "--html", "TestVectors/example/chain.pem", "--anchors", "TestVectors/example/root.pem",
                         "--at", "2026-06-01T00:00:00Z"]
        let trusted = try Self.page("verify-trusted", arguments + ["--host", "example.com"])
        let trustedDOM = try Self.browse(trusted).dom
        #expect(trustedDOM.contains("✓ Trusted"))
        #expect(Self.occurrences(trustedDOM, "<tr class=\"fail\">") == 0)

        let file = try Self.page("verify", arguments + ["--host", "wrong.example"], status: 1)
        let dom = try Self.browse(file, fragment: "#doc=1&select=0").dom
        let body = Self.bodyData(dom)
        #expect(body["ready"] == "true")
        #expect(dom.contains("✗ Not trusted"))
        #expect(dom.contains("errSecHostNameMismatch"))
        #expect(Int(body["trace-events"] ?? "") ?? 0 >= 4)
        #expect(Self.occurrences(dom, "<ol class=\"trace\">") == 1)
        #expect(Int(body["checks"] ?? "") ?? 0 >= 40)
        #expect(Self.occurrences(dom, "<tr class=\"fail\">") == 1)
        #expect(dom.contains("<td class=\"name\">SSLHostname</td>"))
        #expect(body["selected-doc"] == "1" && body["selected-start"] == "0")
        #expect(Self.bytes(dom, "hh") == Array(0..<4))
        _ = try Self.browse(file, screenshot: "verify", size: "1400,1000")
    }

    @Test("hostile input: markup stays text, and a too-deep input shows its error offset")
    func hostile() throws {
        let names = try Self.page("script-name", ["inspect", "--html", "TestVectors/explorer/script-name.pem"])
        let dom = try Self.browse(names, fragment: "#select=0").dom
        #expect(Self.bodyData(dom)["ready"] == "true")
        #expect(Self.occurrences(dom, "<script") == 2, "only the data block and the page's script")
        #expect(!dom.contains("<b>bold</b>"))
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))

        let deep = try Self.page("deep", ["inspect", "--html", "TestVectors/explorer/deep.der"], status: 2)
        let deepDOM = try Self.browse(deep).dom
        let body = Self.bodyData(deepDOM)
        #expect(body["ready"] == "true" && body["error-offset"] == "64")
        #expect(Self.bytes(deepDOM, "err") == [64])
        #expect(deepDOM.contains("DER error at offset 64: nesting deeper than 32 levels"))
        _ = try Self.browse(deep, screenshot: "deep")
    }

    @Test("a 300-certificate bundle loads quickly and opens its last certificate",
          .enabled(if: FileManager.default.fileExists(atPath: ExplorerPageTests.bundle), "no system bundle: run scripts/setup"))
    func largeBundle() throws {
        let pem = try ExplorerPageTests.bundleOf300()
        defer { try? FileManager.default.removeItem(at: pem) }
        let file = try Self.page("bundle-300", ["inspect", "--html", pem.path])
        let (dom, seconds) = try Self.browse(file, fragment: "#doc=299&select=0")
        let body = Self.bodyData(dom)
        #expect(body["ready"] == "true" && body["documents"] == "300" && body["selected-doc"] == "299")
        #expect(Self.occurrences(dom, "<div class=\"node") == Int(body["tree-nodes"] ?? ""))
        #expect(seconds < 30)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        print("explorer: 300-certificate page, \(size / 1024) KiB, loaded with certificate 300 selected in \(String(format: "%.2f", seconds)) s")
    }
}

/// Where Debian's `chromium` is, if it is installed.
enum Chromium {
    static let path = VouchProcess.which("chromium") ?? VouchProcess.which("chromium-browser")
}
