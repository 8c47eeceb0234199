import VouchCrypto
import VouchDER
import VouchJSON

/// The explorer page `inspect --html` and `verify --html` print: one self-contained HTML document.
///
/// Nothing is loaded from anywhere: the style and the script are inline, and the
/// Content-Security-Policy allows exactly those two (by their SHA-256) and nothing else: no
/// network, no other script, no frame, no form. Input reaches the page only as JSON inside a
/// non-executed `<script type="application/json">` block, with `<`, `>` and `&` written as
/// `\u003c`, `\u003e` and `\u0026` so no input can close the block; the few strings written as
/// markup (the title) go through ``escape(_:)``.
enum ExplorerPage {
    /// The whole page.
    ///
    /// - Parameters:
    ///   - title: what the page is about (`vouch inspect: chain.pem`), shown as text.
    ///   - documents: the documents of the explorer, in order.
    ///   - omitted: documents left out by ``ExplorerLimits/maximumDocuments``.
    ///   - trust: ``ExplorerTrust/json(_:events:rows:policy:)`` for `verify`, or nil.
    ///   - problems: lines shown above everything (an input that could not be evaluated).
    static func render(title: String, subtitle: String, documents: [ExplorerDocument], omitted: Int,
                       trust: JSONValue?, problems: [String]) -> String {
        let data = JSONValue.object([
            ("documents", .array(documents.map(\.json))), ("omitted", .int(Int64(omitted))),
            ("tags", ExplorerDocument.encodingSections(documents)), ("trust", trust ?? .null),
            ("problems", .array(problems.map(JSONValue.string))),
        ])
        let style = ExplorerStyle.css, script = ExplorerScript.javaScript
        let policy = "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; "
            + "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header class="top"><h1>\(escape(title))</h1><p>\(escape(subtitle))</p></header>
            <main>
            <noscript><p class="panel problem">The tree, the hex dump and the checks are drawn by the page's inline script: allow JavaScript for this file.</p></noscript>
            <section id="problems" class="panel problem" hidden></section>
            <section id="verdict" class="panel verdict" hidden></section>
            <div class="columns"><section id="chain" class="panel" hidden></section><section id="trace" class="panel" hidden></section></div>
            <section id="explorer" class="explorer">
            <nav id="docs" aria-label="documents"></nav>
            <div><h2>ASN.1 tree</h2><div id="tree" role="tree"></div></div>
            <div><h2>Bytes</h2><div id="details"></div>
            <p class="legend"><span class="hh">header: tag and length</span> <span class="hc">content</span> click a byte to find its element; \u{2191} \u{2193} move through the tree</p>
            <div id="hex"></div></div>
            </section>
            </main>
            <script type="application/json" id="vouch-data">\(scriptSafe(data.serialized))</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// `text` as HTML text or attribute content: `&`, `<`, `>`, `"` and `'` as character references.
    static func escape(_ text: String) -> String {
        substituting(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// Serialized JSON made safe inside `<script>`: `<`, `>` and `&` occur in JSON only inside
    /// strings, where their `\u` escapes mean the same characters, so no input can write `</script>`.
    static func scriptSafe(_ json: String) -> String {
        substituting(json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            default: nil
            }
        }
    }

    /// `text` with each scalar for which `replacement` gives a text written as that text.
    private static func substituting(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let text = replacement(scalar) { output += text } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }

    /// A CSP source for an inline block: `sha256-` and the base64 SHA-256 of its UTF-8.
    static func hash(_ block: String) -> String {
        "sha256-" + Base64.encode(HashAlgorithm.sha256.digest(Array(block.utf8)))
    }
}
