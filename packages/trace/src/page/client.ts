/*
 * The page's script. It runs in the browser, embedded as the text of tracePageScript and of the
 * functions in TRACE_PAGE_FUNCTIONS (`fn.toString()`, side by side in one scope), so each may call
 * the others by name but must refer to nothing else of this module: no value imports, no
 * module-level values (types, imported or not, are erased). Their mutable state is one object, passed explicitly. It reads the data
 * the page embeds, draws the timeline and the selected request, and in a live view appends the
 * records the server streams.
 */

import type {
  TraceDigest as Digest,
  TraceFile as FileEntry,
  TraceProblem as Problem,
  TraceMessage as RawMessage,
  TraceSection as Section,
  TraceRecord,
} from '../types.js';

// The record types are the trace's own (type imports are erased, so the functions stay
// self-contained); on the page a message's text is an index into the shared `texts` table.
type Message = Omit<RawMessage, 'text'> & { text: number };
type PageRecord = Omit<TraceRecord, 'messages'> & { messages: Message[] };
type Data = {
  title: string;
  texts: string[];
  messages: [string, string | null, string, number][];
  records: (Omit<PageRecord, 'messages'> & { m?: number[]; messages: Message[] })[];
  problems: Problem[];
  events?: string;
};
type RawRecord = Omit<PageRecord, 'messages'> & { messages: RawMessage[] };

/** What the page's functions share: the data, its elements, and what the reader has chosen. */
type PageState = {
  data: Data;
  textIndex: Map<string, number>;
  timeline: HTMLElement;
  detail: HTMLElement;
  search: HTMLInputElement;
  filter: HTMLSelectElement;
  selected: number;
  visible: number[];
  textMatches: boolean[] | undefined;
  query: string;
  pending: number | undefined;
};

function byId(id: string): HTMLElement {
  return document.getElementById(id)!;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function percent(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '–';
}

function number(field: string, value: number, shown?: string): string {
  return `<span data-field="${field}" data-value="${value}">${shown ?? count(value)}</span>`;
}

/** The embedded data, each record's messages decoded from the shared table (see pageData). */
function readState(): PageState {
  const data = JSON.parse(byId('trace-data').textContent!) as Data;
  performance.mark('ctxkit:parsed');
  const textIndex = new Map<string, number>();
  data.texts.forEach((text, index) => {
    textIndex.set(text, index);
  });
  // Pairs of message index and tokens.
  for (const record of data.records) {
    const pairs = record.m ?? [];
    const messages: Message[] = [];
    for (let at = 0; at < pairs.length; at += 2) {
      const [role, name, hash, text] = data.messages[pairs[at]!]!;
      messages.push({ role, name: name ?? undefined, tokens: pairs[at + 1]!, hash, text });
    }
    record.messages = messages;
    delete record.m;
  }
  performance.mark('ctxkit:decoded');
  return {
    data,
    textIndex,
    timeline: byId('timeline'),
    detail: byId('detail'),
    search: byId('search') as HTMLInputElement,
    filter: byId('filter') as HTMLSelectElement,
    selected: data.records.length > 0 ? 0 : -1,
    visible: [],
    textMatches: undefined,
    query: '',
    pending: undefined,
  };
}

function signalText(file: FileEntry): string[] {
  const signals: { [reason: string]: string } = {
    focus: 'a focus file',
    pathMention: 'named in the task',
    definition: 'defines a name the task uses',
    vocabulary: "shares the task's words",
    pathName: 'its name or folder is a task word',
    message: 'prints a message the task quotes',
  };
  const shown = file.reasons.map((reason) =>
    reason === 'definition' && file.matched.length > 0
      ? `defines ${file.matched
          .slice(0, 3)
          .map((name) => `<code>${escapeHtml(name)}</code>`)
          .join(', ')} that the task names`
      : escapeHtml(signals[reason] ?? reason),
  );
  if (shown.length === 0) shown.push('reached through references');
  if (!file.reasons.includes('definition') && file.matched.length > 0)
    shown.push(
      `mentions ${file.matched
        .slice(0, 3)
        .map((name) => `<code>${escapeHtml(name)}</code>`)
        .join(', ')}`,
    );
  return shown;
}

// What a record is flagged with in the timeline and the filter.
function cutStages(record: PageRecord): number {
  return (record.compaction?.stages ?? []).filter((stage) => stage.stage.startsWith('cut')).length;
}

function compacted(record: PageRecord): boolean {
  return (record.compaction?.stages.length ?? 0) > 0;
}

function cacheBroke(record: PageRecord): boolean {
  return record.prefix.brokeAt !== null;
}

function overBudget(record: PageRecord): boolean {
  return record.budget.used > record.budget.available;
}

function ingest(state: PageState, records: RawRecord[]): void {
  const data = state.data;
  for (const raw of records) {
    const messages = raw.messages.map((message): Message => {
      let text = -1;
      if (message.text !== undefined) {
        const known = state.textIndex.get(message.text);
        if (known === undefined) {
          text = data.texts.length;
          data.texts.push(message.text);
          state.textIndex.set(message.text, text);
        } else text = known;
      }
      return { role: message.role, name: message.name, tokens: message.tokens, hash: message.hash, text };
    });
    data.records.push({ ...raw, messages });
  }
  state.textMatches = undefined;
}

function matches(state: PageState, record: PageRecord): boolean {
  const kind = state.filter.value;
  const query = state.query;
  if (kind === 'pack' && record.kind !== 'pack') return false;
  if (kind === 'chat' && record.kind !== 'chat') return false;
  if (kind === 'compaction' && !compacted(record)) return false;
  if (kind === 'cache-break' && !cacheBroke(record)) return false;
  if (kind === 'over-budget' && !overBudget(record)) return false;
  if (query === '') return true;
  const meta = [
    `#${record.seq}`,
    record.source,
    record.label ?? '',
    record.model.name,
    ...record.sections.map((section) => section.kind),
    ...(record.files ?? []).map((file) => file.path),
    ...(record.compaction?.stages ?? []).map((stage) => stage.stage),
  ]
    .join('\n')
    .toLowerCase();
  if (meta.includes(query)) return true;
  if (!state.textMatches)
    state.textMatches = state.data.texts.map((text) => text.toLowerCase().includes(query));
  const found = state.textMatches;
  return record.messages.some((message) => message.text >= 0 && found[message.text] === true);
}

function bar(record: PageRecord, large: boolean): string {
  const scale = Math.max(record.budget.window, record.budget.used, 1);
  const segments = record.sections
    .filter((section) => section.tokens > 0)
    .map(
      (section) =>
        `<span class="seg s-${escapeHtml(section.kind)}" style="width:${((100 * section.tokens) / scale).toFixed(3)}%" title="${escapeHtml(section.kind)}: ${count(section.tokens)} tokens"></span>`,
    )
    .join('');
  const budgetMark = `<span class="mark" style="left:${((100 * record.budget.available) / scale).toFixed(3)}%" title="budget ${count(record.budget.available)}"></span>`;
  return `<div class="bar${large ? ' large' : ''}" aria-hidden="true">${segments}${budgetMark}</div>`;
}

// A row's bar is one element painted with gradients — segments, the budget mark, the reused
// prefix as a green line under them — so a long session's timeline stays a few thousand nodes.
function rowBar(record: PageRecord): string {
  const scale = Math.max(record.budget.window, record.budget.used, 1);
  const stops: string[] = [];
  let at = 0;
  for (const section of record.sections) {
    if (section.tokens <= 0) continue;
    const end = at + (100 * section.tokens) / scale;
    stops.push(`var(--s-${section.kind.replace(/[^a-z-]/g, '')}) ${at.toFixed(2)}% ${end.toFixed(2)}%`);
    at = end;
  }
  stops.push(`transparent ${at.toFixed(2)}%`);
  const mark = ((100 * record.budget.available) / scale).toFixed(2);
  const reused = ((100 * record.prefix.tokens) / scale).toFixed(2);
  return `<div class="rowbar" title="${count(record.tokens)} tokens; prefix reused ${count(record.prefix.tokens)}" style="background:linear-gradient(to right,transparent ${mark}%,var(--fg) ${mark}%,var(--fg) calc(${mark}% + 2px),transparent calc(${mark}% + 2px)),linear-gradient(to right,${stops.join(',')}) top left/100% 8px no-repeat,linear-gradient(var(--ok),var(--ok)) bottom left/${reused}% 3px no-repeat,var(--panel)"></div>`;
}

function row(record: PageRecord, index: number, selected: number): string {
  let badges = '';
  if (cutStages(record) > 0) badges += '<span class="badge cut">cut</span>';
  else if (compacted(record)) badges += '<span class="badge compact">compacted</span>';
  if (cacheBroke(record))
    badges += `<span class="badge broke" title="at message ${record.prefix.brokeAt}">cache broke</span>`;
  if (overBudget(record)) badges += '<span class="badge over">over budget</span>';
  return `<li role="option" id="row-${index}" data-index="${index}" data-seq="${record.seq}" data-tokens="${record.tokens}" aria-selected="${index === selected}"${index === selected ? ' class="selected"' : ''}><div class="row-head"><b>#${record.seq}</b><span class="kind">${escapeHtml(record.kind === 'pack' ? 'pack' : record.source)}</span><span class="used">${count(record.budget.used)} / ${count(record.budget.available)}</span>${badges}</div>${rowBar(record)}</li>`;
}

function renderTimeline(state: PageState): void {
  const records = state.data.records;
  const timeline = state.timeline;
  state.visible = [];
  for (let index = 0; index < records.length; index++)
    if (matches(state, records[index]!)) state.visible.push(index);
  const visible = state.visible;
  if (visible.length > 0 && !visible.includes(state.selected)) state.selected = visible[0]!;
  timeline.innerHTML = visible.map((index) => row(records[index]!, index, state.selected)).join('');
  if (visible.length === 0) timeline.innerHTML = '<li class="empty">No request matches.</li>';
  byId('shown').textContent = `${visible.length} of ${records.length} shown`;
  if (state.selected >= 0) timeline.setAttribute('aria-activedescendant', `row-${state.selected}`);
}

function renderSummary(data: Data): void {
  const records = data.records;
  const cuts = records.filter((record) => cutStages(record) > 0).length;
  const breaks = records.filter(cacheBroke).length;
  let reused = 0;
  let total = 0;
  for (const record of records) {
    reused += record.prefix.tokens;
    total += record.tokens;
  }
  byId('summary').innerHTML = [
    `${number('requests', records.length)} request${records.length === 1 ? '' : 's'}`,
    `${number('compactions', records.filter(compacted).length)} compacted (${cuts} cut)`,
    `${number('cache-breaks', breaks)} cache break${breaks === 1 ? '' : 's'}`,
    `prefix reused ${percent(reused, total)} of tokens sent`,
  ].join(' · ');
  const problems = byId('problems');
  if (data.problems.length === 0) problems.hidden = true;
  else {
    problems.hidden = false;
    problems.innerHTML = `<strong>${data.problems.length} line${data.problems.length === 1 ? '' : 's'} could not be read</strong> (the rest are shown):<ul>${data.problems
      .map(
        (problem) =>
          `<li data-line="${problem.line}">line ${problem.line}: ${escapeHtml(problem.message)}</li>`,
      )
      .join('')}</ul>`;
  }
}

function textOf(texts: string[], message: Message | undefined): string | undefined {
  return message === undefined || message.text < 0 ? undefined : texts[message.text];
}

function snippet(text: string | undefined, limit = 600): string {
  if (text === undefined) return '<em>text not recorded (redacted trace)</em>';
  const cut = text.length > limit ? `${text.slice(0, limit)}…` : text;
  return `<pre>${escapeHtml(cut)}</pre>`;
}

function table(head: string[], rows: string[], attributes = ''): string {
  return `<div class="scroll"><table${attributes}><thead><tr>${head.map((cell) => `<th scope="col">${cell}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function list(items: string[], empty = 'none'): string {
  return items.length === 0
    ? `<p class="muted">${empty}</p>`
    : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function digestHtml(digest: Digest): string {
  return `<div class="digest"><p>Stands for ${count(digest.droppedMessages)} messages, ${count(digest.toolCalls)} tool calls.</p>
<h4>Files read</h4>${list(digest.filesRead.map((file) => `<code>${escapeHtml(file)}</code>`))}
<h4>Files edited</h4>${list(digest.filesEdited.map((file) => `<code>${escapeHtml(file)}</code>`))}
<h4>Commands</h4>${list(digest.commands.map((command) => `<code>${escapeHtml(command.command)}</code> — ${escapeHtml(command.status)}`))}
<h4>Failed calls</h4>${list(digest.failedCalls.map((failure) => `${escapeHtml(failure.tool)} <code>${escapeHtml(failure.target)}</code>: ${escapeHtml(failure.error)}`))}
<h4>Decisions</h4>${list(digest.decisions.map((decision) => escapeHtml(decision)))}</div>`;
}

function messageList(messages: number[]): string {
  if (messages.length === 0) return '–';
  const shown = messages.slice(0, 12).join(', ');
  return `${messages.length}: ${shown}${messages.length > 12 ? ', …' : ''}`;
}

/** The index of the nearest record before `before` numbered `seq`: a file can hold several conversations. */
function earlierIndex(records: PageRecord[], before: number, seq: number): number {
  for (let index = before - 1; index >= 0; index--) if (records[index]!.seq === seq) return index;
  return -1;
}

function describeMessage(message: Message | undefined): string {
  return message === undefined
    ? 'none'
    : `${escapeHtml(message.role)}${message.name ? ` (${escapeHtml(message.name)})` : ''}, ${count(message.tokens)} tokens, hash ${message.hash}`;
}

function cacheHtml(record: PageRecord, previous: PageRecord | undefined, texts: string[]): string {
  const prefix = record.prefix;
  if (prefix.previous === null) return '<p>The first request of the trace: nothing to reuse.</p>';
  const head = `<p>Reused from <a href="#" data-go="${prefix.previous}">#${prefix.previous}</a>: ${number('prefix-messages', prefix.messages)} of ${count(record.messages.length)} messages, ${number('prefix-tokens', prefix.tokens)} of ${count(record.tokens)} tokens (${percent(prefix.tokens, record.tokens)}).</p>`;
  if (prefix.brokeAt === null)
    return `${head}<p class="ok">The previous request carried over whole: a cache hit up to its end.</p>`;
  const at = prefix.brokeAt;
  const now = record.messages[at];
  const before = previous?.messages[at];
  return `${head}<p class="warn">The cache broke at message ${number('broke-at', at)}: everything from there is sent again.</p>
<div class="diff"><div><h4>#${prefix.previous}, message ${at}: ${describeMessage(before)}</h4>${before ? snippet(textOf(texts, before)) : '<p class="muted">(the previous request ended here)</p>'}</div>
<div><h4>#${record.seq}, message ${at}: ${describeMessage(now)}</h4>${now ? snippet(textOf(texts, now)) : '<p class="muted">(this request ends here)</p>'}</div></div>`;
}

function compactionHtml(record: PageRecord): string {
  const compaction = record.compaction;
  if (!compaction) return '';
  const stages = compaction.stages.map(
    (stage) =>
      `<tr data-stage="${escapeHtml(stage.stage)}" data-removed="${stage.removed}"><td>${escapeHtml(stage.stage)}</td><td>${messageList(stage.messages)}</td><td class="num">${count(stage.removed)}</td><td class="num">${count(stage.tokensAfter)}</td></tr>`,
  );
  const digests = compaction.stages
    .filter((stage) => stage.digest)
    .map(
      (stage) =>
        `<details><summary>Digest of the ${escapeHtml(stage.stage)}</summary>${digestHtml(stage.digest!)}</details>`,
    );
  return `<section aria-labelledby="h-compaction"><h3 id="h-compaction">Compaction</h3>
<p>${number('compaction-before', compaction.before)} → ${number('compaction-after', compaction.after)} tokens against a budget of ${count(compaction.budget)} (trigger ${compaction.trigger}, target ${compaction.target})${compaction.skipped ? `; skipped: ${escapeHtml(compaction.skipped)}` : ''}${compaction.elidedResults ? `; ${number('elided', compaction.elidedResults)} tool results sent elided` : ''}.</p>
${stages.length > 0 ? table(['stage', 'messages changed or cut', 'tokens removed', 'tokens after'], stages, ' class="stages"') : '<p class="muted">No stage changed anything.</p>'}
${digests.join('')}</section>`;
}

function filesHtml(record: PageRecord): string {
  if (!record.files) return '';
  const rows = record.files.map(
    (file) =>
      `<tr data-path="${escapeHtml(file.path)}" data-rank="${file.rank}" class="${file.outcome}"><td class="num">${file.rank}</td><td><code>${escapeHtml(file.path)}</code></td><td>${signalText(file).join('; ')}</td><td>${file.outcome === 'empty' ? 'nothing to show' : `${file.mode === 'signatures' ? 'signatures' : 'lines'} <span data-field="lines">${escapeHtml(file.lines)}</span> of ${count(file.of)}`}</td><td>${file.outcome}</td><td class="num">${file.tokens === undefined ? '' : count(file.tokens)}</td></tr>`,
  );
  return `<section aria-labelledby="h-files"><h3 id="h-files">Ranked files</h3>${table(['rank', 'file', 'why it ranked', 'shown', 'outcome', 'tokens'], rows, ' class="files"')}</section>`;
}

function compositionRow(section: Section, used: number): string {
  return `<tr data-section="${escapeHtml(section.kind)}" data-tokens="${section.tokens}"><td><span class="swatch s-${escapeHtml(section.kind)}"></span>${escapeHtml(section.kind)}</td><td class="num">${count(section.tokens)}</td><td class="num">${percent(section.tokens, used)}</td><td>${section.items && section.items.length > 0 ? `<details><summary>${section.items.length} item${section.items.length === 1 ? '' : 's'}</summary><ul>${section.items.map((item) => `<li>${count(item.tokens)} <code>${escapeHtml(item.name)}</code>${item.truncated ? ' (truncated to fit)' : ''}</li>`).join('')}</ul></details>` : ''}</td></tr>`;
}

// A message's text is put in only when it is opened (see listenDetail).
function messageItem(record: PageRecord, index: number, texts: string[], query: string): string {
  const message = record.messages[index]!;
  const text = textOf(texts, message);
  const hit = query !== '' && text !== undefined && text.toLowerCase().includes(query);
  const cached = index < record.prefix.messages;
  return `<li data-message="${index}"${hit ? ' class="hit"' : ''}><details data-text="${message.text}"><summary><span class="idx">${index}</span> ${escapeHtml(message.role)}${message.name ? ` <code>${escapeHtml(message.name)}</code>` : ''} · ${count(message.tokens)} tokens${cached ? ' · <span class="cached">cached</span>' : ''}${index === record.prefix.brokeAt ? ' · <span class="broke">cache broke here</span>' : ''}</summary></details></li>`;
}

function budgetHtml(record: PageRecord): string {
  const budget = record.budget;
  const reserves = Object.keys(budget.reserves ?? {})
    .sort()
    .map((name) => `${escapeHtml(name)} ${count(budget.reserves![name]!)}`);
  return `<section aria-labelledby="h-budget"><h3 id="h-budget">Budget</h3>${bar(record, true)}
<p>${number('used', budget.used)} used of ${number('available', budget.available)} available (${percent(budget.used, budget.available)}) in a ${number('window', budget.window)}-token window${reserves.length > 0 ? `; reserves: ${reserves.join(' · ')}` : ''}.${budget.dropped ? ` Dropped: ${number('dropped-count', budget.dropped.count)} items, ${count(budget.dropped.tokens)} tokens.` : ''}${budget.truncated && budget.truncated.count > 0 ? ` Truncated: ${count(budget.truncated.count)} items, ${count(budget.truncated.tokens)} tokens cut.` : ''}</p></section>`;
}

function detailHtml(
  record: PageRecord,
  previous: PageRecord | undefined,
  texts: string[],
  query: string,
): string {
  const composition = record.sections.map((section) => compositionRow(section, record.budget.used));
  const dropped = record.dropped ?? [];
  const messages = record.messages.map((_, index) => messageItem(record, index, texts, query));
  return `<h2 tabindex="-1" id="detail-title">#${record.seq} · ${escapeHtml(record.source)}${record.label ? ` · ${escapeHtml(record.label)}` : ''}</h2>
<p class="meta">${escapeHtml(record.kind)} · model <code>${escapeHtml(record.model.name)}</code>${record.model.profile && record.model.profile !== record.model.name ? ` (profile ${escapeHtml(record.model.profile)})` : ''} · tokenizer ${escapeHtml(record.tokenizer.name)}${record.tokenizer.exact ? ' (exact)' : record.tokenizer.name === 'estimate' ? '' : ' (approximate)'}${record.time ? ` · ${escapeHtml(record.time)}` : ''}${record.redacted ? ' · redacted' : ''}</p>
${budgetHtml(record)}
<section aria-labelledby="h-composition"><h3 id="h-composition">Composition</h3>${table(['section', 'tokens', 'share', 'items'], composition, ' class="composition"')}</section>
${filesHtml(record)}
<section aria-labelledby="h-cache"><h3 id="h-cache">Prompt cache</h3>${cacheHtml(record, previous, texts)}</section>
${compactionHtml(record)}
${dropped.length > 0 ? `<section aria-labelledby="h-dropped"><h3 id="h-dropped">Did not fit</h3>${list(dropped.map((item) => `${escapeHtml(item.kind)} <code>${escapeHtml(item.name)}</code> (${count(item.tokens)} tokens)`))}</section>` : ''}
<section aria-labelledby="h-messages"><h3 id="h-messages">Messages (${record.messages.length})</h3><ol class="messages">${messages.join('')}</ol></section>`;
}

function renderDetail(state: PageState): void {
  if (state.selected < 0) {
    state.detail.innerHTML = '<p class="muted">The trace holds no requests yet.</p>';
    return;
  }
  const records = state.data.records;
  const record = records[state.selected]!;
  const previous =
    record.prefix.previous === null ? -1 : earlierIndex(records, state.selected, record.prefix.previous);
  state.detail.innerHTML = detailHtml(record, records[previous], state.data.texts, state.query);
}

function select(state: PageState, index: number, focusRow: boolean): void {
  if (index < 0 || index >= state.data.records.length) return;
  const previous = document.getElementById(`row-${state.selected}`);
  if (previous) {
    previous.setAttribute('aria-selected', 'false');
    previous.classList.remove('selected');
  }
  state.selected = index;
  const current = document.getElementById(`row-${index}`);
  if (current) {
    current.setAttribute('aria-selected', 'true');
    current.classList.add('selected');
    if (focusRow) current.scrollIntoView({ block: 'nearest' });
  }
  state.timeline.setAttribute('aria-activedescendant', `row-${index}`);
  renderDetail(state);
}

function move(state: PageState, step: number): void {
  const visible = state.visible;
  if (visible.length === 0) return;
  const at = visible.indexOf(state.selected);
  const next = Math.max(0, Math.min(visible.length - 1, Math.max(at, 0) + step));
  select(state, visible[next]!, true);
}

function listenTimeline(state: PageState): void {
  state.timeline.addEventListener('click', (event) => {
    const item = (event.target as HTMLElement).closest('li[data-index]');
    if (item) select(state, Number(item.getAttribute('data-index')), false);
  });
  state.timeline.addEventListener('keydown', (event) => {
    const steps: { [key: string]: number } = {
      ArrowDown: 1,
      j: 1,
      ArrowUp: -1,
      k: -1,
      PageDown: 10,
      PageUp: -10,
      Home: -Infinity,
      End: Infinity,
    };
    const step = steps[event.key];
    const shown = state.visible.length;
    if (step !== undefined) {
      event.preventDefault();
      move(state, step === Infinity ? shown : step === -Infinity ? -shown : step);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      byId('detail-title').focus();
    }
  });
}

function listenDetail(state: PageState): void {
  state.detail.addEventListener(
    'toggle',
    (event) => {
      // Message texts are put in when opened: a long session's page would otherwise hold every one.
      const opened = event.target as HTMLDetailsElement;
      const index = opened.getAttribute('data-text');
      if (!opened.open || index === null || opened.querySelector('pre, em')) return;
      opened.insertAdjacentHTML(
        'beforeend',
        snippet(Number(index) < 0 ? undefined : state.data.texts[Number(index)], 200_000),
      );
    },
    true,
  );
  state.detail.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest('a[data-go]');
    if (!link) return;
    event.preventDefault();
    const index = earlierIndex(state.data.records, state.selected, Number(link.getAttribute('data-go')));
    if (index >= 0) select(state, index, true);
  });
}

function listenSearch(state: PageState): void {
  const search = state.search;
  search.addEventListener('input', () => {
    if (state.pending !== undefined) clearTimeout(state.pending);
    state.pending = window.setTimeout(() => {
      const next = search.value.trim().toLowerCase();
      if (next !== state.query) state.textMatches = undefined;
      state.query = next;
      renderTimeline(state);
      renderDetail(state);
    }, 120);
  });
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' || event.key === 'Enter') {
      event.preventDefault();
      if (event.key === 'Escape') search.value = '';
      search.dispatchEvent(new Event('input'));
      state.timeline.focus();
    }
  });
  state.filter.addEventListener('change', () => {
    renderTimeline(state);
    renderDetail(state);
  });
  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === '/' && !typing) {
      event.preventDefault();
      search.focus();
    }
  });
}

function followLive(state: PageState, events: string): void {
  const data = state.data;
  const live = byId('live');
  live.hidden = false;
  const source = new EventSource(events);
  source.addEventListener('message', (event) => {
    const update = JSON.parse((event as MessageEvent<string>).data) as {
      records: RawRecord[];
      problems: Problem[];
    };
    // Follow the newest request when it was the one selected (or none was).
    const following = state.selected === data.records.length - 1 || state.selected < 0;
    ingest(state, update.records);
    data.problems.push(...update.problems);
    if (following && data.records.length > 0) state.selected = data.records.length - 1;
    renderSummary(data);
    renderTimeline(state);
    renderDetail(state);
    live.textContent = `● live · ${data.records.length} requests`;
    document.documentElement.dataset.count = String(data.records.length);
  });
  source.addEventListener('error', () => {
    live.textContent = '○ live view disconnected';
  });
}

/** The page's entry point: it runs beside {@link TRACE_PAGE_FUNCTIONS}, which it calls. */
export function tracePageScript(): void {
  // Marks for the bench (apps/bench inspect): where opening a long trace spends its time.
  performance.mark('ctxkit:start');
  const state = readState();
  listenTimeline(state);
  listenDetail(state);
  listenSearch(state);
  renderSummary(state.data);
  performance.mark('ctxkit:summary');
  renderTimeline(state);
  performance.mark('ctxkit:timeline');
  renderDetail(state);
  if (state.data.events) followLive(state, state.data.events);
  document.documentElement.dataset.count = String(state.data.records.length);
  document.documentElement.dataset.ready = 'true';
  performance.mark('ctxkit:ready');
}

/**
 * The functions {@link tracePageScript} calls. They are embedded by their text, so a bundler that
 * renames one renames the calls in its callers' text too: the names stay consistent.
 */
export const TRACE_PAGE_FUNCTIONS: readonly ((...args: never[]) => unknown)[] = [
  byId,
  escapeHtml,
  count,
  percent,
  number,
  readState,
  signalText,
  cutStages,
  compacted,
  cacheBroke,
  overBudget,
  ingest,
  matches,
  bar,
  rowBar,
  row,
  renderTimeline,
  renderSummary,
  textOf,
  snippet,
  table,
  list,
  digestHtml,
  messageList,
  earlierIndex,
  describeMessage,
  cacheHtml,
  compactionHtml,
  filesHtml,
  compositionRow,
  messageItem,
  budgetHtml,
  detailHtml,
  renderDetail,
  select,
  move,
  listenTimeline,
  listenDetail,
  listenSearch,
  followLive,
];
