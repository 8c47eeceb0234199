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
  var current = -1, selected = -1, nodes = [], parents = [], ends = [], rows = [], cells = [], ascii = [], lit = [], bytes = null;

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

"""# + ExplorerTrustScript.javaScript + #"""
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
    nodes = doc.nodes; selected = -1; parents = []; ends = []; rows = []; lit = [];
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
    if (selected >= 0 && selected < rows.length) rows[selected].classList.remove("sel");
    selected = k;
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
  // Up and down move through the rows the tree shows.
  document.addEventListener("keydown", function (ev) {
    if ((ev.key !== "ArrowDown" && ev.key !== "ArrowUp") || selected < 0 || ev.target.tagName === "INPUT") return;
    var step = ev.key === "ArrowDown" ? 1 : -1;
    for (var j = selected + step; j >= 0 && j < rows.length; j += step) {
      if (!rows[j].classList.contains("hidden")) { select(j); ev.preventDefault(); return; }
    }
  });
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
