/// The part of the explorer page's script that `verify --html` uses: the verdict, a table of
/// every check per certificate of the built chain (failures first), and the path search.
/// ``ExplorerScript/javaScript`` includes it inside its function, where `el`, `pair` and the
/// page's data are in scope.
enum ExplorerTrustScript {
    static let javaScript = #"""
  // The verdict, the chain's check tables and the path search (verify --html).
  function drawTrust(trust) {
    var v = $("verdict");
    v.hidden = false;
    v.classList.add(trust.trusted ? "trusted" : "untrusted");
    v.appendChild(el("div", "big", trust.trusted ? "\u2713 Trusted" : "\u2717 Not trusted"));
    var dl = el("dl");
    pair(dl, "SecTrustResultType", trust.result, true);
    pair(dl, "status (SecTrustEvaluateWithError)", trust.status + (trust.error ? " " + trust.error : " errSecSuccess"), true);
    if (trust.deciding) pair(dl, "deciding failure", trust.deciding, true);
    if (trust.decisions && trust.decisions.length) pair(dl, "trust settings and exceptions", trust.decisions.join("; "), true);
    pair(dl, "policy", trust.policy, true);
    pair(dl, "verify date", trust.verify_date, true);
    v.appendChild(dl);
    var chain = $("chain");
    chain.hidden = false;
    chain.appendChild(el("h2", null, "The built chain: every check on every certificate"));
    var total = 0;
    trust.chain.forEach(function (c) {
      var d = el("details", "cert"), s = el("summary");
      var failed = c.checks.filter(function (k) { return !k[2]; }).length;
      d.open = failed > 0 || c.index === 0;
      s.appendChild(el("span", "idx", c.index === 0 ? "0 leaf" : String(c.index)));
      s.appendChild(el("span", "subj", c.subject));
      if (c.anchor) s.appendChild(el("span", "badge anchor", "trusted anchor"));
      s.appendChild(el("span", "badge " + (failed ? "fail" : "pass"), failed ? failed + " of " + c.checks.length + " checks fail" : "all " + c.checks.length + " checks pass"));
      var open = el("button", "link", "bytes \u2192");
      open.type = "button";
      open.addEventListener("click", function (e) { e.preventDefault(); showDocument(c.index); select(0); $("explorer").scrollIntoView(); });
      s.appendChild(open);
      d.appendChild(s);
      var t = el("table", "checks");
      var ordered = c.checks.filter(function (k) { return !k[2]; }).concat(c.checks.filter(function (k) { return k[2]; }));
      ordered.forEach(function (k) {
        var tr = el("tr", k[2] ? "pass" : "fail");
        tr.appendChild(el("td", "name", k[0]));
        var outcome = el("td");
        outcome.appendChild(el("span", "badge " + (k[2] ? "pass" : "fail"), k[2] ? "pass" : "fail"));
        tr.appendChild(outcome);
        var why = el("td", "why");
        if (!k[2]) why.appendChild(el("strong", null, k[4] + (k[3] ? ": " : "")));
        why.appendChild(el("span", null, k[2] ? "fails when " + k[3] : k[3]));
        if (k[1]) why.appendChild(el("span", "scope", " \u00b7 looks at " + k[1]));
        tr.appendChild(why);
        t.appendChild(tr);
        total++;
      });
      d.appendChild(t);
      chain.appendChild(d);
    });
    body.dataset.checks = String(total);
    var trace = $("trace");
    trace.hidden = false;
    trace.appendChild(el("h2", null, "How the path was built (" + trust.trace.length + " steps)"));
    var ol = el("ol", "trace");
    trust.trace.forEach(function (e) {
      var li = el("li");
      li.appendChild(el("span", "badge " + e[0], e[0]));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "text", e[1]));
      ol.appendChild(li);
    });
    trace.appendChild(ol);
    body.dataset.traceEvents = String(trust.trace.length);
  }

"""#
}
