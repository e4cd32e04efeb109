/*
 * The inspector page in a real browser: Debian's chromium (never a downloaded one), driven by
 * playwright-core. Traces come from real library calls: the recorded SWE-agent runs replayed through
 * the drop-in pipeline (a long compaction run), two `ctxkit pack --trace` calls, and a generated
 * 200-request session. Numbers on the page are checked against the trace; screenshots are taken at
 * 1280×800 and 400×800 (UPDATE_GOLDENS=1 writes them to packages/trace/docs/, else to a temp dir —
 * they are not compared pixel by pixel: fonts differ between machines). CI installs chromium
 * (.ci/run) and never skips this test.
 */

import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sessionTrace, trajectoryTrace } from '@ctxkit/dropin-core/testing/session-trace';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ctxkit/tooling/chromium';
import { formatTraceLine, parseTrace, renderTracePage, type TraceRecord } from '@ctxkit/trace';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../commands/command-test-io.js';
import { inspectFixtureRepository } from './inspect-fixture.js';
import { startLiveServer } from './live-server.js';

const CHROMIUM = CHROMIUM_PATH;
const available = existsSync(CHROMIUM);
const inCI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const here = dirname(fileURLToPath(import.meta.url));
const screenshots =
  process.env.UPDATE_GOLDENS === '1'
    ? join(here, '..', '..', '..', '..', 'packages', 'trace', 'docs')
    : mkdtempSync(join(tmpdir(), 'ctxkit-inspect-shots-'));

if (!available && !inCI) {
  process.stderr.write(
    `skipping the inspector's browser test: no chromium at ${CHROMIUM} (apt-get install chromium); CI never skips it\n`,
  );
}

describe('chromium for the browser test', () => {
  it.runIf(inCI)('is installed in CI (.ci/run installs it)', () => {
    expect(existsSync(CHROMIUM), `expected chromium at ${CHROMIUM}`).toBe(true);
  });
});

async function openPage(browser: Browser, html: string, name: string, width = 1280): Promise<Page> {
  const directory = mkdtempSync(join(tmpdir(), 'ctxkit-inspect-page-'));
  const file = join(directory, `${name}.html`);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Nothing may be fetched: the page is self-contained.
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) errors.push(`fetched ${request.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('html[data-ready="true"]');
  expect(errors).toEqual([]);
  return page;
}

async function value(page: Page, field: string): Promise<number> {
  return Number(await page.locator(`#detail [data-field="${field}"]`).first().getAttribute('data-value'));
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(screenshots, `${name}-1280x800.png`) });
  await page.setViewportSize({ width: 400, height: 800 });
  // Narrow: one column, nothing wider than the window.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(screenshots, `${name}-400x800.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function selectRecord(page: Page, index: number): Promise<void> {
  await page.click(`#row-${index}`);
  await page.waitForSelector(`#row-${index}[aria-selected="true"]`);
}

describe.skipIf(!available)('the inspector page in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a long compaction run: stages, what each removed, and where the cache broke', async () => {
    const records = await trajectoryTrace();
    const page = await openPage(
      browser,
      renderTracePage(records, { title: 'swe-agent-replay.jsonl' }),
      'compaction',
    );
    expect(await page.locator('#timeline li[data-index]').count()).toBe(records.length);
    const cut = records.findIndex(
      (record) => (record.compaction?.stages.length ?? 0) > 0 && record.prefix.brokeAt !== null,
    );
    expect(cut).toBeGreaterThan(0);
    const record = records[cut]!;
    await selectRecord(page, cut);
    expect(await value(page, 'used')).toBe(record.budget.used);
    expect(await value(page, 'available')).toBe(record.budget.available);
    expect(await value(page, 'prefix-tokens')).toBe(record.prefix.tokens);
    expect(await value(page, 'broke-at')).toBe(record.prefix.brokeAt);
    expect(await value(page, 'compaction-before')).toBe(record.compaction!.before);
    const stages = page.locator('table.stages tbody tr');
    expect(await stages.count()).toBe(record.compaction!.stages.length);
    for (const [index, stage] of record.compaction!.stages.entries()) {
      expect(await stages.nth(index).getAttribute('data-stage')).toBe(stage.stage);
      expect(Number(await stages.nth(index).getAttribute('data-removed'))).toBe(stage.removed);
    }
    const sections = page.locator('table.composition tbody tr');
    expect(await sections.count()).toBe(record.sections.length);
    for (const [index, section] of record.sections.entries())
      expect(Number(await sections.nth(index).getAttribute('data-tokens'))).toBe(section.tokens);
    await page.locator(`#detail li[data-message="${record.prefix.brokeAt}"] summary`).click();
    await screenshot(page, 'compaction');
    await page.close();
  });

  it('shows a pack: ranked files, the signals behind each rank, the lines shown', async () => {
    const root = inspectFixtureRepository('ctxkit-inspect-pack-');
    for (const task of ['fix parseHeader for empty lines', 'make readRequest skip blank lines'])
      expect((await runInProcess(['pack', '--task', task, '--trace', 'trace.jsonl'], root)).code).toBe(0);
    const { records } = parseTrace(readFileSync(join(root, 'trace.jsonl'), 'utf8'));
    const page = await openPage(browser, renderTracePage(records, { title: 'trace.jsonl' }), 'pack');
    await selectRecord(page, 1);
    const record = records[1]!;
    expect(await value(page, 'used')).toBe(record.budget.used);
    expect(await value(page, 'prefix-messages')).toBe(record.prefix.messages);
    const rows = page.locator('table.files tbody tr');
    expect(await rows.count()).toBe(record.files!.length);
    for (const [index, file] of record.files!.entries()) {
      const row = rows.nth(index);
      expect(await row.getAttribute('data-path')).toBe(file.path);
      expect(Number(await row.getAttribute('data-rank'))).toBe(file.rank);
      if (file.outcome !== 'empty')
        expect(await row.locator('[data-field="lines"]').textContent()).toBe(file.lines);
      if (file.reasons.includes('definition') && file.matched.length > 0)
        expect(await row.textContent()).toContain(`defines ${file.matched[0]}`);
    }
    await screenshot(page, 'pack');
    await page.close();
  });

  it('handles a 200-request session: summary, keyboard, search and filter', async () => {
    const records = await sessionTrace(200);
    const page = await openPage(browser, renderTracePage(records, { title: 'session.jsonl' }), 'session');
    const breaks = records.filter((record) => record.prefix.brokeAt !== null).length;
    expect(Number(await page.locator('#summary [data-field="requests"]').getAttribute('data-value'))).toBe(
      200,
    );
    expect(
      Number(await page.locator('#summary [data-field="cache-breaks"]').getAttribute('data-value')),
    ).toBe(breaks);
    // Keyboard: End, then up one; Enter moves to the request read.
    await page.focus('#timeline');
    await page.keyboard.press('End');
    expect(await page.locator('#detail h2').textContent()).toMatch(/^#199 /);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#detail h2').textContent()).toMatch(/^#198 /);
    expect(await value(page, 'used')).toBe(records[198]!.budget.used);
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('detail-title');
    // Search: `/` focuses it; message texts are searched.
    await page.keyboard.press('/');
    const query = 'src/module-7.ts';
    await page.keyboard.type(query);
    const expected = records.filter((record) =>
      record.messages.some((message) => message.text?.toLowerCase().includes(query)),
    ).length;
    await expect.poll(() => page.locator('#shown').textContent()).toBe(`${expected} of 200 shown`);
    expect(expected).toBeGreaterThan(0);
    expect(await page.locator('#timeline li[data-index]').count()).toBe(expected);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#shown').textContent()).toBe('200 of 200 shown');
    await page.selectOption('#filter', 'cache-break');
    expect(await page.locator('#timeline li[data-index]').count()).toBe(breaks);
    await page.selectOption('#filter', 'all');
    await selectRecord(
      page,
      records.findIndex((record) => record.compaction!.stages.some((stage) => stage.stage === 'cut')),
    );
    await screenshot(page, 'session');
    await page.close();
  });

  it('follows a growing trace live, and reports an unreadable line by its number', async () => {
    const records: TraceRecord[] = await sessionTrace(8);
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-inspect-live-'));
    const path = join(directory, 'live.jsonl');
    writeFileSync(path, records.slice(0, 5).map(formatTraceLine).join(''));
    const server = await startLiveServer({ path, title: 'live.jsonl', port: 0, pollMs: 50 });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(server.url);
      await page.waitForSelector('html[data-ready="true"]');
      expect(await page.locator('#live').isVisible()).toBe(true);
      expect(await page.locator('#timeline li[data-index]').count()).toBe(5);
      await page.click('#row-4');
      appendFileSync(path, 'not json\n');
      appendFileSync(path, records.slice(5).map(formatTraceLine).join(''));
      await page.waitForSelector('html[data-count="8"]');
      expect(await page.locator('#timeline li[data-index]').count()).toBe(8);
      // The newest request was selected, so the view follows to the new newest.
      expect(await page.locator('#detail h2').textContent()).toMatch(/^#7 /);
      expect(await page.locator('#problems li[data-line="6"]').textContent()).toMatch(
        /^line 6: expected JSON/,
      );
      await page.close();
    } finally {
      await server.close();
    }
  });
});
