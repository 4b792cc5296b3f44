// The report's layout and its status-over-time picture in real Chromium (Debian's, driven by
// playwright-core; no browser from the npm registry): at 1280 px the page does not scroll
// sideways, the picture is there and sized, and each cell sits in the row of its control and the
// column of the code it judged. Run on a fixture with a FAIL, a FLAKY and a DISPUTED control, and
// on proofgate's own ledger (a clone of this repository, read-only). Screenshots go to
// test/artifacts/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildReport } from '../../scripts/lib/core/report/build-report.ts';
import { renderReportHtml } from '../../scripts/lib/render/report/html.ts';
import { runCli, WORKTREE } from '../helpers/cli.ts';
import { command, createFakeGateIO, makeControl, output } from '../helpers/fake-gate-io.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { crossAudit, reportInputOf, selfRun } from '../helpers/report-fixture.ts';

const CHROMIUM = process.env['PROOFGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const isBrowserRequired = process.env['PROOFGATE_REQUIRE_BROWSER'] === '1';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && !isBrowserRequired)
  process.stderr.write(
    `\n*** SKIPPED: the report's layout test found no browser at ${CHROMIUM} (apt-get install -y chromium).\n\n`,
  );
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const tempDir = tempDirsPerTest();

let browser: Browser;
beforeAll(async () => {
  if (hasBrowser)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
});

/** The fixture: T.ok PASS and cross-audited, T.red FAIL, T.flaky PASS then FAIL, T.disputed
 * PASS that the cross audit's re-run contradicts; then new code where only T.ok runs. */
async function fixturePage(dir: string): Promise<string> {
  const io = createFakeGateIO([
    makeControl('T.ok', command(['pass'])),
    makeControl('T.red', command(['fail'])),
    makeControl('T.flaky', command(['flaky'])),
    makeControl('T.disputed', command(['disputed'])),
  ]);
  const calls = new Map<string, number>();
  io.script = (request) => {
    const name = request.argv[0]!;
    const n = (calls.get(name) ?? 0) + 1;
    calls.set(name, n);
    if (name === 'flaky' || name === 'disputed')
      return n === 1 ? output('ok\n') : output('boom\n', 1);
    return name === 'pass' ? output('ok\n') : output('1 test failed\n', 1);
  };
  await selfRun(io);
  await selfRun(io, ['T.flaky']);
  await crossAudit(io, ['T.ok', 'T.disputed']);
  io.tree = 'b'.repeat(40);
  await selfRun(io, ['T.ok']);
  // Ledger text is the agent's: an unbroken 400-character label must not widen the page.
  const last = io.stored.at(-1)!;
  last.entry.actor = { ...last.entry.actor, label: 'x'.repeat(400), context: 'c/'.repeat(150) };
  const path = join(dir, 'picture.html');
  writeFileSync(path, renderReportHtml(buildReport(await reportInputOf(io))));
  return path;
}

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  picture: { x: number; y: number; width: number; height: number } | null;
  cells: {
    control: string;
    column: number;
    status: string;
    entry: string | null;
    x: number;
    y: number;
  }[];
  rows: Record<string, number>;
  keys: string[];
  matrix: Record<string, string>;
}

/** Runs in the page (a string: the test's TypeScript has no DOM types): what Layout holds. */
const MEASURE = `(() => {
  const box = (e) => e.getBoundingClientRect();
  const mid = (e) => box(e).y + box(e).height / 2;
  const svg = document.getElementById('status-picture');
  const cells = [...document.querySelectorAll('#status-picture g.pc')].map((g) => ({
    control: g.getAttribute('data-control'),
    column: Number(g.getAttribute('data-column')),
    status: g.getAttribute('data-status'),
    entry: (/latest: .*?entry ([0-9a-f]{12})/.exec(g.querySelector('title').textContent) || [])[1] || null,
    x: box(g.querySelector('rect')).x,
    y: mid(g.querySelector('rect')),
  }));
  const rows = {};
  for (const t of document.querySelectorAll('#status-picture text.pl'))
    rows[t.querySelector('title').textContent] = mid(t);
  const keys = [...document.querySelectorAll('#status-picture text.pa[data-key]')].map((t) =>
    t.getAttribute('data-key'),
  );
  const matrix = {};
  for (const tr of document.querySelectorAll('#matrix-table tr[data-control]'))
    matrix[tr.getAttribute('data-control')] = tr.getAttribute('data-status');
  const p = svg === null ? null : box(svg);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    picture: p === null ? null : { x: p.x, y: p.y, width: p.width, height: p.height },
    cells,
    rows,
    keys,
    matrix,
  };
})()`;

async function open(
  page: Page,
  file: string,
  shot: string,
): Promise<{ layout: Layout; problems: string[] }> {
  const problems: string[] = [];
  page.on('console', (m) => problems.push(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file://')) problems.push(`request ${r.url()}`);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`file://${file}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: shot, fullPage: true });
  const layout = await page.evaluate<Layout>(MEASURE);
  return { layout, problems };
}

/** The page fits 1280 px and the picture is there, inside it and of a readable size. */
function expectFits(layout: Layout): void {
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.picture).not.toBeNull();
  const p = layout.picture!;
  expect(p.width).toBeGreaterThanOrEqual(600);
  expect(p.height).toBeGreaterThanOrEqual(60);
  expect(p.x).toBeGreaterThanOrEqual(0);
  expect(p.x + p.width).toBeLessThanOrEqual(layout.clientWidth);
  // Each cell in its control's row, columns left to right.
  for (const c of layout.cells)
    expect(Math.abs(c.y - layout.rows[c.control]!), c.control).toBeLessThan(6);
  const xs = new Map(layout.cells.map((c) => [c.column, c.x]));
  const columns = [...xs.keys()].sort((a, b) => a - b);
  for (let i = 1; i < columns.length; i++)
    expect(xs.get(columns[i]!)!).toBeGreaterThan(xs.get(columns[i - 1]!)!);
}

describe.skipIf(!hasBrowser && !isBrowserRequired)(
  'the report picture in Chromium at 1280 px',
  () => {
    test('fixture: FAIL, FLAKY and DISPUTED in their cells, STALE after the code moved, no overflow', async () => {
      if (!hasBrowser) throw new Error(`${CHROMIUM} is missing and PROOFGATE_REQUIRE_BROWSER=1`);
      const page = await browser.newPage();
      const { layout, problems } = await open(
        page,
        await fixturePage(tempDir('pg-picture-')),
        join(ARTIFACTS, 'report-picture.png'),
      );
      expect(problems).toEqual([]);
      expectFits(layout);
      expect(layout.keys).toEqual(['a'.repeat(40), 'b'.repeat(40), 'now']);
      const at = (control: string, column: number) =>
        layout.cells.find((c) => c.control === control && c.column === column)?.status;
      expect(['T.ok', 'T.red', 'T.flaky', 'T.disputed'].map((c) => at(c, 0))).toEqual([
        'PASS',
        'FAIL',
        'FLAKY',
        'DISPUTED',
      ]);
      expect(['T.ok', 'T.red', 'T.flaky', 'T.disputed'].map((c) => at(c, 1))).toEqual([
        'PASS',
        'STALE',
        'STALE',
        'STALE',
      ]);
      // The last column is the status the matrix (and `status`) gives.
      for (const [control, status] of Object.entries(layout.matrix))
        expect(at(control, 2), control).toBe(status);
      await page.close();
    }, 60_000);

    test("proofgate's own ledger (a clone): fits, and every cell's latest entry judged that column's code", async () => {
      if (!hasBrowser) throw new Error(`${CHROMIUM} is missing and PROOFGATE_REQUIRE_BROWSER=1`);
      const clone = join(tempDir('pg-own-'), 'repo');
      execFileSync('git', ['clone', '-q', '--no-hardlinks', WORKTREE, clone]);
      const ledger = join(clone, 'evidence', 'ledger');
      if (!existsSync(ledger))
        throw new Error(`no ledger at ${ledger}: this test reads proofgate's own`);
      const file = join(clone, '..', 'own.html');
      const run = runCli(['report', '--root', clone, '--html', file, '--no-base']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const page = await browser.newPage();
      const { layout, problems } = await open(page, file, join(ARTIFACTS, 'report-own-ledger.png'));
      expect(problems).toEqual([]);
      expectFits(layout);
      // Independently of the report: each entry by the hash of its line (the title's 12 digits).
      const entries = new Map<string, { subject: { tree: string }; body: { control?: string } }>();
      for (const f of readdirSync(ledger).filter((n) => n.endsWith('.jsonl')))
        for (const line of readFileSync(join(ledger, f), 'utf8').split('\n').filter(Boolean))
          entries.set(sha256Hex(line).slice(0, 12), JSON.parse(line));
      const checked = layout.cells.filter(
        (c) => c.entry !== null && /^[0-9a-f]{40}$/.test(layout.keys[c.column]!),
      );
      expect(checked.length).toBeGreaterThan(0);
      for (const c of checked) {
        const entry = entries.get(c.entry!)!;
        expect(entry.subject.tree, c.entry!).toBe(layout.keys[c.column]);
        expect(entry.body.control).toBe(c.control);
      }
      const now = layout.keys.length - 1;
      for (const [control, status] of Object.entries(layout.matrix))
        expect(
          layout.cells.find((c) => c.control === control && c.column === now)?.status,
          control,
        ).toBe(status);
      await page.close();
    }, 120_000);
  },
);
