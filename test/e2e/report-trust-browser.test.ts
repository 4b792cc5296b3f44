// The auditor's report of a signed engineering_ready record (self runs, cross audits signed by the
// auditor's key from a second clone), opened in Chromium (Debian's, through playwright-core) at
// 1280 px: the page does not scroll sideways; the banner's first words say where trust came from
// (the auditor's trust file, or only the repository's own keys, never styled as the all-clear);
// and the headline gives one verdict per scope, each the one `claim` gives.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { openRepo, tempDirsPerTest } from '../helpers/git-repo.ts';

const CHROMIUM = process.env['PROOFGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const isBrowserRequired = process.env['PROOFGATE_REQUIRE_BROWSER'] === '1';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && !isBrowserRequired)
  process.stderr.write(
    `\n*** SKIPPED: the report's trust and layout test found no browser at ${CHROMIUM} (apt-get install -y chromium).\n\n`,
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

const DEV = actingAs('virtual:developer', 'local:developer-workstation-with-a-long-name');
const QA = actingAs('virtual:quality', 'ci:quality-pipeline/run-1234567890/attempt-1');

/** Many controls, long ids and one long inline command. */
const CONTROLS = [
  ...Array.from({ length: 11 }, (_, i) => ({
    id: `ENG.CHECK_${String(i + 1).padStart(2, '0')}_OF_THE_PAYMENT_SERVICE_INTEGRATION`,
    execution: `{ type: command, argv: ${nodeArgv('process.exit(0)')} }`,
  })),
  {
    id: 'ENG.LONG_COMMAND',
    execution: `{ type: command, argv: ${nodeArgv(`const checks = ${JSON.stringify('x'.repeat(240))}; process.exit(checks.length > 0 ? 0 : 1)`)} }`,
  },
];

interface Record_ {
  r: GateRepo;
  env: Record<string, string>;
  trust: string;
}

/** Self runs in the developer's clone, the signed cross audit from a second clone, pulled back. */
async function signedRecord(): Promise<Record_> {
  const env = { PROOFGATE_KEY_DIR: tempDir('pg-keys-') };
  const r = makeGateRepo(CONTROLS, { targetMaturity: 'engineering_ready' });
  const keys = ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'];
  expect((await r.run(keys, env)).code).toBe(0);
  const run = await r.run(['evaluate', '--run', ...DEV], env);
  expect(run.code, run.out + run.err).toBe(0);
  r.commit('self run');
  const auditor = openRepo(join(tempDir('pg-clone-'), 'c'));
  openRepo(tmpdir()).git('clone', '-q', r.dir, auditor.dir);
  const audit = runCli([...CROSS_AUDIT, ...QA, '--root', auditor.dir], env);
  expect(audit.code, audit.stdout + audit.stderr).toBe(0);
  auditor.commit('cross audit');
  r.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
  const trust = join(tempDir('pg-audits-'), 'app.trust.json');
  const exported = runCli(['export', '--trust-root', '--out', trust, '--root', r.dir], env);
  expect(exported.code, exported.stderr).toBe(0);
  return { r, env, trust };
}

interface Page_ {
  scrollWidth: number;
  clientWidth: number;
  banner: { text: string; className: string; trust: string | null };
  firstId: string | null;
  scopes: Record<string, { granted: string | null; text: string }>;
  /** The text of each stage cell that names a note, and each note. */
  stageCells: string[];
  notes: string[];
  /** A picture cell's size on the screen. */
  cell: { width: number; height: number };
}

const MEASURE = `(() => {
  const banner = document.getElementById('integrity');
  const scopes = {};
  for (const s of document.querySelectorAll('#status-verdict [data-verdict]'))
    scopes[s.getAttribute('data-verdict')] = { granted: s.getAttribute('data-granted'), text: s.textContent };
  return {
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    banner: { text: banner.textContent, className: banner.className, trust: banner.getAttribute('data-trust') },
    firstId: document.body.firstElementChild && document.body.firstElementChild.id,
    scopes,
    stageCells: [...document.querySelectorAll('#matrix-table td[data-note]')].map((td) => td.textContent),
    notes: [...document.querySelectorAll('#matrix-notes li')].map((li) => li.textContent),
    cell: (() => { const r = document.querySelector('#status-picture g.pc rect').getBoundingClientRect(); return { width: r.width, height: r.height }; })(),
  };
})()`;

async function openAt1280(file: string, shot: string): Promise<Page_> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => problems.push(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`file://${file}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, shot), fullPage: true });
  const measured = await page.evaluate<Page_>(MEASURE);
  await page.close();
  expect(problems).toEqual([]);
  return measured;
}

/** What `claim --no-record --json` answers for each scope (a task names every control). */
function claimed(rec: Record_, trust: string[]): Record<string, boolean> {
  const named = CONTROLS.flatMap((c) => ['--control', c.id]);
  const ask = (scope: string, extra: string[]) => {
    const run = runCli(
      ['claim', '--scope', scope, ...extra, '--no-record', '--json', '--root', rec.r.dir, ...trust],
      rec.env,
    );
    expect(run.code, run.stdout + run.stderr).toBeLessThan(2);
    return (JSON.parse(run.stdout) as { granted: boolean }).granted;
  };
  return { task: ask('task', named), project: ask('project', []), release: ask('release', []) };
}

describe.skipIf(!hasBrowser && !isBrowserRequired)(
  'the report of a signed engineering_ready record in Chromium at 1280 px',
  () => {
    test('fits the window; the banner says where trust came from; one verdict per scope, as claim gives', async () => {
      if (!hasBrowser) throw new Error(`${CHROMIUM} is missing and PROOFGATE_REQUIRE_BROWSER=1`);
      const rec = await signedRecord();
      const out = tempDir('pg-report-');
      const own = join(out, 'own.html');
      const audited = join(out, 'audited.html');
      const alone = runCli(['report', '--root', rec.r.dir, '--html', own], rec.env);
      expect(alone.code, alone.stdout + alone.stderr).toBe(0);
      const withTrust = runCli(
        ['report', '--root', rec.r.dir, '--html', audited, '--trust', rec.trust],
        rec.env,
      );
      expect(withTrust.code, withTrust.stdout + withTrust.stderr).toBe(0);

      const a = await openAt1280(own, 'report-signed-own-keys.png');
      const b = await openAt1280(audited, 'report-signed-trust-file.png');
      for (const p of [a, b]) {
        expect(p.scrollWidth).toBeLessThanOrEqual(p.clientWidth);
        expect(p.firstId).toBe('integrity');
        // Each stage cell a status and a short label; the signer's provenance and the same-host
        // finding said once, in a note.
        expect(p.stageCells.length).toBe(2 * CONTROLS.length);
        for (const cell of p.stageCells) expect(cell).toMatch(/^PASS (label|signed)( !)? \[\d\]$/);
        expect(p.notes).toHaveLength(2);
        expect(
          p.notes.filter((n) => /^signed by key [0-9a-f]{12}… .*same host/.test(n)),
        ).toHaveLength(1);
        // Two code versions: the picture's cells are large enough to read and hover.
        expect(p.cell.width).toBeGreaterThanOrEqual(48);
        expect(p.cell.height).toBeGreaterThanOrEqual(20);
      }
      // Without a trust file: only as far as the repository's own keys go, not the all-clear.
      expect(a.banner.text).toMatch(
        /^INTACT as far as this repository's own keys go — no trust file;/,
      );
      expect(a.banner.text).toContain('proofgate verify --full --trust <trust file>');
      expect(a.banner.trust).toBe('own-keys');
      expect(a.banner.className).not.toContain('banner-ok');
      // With it: under the auditor's trust file, named, with what it pins.
      expect(b.banner.text).toMatch(
        new RegExp(
          `^INTACT under the auditor's trust file ${rec.trust.replace(/[.]/g, '\\.')} \\(\\d+ keys?, \\d+ pinned heads?\\)`,
        ),
      );
      expect(b.banner.trust).toBe('trust-file');
      expect(b.banner.className).toContain('banner-ok');
      expect(a.banner.text).not.toBe(b.banner.text);

      // One verdict per scope, each the one `claim` gives under the same keys.
      for (const [page, trust] of [
        [a, []],
        [b, ['--trust', rec.trust]],
      ] as const) {
        const answers = claimed(rec, [...trust]);
        expect(Object.keys(page.scopes).sort()).toEqual(['project', 'release', 'task']);
        for (const scope of ['task', 'project', 'release']) {
          expect(page.scopes[scope]!.granted, scope).toBe(String(answers[scope]));
          expect(page.scopes[scope]!.text).toMatch(answers[scope] ? /GRANTED/ : /REFUSED/);
        }
        // This record: every control PASS and signed across clones, no release authority yet.
        expect(answers).toEqual({ task: true, project: false, release: false });
        expect(
          Object.values(page.scopes)
            .map((s) => s.text)
            .join(' '),
        ).not.toMatch(/\bREADY\b/);
      }
    }, 180_000);
  },
);
