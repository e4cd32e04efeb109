import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '@ctxkit/tooling/chromium';
import type { Bench } from '../registry.js';
import { renderHtml } from '../report/html.js';
import { renderMarkdown } from '../report/markdown.js';
import { RESULTS_DIR, readAllResults } from '../results.js';

/** Chromium binaries tried in order for `--screenshot` (Debian's package installs the first). */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Render `htmlPath` in headless Chromium and write a PNG. The flags keep Chromium off the network
 * (this machine has none) and out of the user's profile.
 */
export function screenshot(htmlPath: string, pngPath: string, chromium: string): void {
  const profile = mkdtempSync(join(tmpdir(), 'ctxkit-chromium-'));
  try {
    const result = spawnSync(
      chromium,
      [
        ...CHROMIUM_ARGS,
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        '--window-size=1200,2400',
        `--screenshot=${pngPath}`,
        `file://${htmlPath}`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (!existsSync(pngPath) || statSync(pngPath).size === 0) {
      throw new Error(
        `chromium wrote no screenshot (exit ${result.status}): ${(result.stderr ?? '').trim().split('\n').pop()}`,
      );
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** `pnpm bench report [--screenshot]`: every results/<bench>.json as one HTML page and a Markdown summary. */
export const reportBench: Bench = {
  description: 'render the latest results into results/report.html (SVG charts) and results/report.md',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { screenshot: { type: 'boolean' }, dir: { type: 'string' } },
      strict: true,
    });
    const directory = values.dir ?? RESULTS_DIR;
    const { results, problems } = readAllResults(directory);
    for (const problem of problems) process.stderr.write(`report: ${problem}\n`);
    const inputs = results.filter((result) => result.bench !== 'report');
    if (inputs.length === 0) {
      process.stderr.write('report: no results to render; run e.g. `pnpm bench budget` first\n');
      return 2;
    }
    const htmlPath = join(directory, 'report.html');
    const markdownPath = join(directory, 'report.md');
    writeFileSync(htmlPath, renderHtml(inputs, new Date().toISOString()));
    writeFileSync(markdownPath, renderMarkdown(inputs));
    process.stdout.write(
      `report: ${inputs.length} bench(es) -> ${htmlPath}\n        summary -> ${markdownPath}\n`,
    );
    if (values.screenshot) {
      const chromium = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
      if (!chromium) {
        process.stderr.write('report: --screenshot needs Chromium (Debian: apt-get install chromium)\n');
        return 2;
      }
      const pngPath = join(directory, 'report.png');
      screenshot(htmlPath, pngPath, chromium);
      process.stdout.write(`        screenshot -> ${pngPath}\n`);
    }
    return 0;
  },
};
