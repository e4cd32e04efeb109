import { TRACE_SECTION_ORDER, type TraceProblem, type TraceRecord } from '../types.js';
import { escapeHtml, TRACE_PAGE_FUNCTIONS, tracePageScript } from './client.js';
import { pageData, scriptJson } from './page-data.js';
import { PAGE_STYLES } from './styles.js';

/** Options of {@link renderTracePage}. */
export interface TracePageOptions {
  /** Shown in the title: usually the trace's file name. */
  title?: string;
  /** Lines of the trace that could not be read: listed at the top, the rest still shown. */
  problems?: readonly TraceProblem[];
  /**
   * A live view: the URL of a Server-Sent Events stream whose messages are `{ records, problems }`
   * to append (`ctxkit inspect --serve`). Without it the page is a fixed snapshot.
   */
  events?: string;
}

// The page's functions side by side inside one arrow, so none becomes a global; the entry point is
// called by its text, not its name, which a bundler may have changed.
const PAGE_SCRIPT = `(() => {
${TRACE_PAGE_FUNCTIONS.map((fn) => fn.toString()).join('\n')}
(${tracePageScript.toString()})();
})();`;

const FILTERS: [string, string][] = [
  ['all', 'every request'],
  ['pack', 'task packs'],
  ['chat', 'chat requests'],
  ['compaction', 'compacted'],
  ['cache-break', 'cache broke'],
  ['over-budget', 'over budget'],
];

/**
 * The inspector page for a trace: one self-contained HTML document — its style, script and data
 * inline, nothing fetched (a live view connects back only to `events`). Pure: the same records give
 * the same bytes.
 */
export function renderTracePage(records: readonly TraceRecord[], options: TracePageOptions = {}): string {
  const title = options.title ?? 'trace';
  const data = pageData(records, options.problems ?? [], title, options.events);
  const legend = TRACE_SECTION_ORDER.map(
    (kind) => `<span><span class="swatch s-${kind}"></span>${kind}</span>`,
  ).join('');
  const filters = FILTERS.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'">
<title>ctxkit inspect · ${escapeHtml(title)}</title>
<style>${PAGE_STYLES}</style>
</head>
<body>
<header>
<h1>ctxkit inspect <span class="muted">${escapeHtml(title)}</span></h1>
<div id="summary"></div>
<div class="controls">
<label>Search <input id="search" type="search" placeholder="path, message text, stage… (press /)" aria-describedby="keys"></label>
<label>Show <select id="filter">${filters}</select></label>
<span id="live" hidden>● live</span>
<span id="keys" class="muted">↑↓ or j k to move · / to search · Enter to read</span>
</div>
<div id="problems" role="alert" hidden></div>
</header>
<main>
<nav aria-label="Requests">
<div class="legend" aria-label="Section colours">${legend}<span><span class="swatch" style="background:var(--fg)"></span>budget</span></div>
<div id="shown" aria-live="polite"></div>
<ol id="timeline" role="listbox" tabindex="0" aria-label="Requests, oldest first"></ol>
</nav>
<section id="detail" aria-label="Selected request"></section>
</main>
<script id="trace-data" type="application/json">${scriptJson(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
