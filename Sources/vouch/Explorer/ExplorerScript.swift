/// The explorer page's script: inline, allowed by its hash in the page's Content-Security-Policy.
///
/// It reads the JSON the command embedded, draws the verdict, the check tables and the trace once,
/// and draws the tree and the hex dump of one document at a time (the one selected), so a
/// 300-certificate bundle costs one list entry per certificate until one is opened. Every string
/// from the input goes through `textContent`, never through markup. The URL fragment
/// `#doc=N&select=OFFSET` selects a node; `<body>` carries the selection in `data-` attributes
/// for tests (`data-selected-start`, `data-selected-end`, `data-selected-field`).
enum ExplorerScript {
    static let javaScript = #"""
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("vouch-data").textContent);
  var OFF = 0, HL = 1, LEN = 2, DEPTH = 3, TAG = 4, NAME = 5, LABEL = 6, SEC = 7, VAL = 8;
  var body = document.body, docs = data.documents;
  var current = -1, nodes = [], parents = [], ends = [], rows = [], cells = [], ascii = [], lit = [], bytes = null;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function hex(n, w) { var s = n.toString(16); while (s.length < w) s = "0" + s; return s; }
  function dec(n, w) { var s = String(n); while (s.length < w) s = " " + s; return s; }
  function decode(b64) {
    var s = atob(b64), a = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
    return a;
  }
  function path(i) {
    var parts = [];
    for (var j = i; j >= 0; j = parents[j]) if (nodes[j][NAME]) parts.unshift(nodes[j][NAME]);
    return parts.join(".").split(".[").join("[");
  }
  function section(i) {
    for (var j = i; j >= 0; j = parents[j]) if (nodes[j][SEC]) return nodes[j][SEC];
    return null;
  }
  function pair(dl, term, value, mono) {
    var item = el("div");
    item.appendChild(el("dt", null, term));
    item.appendChild(el("dd", mono ? "mono" : null, value));
    dl.appendChild(item);
  }

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

  // The list of documents: one button each, drawn once; a filter when there are many.
  function drawList() {
    var nav = $("docs");
    if (docs.length < 2) $("explorer").classList.add("single");
    if (docs.length > 12) {
      var input = el("input");
      input.type = "search";
      input.placeholder = "filter " + docs.length + " documents";
      input.addEventListener("input", function () {
        var q = input.value.toLowerCase();
        Array.prototype.forEach.call(nav.querySelectorAll("button"), function (b) {
          b.hidden = q !== "" && b.dataset.key.indexOf(q) < 0;
        });
      });
      nav.appendChild(input);
    }
    docs.forEach(function (d, i) {
      var b = el("button", d.error ? "bad" : null, (i + 1) + ". " + d.title);
      b.type = "button";
      b.dataset.key = (d.title + " " + d.location + " " + (d.subject || "")).toLowerCase();
      b.appendChild(el("small", null, d.error ? "DER error at offset " + d.error.offset : d.location));
      b.addEventListener("click", function () { showDocument(i); select(0); });
      nav.appendChild(b);
    });
    if (data.omitted) nav.appendChild(el("p", "notes", data.omitted + " more documents not shown (ExplorerLimits.maximumDocuments)"));
  }

  // The tree and the hex dump of document i.
  function showDocument(i) {
    if (i === current || i < 0 || i >= docs.length) return;
    current = i;
    var doc = docs[i];
    Array.prototype.forEach.call($("docs").querySelectorAll("button"), function (b, j) { b.classList.toggle("on", j === i); });
    nodes = doc.nodes; parents = []; ends = []; rows = []; lit = [];
    var stack = [];
    nodes.forEach(function (n, k) {
      while (stack.length && nodes[stack[stack.length - 1]][DEPTH] >= n[DEPTH]) ends[stack.pop()] = k;
      parents.push(stack.length ? stack[stack.length - 1] : -1);
      stack.push(k);
    });
    while (stack.length) ends[stack.pop()] = nodes.length;
    var tree = $("tree");
    tree.textContent = "";
    nodes.forEach(function (n, k) {
      var r = el("div", "node");
      r.style.paddingLeft = (6 + 16 * n[DEPTH]) + "px";
      var tw = el("span", "tw", ends[k] > k + 1 ? "\u25be" : "");
      tw.addEventListener("click", function (ev) { ev.stopPropagation(); toggle(k, tw); });
      r.appendChild(tw);
      var label = n[LABEL] || n[NAME];
      if (label) r.appendChild(el("span", "fname", label));
      r.appendChild(el("span", "tag", n[TAG]));
      if (n[VAL] !== null) r.appendChild(el("span", "val", n[VAL]));
      var off = el("span", "off", n[OFF] + "+" + (n[HL] + n[LEN]));
      off.title = "offset " + n[OFF] + ", " + (n[HL] + n[LEN]) + " bytes";
      r.appendChild(off);
      r.addEventListener("click", function () { select(k); });
      rows.push(r);
      tree.appendChild(r);
    });
    if (!nodes.length) tree.appendChild(el("p", "notes", doc.error ? "No tree: the parse stopped at offset " + doc.error.offset + "." : "No elements."));
    drawHex(doc);
    body.dataset.treeNodes = String(nodes.length);
    body.dataset.selectedDoc = String(i);
    body.dataset.errorOffset = doc.error ? String(doc.error.offset) : "";
    var det = $("details");
    det.textContent = "";
    det.appendChild(el("div", "path", doc.title));
    var dl = el("dl");
    if (doc.subject) { pair(dl, "subject", doc.subject); pair(dl, "issuer", doc.issuer); pair(dl, "validity", doc.validity, true); }
    pair(dl, "from", doc.location);
    pair(dl, "size", doc.size + " bytes");
    det.appendChild(dl);
    if (doc.error) det.appendChild(el("p", "error", "DER error at offset " + doc.error.offset + ": " + doc.error.message));
    if (doc.notes.length) {
      var ul = el("ul", "notes");
      doc.notes.forEach(function (t) { ul.appendChild(el("li", null, t)); });
      det.appendChild(ul);
    }
  }

  function toggle(k, tw) {
    var closing = tw.textContent === "\u25be";
    tw.textContent = closing ? "\u25b8" : "\u25be";
    for (var j = k + 1; j < ends[k]; j++) {
      if (closing) { rows[j].classList.add("hidden"); continue; }
      rows[j].classList.remove("hidden");
      var t = rows[j].firstChild;
      if (t.textContent === "\u25b8") j = ends[j] - 1;
    }
  }

  function drawHex(doc) {
    var box = $("hex");
    box.textContent = "";
    bytes = decode(doc.der);
    cells = []; ascii = [];
    var frag = document.createDocumentFragment();
    for (var o = 0; o < bytes.length; o += 16) {
      var row = el("span", "row");
      row.appendChild(el("span", "o", dec(o, 5)));
      var text = el("span", "a");
      for (var j = o; j < o + 16; j++) {
        if (j === o + 8) row.appendChild(el("span", "gap"));
        if (j >= bytes.length) { row.appendChild(el("span", "b", "  ")); row.appendChild(document.createTextNode(" ")); continue; }
        var b = el("span", "b", hex(bytes[j], 2));
        b.dataset.o = String(j);
        row.appendChild(b);
        row.appendChild(document.createTextNode(" "));
        cells.push(b);
        var c = el("span", null, bytes[j] >= 32 && bytes[j] < 127 ? String.fromCharCode(bytes[j]) : ".");
        text.appendChild(c);
        ascii.push(c);
      }
      row.appendChild(el("span", "gap"));
      row.appendChild(text);
      frag.appendChild(row);
    }
    box.appendChild(frag);
    if (doc.error && doc.error.offset < cells.length) {
      cells[doc.error.offset].classList.add("err");
      ascii[doc.error.offset].classList.add("err");
    }
  }

  // Selects node k: highlights exactly its header and content bytes and explains the field.
  function select(k) {
    lit.forEach(function (c) { c.classList.remove("hh", "hc"); });
    lit = [];
    rows.forEach(function (r) { r.classList.remove("sel"); });
    var doc = docs[current];
    if (k < 0 || k >= nodes.length) {
      body.dataset.selectedStart = ""; body.dataset.selectedEnd = ""; body.dataset.selectedField = "";
      return;
    }
    var n = nodes[k], start = n[OFF], mid = n[OFF] + n[HL], end = mid + n[LEN];
    for (var j = start; j < end && j < cells.length; j++) {
      var cls = j < mid ? "hh" : "hc";
      cells[j].classList.add(cls); ascii[j].classList.add(cls);
      lit.push(cells[j], ascii[j]);
    }
    rows[k].classList.add("sel");
    rows[k].scrollIntoView({ block: "nearest" });
    if (start < cells.length) cells[start].scrollIntoView({ block: "nearest" });
    var field = path(k);
    body.dataset.selectedStart = String(start);
    body.dataset.selectedEnd = String(end);
    body.dataset.selectedField = field;
    var det = $("details");
    det.textContent = "";
    det.appendChild(el("div", "path", field || n[LABEL] || n[TAG]));
    var dl = el("dl");
    pair(dl, "type", n[TAG] + (n[LABEL] && n[LABEL] !== n[NAME] ? " \u2014 " + n[LABEL] : ""));
    if (n[VAL] !== null) pair(dl, "value", n[VAL], true);
    pair(dl, "bytes", start + "\u2013" + (end - 1) + ": header " + n[HL] + " (" + start + "\u2013" + (mid - 1) + "), content " + n[LEN], true);
    var sec = section(k);
    if (sec) pair(dl, "defined in", sec);
    pair(dl, "encoding", data.tags[n[TAG]] || "");
    det.appendChild(dl);
    if (doc.error) det.appendChild(el("p", "error", "DER error at offset " + doc.error.offset + ": " + doc.error.message));
    try { history.replaceState(null, "", "#doc=" + current + "&select=" + start); } catch (e) { /* file: URLs may refuse */ }
  }

  // The deepest node that contains byte o.
  function nodeAt(o) {
    var found = -1;
    for (var k = 0; k < nodes.length; k++) {
      var n = nodes[k];
      if (n[OFF] <= o && o < n[OFF] + n[HL] + n[LEN]) found = k;
    }
    return found;
  }

  function fromFragment() {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (p) {
      var kv = p.split("=");
      if (kv.length === 2) params[kv[0]] = parseInt(kv[1], 10);
    });
    var d = isFinite(params.doc) ? params.doc : 0;
    showDocument(Math.min(Math.max(d, 0), docs.length - 1));
    if (isFinite(params.select)) {
      var exact = -1;
      for (var k = 0; k < nodes.length; k++) if (nodes[k][OFF] === params.select) { exact = k; break; }
      select(exact >= 0 ? exact : nodeAt(params.select));
    }
  }

  $("hex").addEventListener("click", function (ev) {
    var o = ev.target.dataset ? ev.target.dataset.o : undefined;
    if (o !== undefined) select(nodeAt(parseInt(o, 10)));
  });
  window.addEventListener("hashchange", fromFragment);
  if (data.problems.length) {
    var p = $("problems");
    p.hidden = false;
    data.problems.forEach(function (t) { p.appendChild(el("p", "error", t)); });
  }
  if (data.trust) drawTrust(data.trust);
  body.dataset.documents = String(docs.length);
  if (docs.length) { drawList(); fromFragment(); } else { $("explorer").hidden = true; }
  body.dataset.ready = "true";
})();
"""#
}
