import { TRACE_SECTION_ORDER } from '../types.js';

/**
 * The page's style sheet. Section colours are named once here; the legend and every bar use them.
 * Two layouts: side by side from 760px, stacked below (a phone, a narrow split window).
 */
export const PAGE_STYLES = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1b1f24; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
  --accent: #0969da; --warn: #9a6700; --bad: #cf222e; --ok: #1a7f37; --selected: #ddf4ff;
  --s-system: #6e7781; --s-tools: #8c959f; --s-instructions: #8250df; --s-skills: #bf3989; --s-repo-map: #0969da;
  --s-docs: #1b7c83; --s-files: #1a7f37; --s-summary: #bc4c00; --s-history: #9a6700; --s-tool-results: #d4a72c; --s-task: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23; --accent: #4493f8; --selected: #0c2d6b; } }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
code, pre { font: 12.5px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px; margin: 4px 0; max-height: 24em; overflow: auto; }
header { padding: 10px 16px; border-bottom: 1px solid var(--line); }
h1 { font-size: 18px; margin: 0 0 2px; } h2 { font-size: 17px; margin: 0 0 4px; } h3 { font-size: 15px; margin: 18px 0 6px; } h4 { font-size: 13px; margin: 8px 0 2px; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-top: 6px; }
input[type=search], select { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
input[type=search] { width: min(360px, 70vw); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
#live { color: var(--ok); font-weight: 600; }
#problems { margin-top: 8px; padding: 6px 10px; border: 1px solid var(--bad); border-radius: 6px; color: var(--bad); }
#problems ul { margin: 2px 0; padding-left: 20px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 12px; color: var(--muted); padding: 6px 8px; border-bottom: 1px solid var(--line); }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
body { display: flex; flex-direction: column; }
header { flex: none; }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(300px, 38%) 1fr; }
nav { border-right: 1px solid var(--line); display: flex; flex-direction: column; min-height: 0; }
#shown { font-size: 12px; color: var(--muted); padding: 4px 8px; }
#timeline { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; min-height: 0; }
#timeline li { padding: 5px 8px; border-bottom: 1px solid var(--line); cursor: pointer; }
/* A long session has thousands of rows: those off screen are not laid out or painted until scrolled to. */
#timeline li[data-index] { content-visibility: auto; contain-intrinsic-size: auto 46px; }
#timeline li.selected { background: var(--selected); }
#timeline:focus-visible li.selected { outline: 2px solid var(--accent); outline-offset: -2px; }
.row-head { display: flex; gap: 8px; align-items: baseline; font-size: 12.5px; white-space: nowrap; overflow: hidden; }
.row-head b { min-width: 3.5em; } .kind { color: var(--muted); overflow: hidden; text-overflow: ellipsis; } .used { margin-left: auto; font-variant-numeric: tabular-nums; }
.badge { font-size: 11px; padding: 0 5px; border-radius: 8px; border: 1px solid currentColor; }
.badge.cut, .badge.compact { color: var(--s-summary); } .badge.broke { color: var(--warn); } .badge.over { color: var(--bad); }
.bar { position: relative; display: flex; height: 8px; margin-top: 4px; background: var(--panel); border: 1px solid var(--line); border-radius: 3px; overflow: hidden; }
.bar.large { height: 18px; }
.seg { display: block; height: 100%; flex: none; }
.mark { position: absolute; top: -1px; bottom: -1px; width: 2px; background: var(--fg); }
.rowbar { height: 13px; margin-top: 4px; border: 1px solid var(--line); border-radius: 3px; }
${TRACE_SECTION_ORDER.map((kind) => `.s-${kind} { background: var(--s-${kind}); }`).join('\n')}
#detail { overflow-y: auto; padding: 12px 18px 40px; min-width: 0; }
.meta, .muted { color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.dropped td { color: var(--bad); } tr.empty td { color: var(--muted); }
.warn { color: var(--warn); } .ok { color: var(--ok); }
.diff { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; } .diff > div { min-width: 0; }
.messages { padding-left: 0; list-style: none; } .messages li { border-bottom: 1px solid var(--line); padding: 2px 0; }
.messages li.hit summary { background: #fff8c5; color: #1b1f24; }
.idx { display: inline-block; min-width: 2.5em; color: var(--muted); font-variant-numeric: tabular-nums; }
.cached { color: var(--ok); } .broke { color: var(--warn); font-weight: 600; }
summary { cursor: pointer; }
.digest ul { margin: 0; padding-left: 20px; }
@media (max-width: 760px) {
  html, body { height: auto; }
  body { display: block; }
  main { display: block; }
  #keys { display: none; }
  nav { border-right: 0; border-bottom: 1px solid var(--line); }
  #timeline { max-height: 40vh; }
  #detail { padding: 10px 10px 30px; }
  .diff { grid-template-columns: 1fr; }
  header { padding: 8px 10px; }
}
`;
