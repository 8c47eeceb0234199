/// The explorer page's style sheet: inline, allowed by its hash in the page's
/// Content-Security-Policy, with system fonts only (the page loads nothing).
enum ExplorerStyle {
    static let css = #"""
:root { --ink: #1d2330; --muted: #5f6b7a; --line: #d8dde5; --panel: #f6f8fa; --accent: #2456a6;
  --header: #ffd479; --content: #b9d7ff; --pass: #1a7f37; --fail: #c62828; --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 14px/1.45 system-ui, "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: var(--ink); background: #fff; }
header.top { padding: 14px 22px 10px; border-bottom: 1px solid var(--line); background: linear-gradient(#fbfcfe, #f1f4f8); }
header.top h1 { margin: 0; font-size: 19px; }
header.top p { margin: 2px 0 0; color: var(--muted); }
main { padding: 14px 22px 22px; }
h2 { font-size: 15px; margin: 0 0 8px; }
.panel { border: 1px solid var(--line); border-radius: 8px; background: #fff; padding: 12px 14px; margin-bottom: 14px; }
.problem { border-color: var(--fail); background: #fff4f4; }
.verdict { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 22px; }
.verdict .big { font-size: 22px; font-weight: 700; }
.verdict.trusted .big { color: var(--pass); } .verdict.untrusted .big { color: var(--fail); }
.verdict dl { display: flex; flex-wrap: wrap; gap: 2px 22px; margin: 0; }
.verdict dl > div { display: flex; gap: 7px; align-items: baseline; }
.verdict dt { color: var(--muted); font-size: 12px; } .verdict dd { margin: 0; font-family: var(--mono); font-size: 13px; }
.columns { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 14px; }
@media (max-width: 1100px) { .columns { grid-template-columns: 1fr; } }
.cert { border: 1px solid var(--line); border-radius: 6px; margin-bottom: 10px; }
.cert > summary { cursor: pointer; padding: 7px 10px; background: var(--panel); border-radius: 6px; list-style: none; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.cert > summary::-webkit-details-marker { display: none; }
.cert .idx { font-family: var(--mono); color: var(--muted); }
.cert .subj { font-weight: 600; word-break: break-all; }
.badge { font-size: 11px; padding: 1px 7px; border-radius: 9px; background: #e6ebf2; color: var(--ink); white-space: nowrap; }
.badge.pass, .badge.accepted, .badge.chosen, .badge.leaf { background: #dcf3e2; color: var(--pass); }
.badge.fail, .badge.rejected, .badge.dropped, .badge.leaf-failed, .badge.budget { background: #fde2e2; color: var(--fail); }
.badge.parked, .badge.score { background: #fff1cc; color: #7a5a00; }
.badge.anchor { background: #e3ecff; color: var(--accent); }
button.link { border: 0; background: none; color: var(--accent); cursor: pointer; font: inherit; padding: 0; text-decoration: underline; }
table.checks { border-collapse: collapse; width: 100%; font-size: 13px; }
table.checks td { border-top: 1px solid #edf0f4; padding: 3px 8px; vertical-align: top; }
table.checks td.name { font-family: var(--mono); white-space: nowrap; }
table.checks td.why { color: var(--muted); width: 100%; }
table.checks .scope { color: #8a94a1; font-size: 12px; }
table.checks tr.fail td { background: #fff4f4; }
table.checks tr.fail td.why { color: var(--ink); } table.checks tr.fail strong { color: var(--fail); }
ol.trace { margin: 0; padding-left: 26px; font-size: 13px; max-height: 520px; overflow: auto; }
ol.trace li { margin: 3px 0; } ol.trace .text { font-family: var(--mono); font-size: 12px; word-break: break-word; }
.explorer { display: grid; grid-template-columns: 230px minmax(300px, 1fr) minmax(0, 640px); gap: 12px; align-items: start; }
.explorer.single { grid-template-columns: minmax(300px, 1fr) minmax(0, 640px); }
.explorer.single #docs { display: none; }
@media (max-width: 1100px) { .explorer, .explorer.single { grid-template-columns: 1fr; } }
#docs { max-height: 78vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
#docs input { width: 100%; border: 0; border-bottom: 1px solid var(--line); padding: 6px 8px; font: inherit; }
#docs button { display: block; width: 100%; text-align: left; overflow-wrap: anywhere; border: 0; border-bottom: 1px solid #edf0f4; background: #fff; padding: 5px 8px; cursor: pointer; font: inherit; }
#docs button:hover { background: var(--panel); } #docs button.on { background: #e3ecff; }
#docs button small { display: block; color: var(--muted); font-size: 11px; word-break: break-all; }
#docs button.bad { color: var(--fail); }
#tree { font-family: var(--mono); font-size: 12.5px; max-height: 78vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; padding: 4px 0; }
.node { display: flex; gap: 6px; align-items: baseline; padding: 1px 8px 1px 0; cursor: pointer; white-space: nowrap; }
.node:hover { background: var(--panel); } .node.sel { background: #e3ecff; outline: 1px solid #9db8e8; }
.node .tw { width: 14px; color: var(--muted); text-align: center; flex: none; }
.node .fname { color: var(--accent); font-weight: 600; } .node .tag { color: var(--muted); }
.node .val { color: var(--ink); overflow: hidden; text-overflow: ellipsis; max-width: 44ch; }
.node .off { color: #9aa5b1; font-size: 11px; margin-left: auto; padding-left: 8px; }
.node.hidden { display: none; }
#details { border: 1px solid var(--line); border-radius: 6px; background: var(--panel); padding: 8px 11px; margin-bottom: 10px; min-height: 96px; }
#details .path { font-family: var(--mono); font-weight: 700; color: var(--accent); word-break: break-all; }
#details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0; font-size: 13px; }
#details dl > div { display: contents; }
#details dt { color: var(--muted); } #details dd { margin: 0; word-break: break-word; }
#details dd.mono { font-family: var(--mono); font-size: 12px; }
#details .error { color: var(--fail); font-weight: 600; }
.legend { font-size: 12px; color: var(--muted); margin: 0 0 6px; }
.legend span { padding: 0 6px; border-radius: 3px; }
#hex { font-family: var(--mono); font-size: 12.5px; line-height: 1.55; max-height: 62vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; white-space: pre; }
#hex .row { display: block; } #hex .o { color: #9aa5b1; margin-right: 10px; }
#hex .b { cursor: pointer; padding: 0 1px; } #hex .a { color: #6b7683; }
#hex .gap { display: inline-block; width: 12px; }
.hh, .legend .hh { background: var(--header); } .hc, .legend .hc { background: var(--content); }
#hex .err { background: var(--fail); color: #fff; }
.notes { color: var(--muted); font-size: 12px; margin: 4px 0 0; padding-left: 18px; }
"""#
}
