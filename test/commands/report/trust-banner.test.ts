// The page's first words say where trust comes from: INTACT under the auditor's trust file (green),
// or only as far as the repository's own keys go (never the green all-clear), and a ledger that
// does not verify keeps its findings first. The headline gives one verdict per claim scope, the
// claim decision's own; the matrix says each signer's provenance once, in numbered notes.
import { describe, expect, test } from 'vitest';
import { buildReport } from '../../../scripts/lib/core/report/build-report.ts';
import { renderReportHtml } from '../../../scripts/lib/render/report/html.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { command, createFakeGateIO, makeControl } from '../../helpers/fake-gate-io.ts';
import {
  crossAudit,
  ctx,
  developer,
  reportInputOf,
  selfRun,
} from '../../helpers/report-fixture.ts';

const TRUST = { name: '/audits/app.trust.json', keys: 2, heads: 1 };

async function audited(controls = 2) {
  const ids = ['T.unit', 'T.lint', 'T.types', 'T.docs'].slice(0, controls);
  const io = createFakeGateIO(ids.map((id) => makeControl(id, command(['pass']))));
  await selfRun(io);
  await crossAudit(io);
  return io;
}

const bannerOf = (html: string): string => {
  const div = /<div id="integrity"[^>]*>([\s\S]*?)<\/div>/.exec(html)![0];
  return div;
};
const textOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('the banner says where trust comes from', () => {
  test("no trust file: intact only as far as the repository's own keys go, not green", async () => {
    const html = renderReportHtml(buildReport(await reportInputOf(await audited())));
    const banner = bannerOf(html);
    expect(banner).toMatch(/class="banner banner-own"/);
    expect(banner).not.toMatch(/banner-ok/);
    expect(banner).toContain('data-trust="own-keys"');
    expect(textOf(banner)).toMatch(
      /^INTACT as far as this repository's own keys go — no trust file; a history rewritten by someone who can push would look the same \(proofgate verify --full --trust <trust file>\)/,
    );
    // The banner is the page's first element.
    expect(html.indexOf('<div id="integrity"')).toBeLessThan(html.indexOf('<main>'));
  });

  test("a trust file: INTACT under the auditor's trust file, named, with what it pins, green", async () => {
    const input = { ...(await reportInputOf(await audited())), trustFile: TRUST };
    const banner = bannerOf(renderReportHtml(buildReport(input)));
    expect(banner).toMatch(/class="banner banner-ok"/);
    expect(banner).toContain('data-trust="trust-file"');
    expect(textOf(banner)).toMatch(
      /^INTACT under the auditor's trust file \/audits\/app\.trust\.json \(2 keys, 1 pinned head\)/,
    );
  });

  test('findings stay first, and still say under which keys they were found', async () => {
    const io = await audited();
    const finding = { file: 'seg.jsonl', line: 2, code: 'KEY_NOT_TRUSTED', message: 'swapped' };
    for (const trustFile of [undefined, TRUST]) {
      const input = {
        ...(await reportInputOf(io)),
        findings: [finding],
        ...(trustFile === undefined ? {} : { trustFile }),
      };
      const html = renderReportHtml(buildReport(input as typeof input & { findings: never[] }));
      const said = textOf(bannerOf(html));
      expect(said).toMatch(/^LEDGER TAMPERED: 1 integrity findings \(/);
      expect(said).toContain(
        trustFile === undefined
          ? "(checked against this repository's own keys; no trust file)"
          : "(checked under the auditor's trust file /audits/app.trust.json)",
      );
      expect(said).toContain('seg.jsonl:2: KEY_NOT_TRUSTED swapped');
      expect(html).not.toMatch(/class="[^"]*\b(banner-ok|banner-own|v-ok)\b/);
    }
  });
});

describe('one verdict per scope in the headline', () => {
  test('task, project and release, each as claim decides it; never READY', async () => {
    const io = await audited();
    const model = buildReport(await reportInputOf(io));
    const html = renderReportHtml(model);
    const headline = html.slice(
      html.indexOf('id="status-verdict"'),
      html.indexOf('id="claims-now"'),
    );
    const shown = [
      ...headline.matchAll(
        /class="verdict (v-ok|v-no)" data-verdict="(\w+)" data-granted="(\w+)"/g,
      ),
    ].map((m) => [m[2], m[3], m[1]]);
    expect(shown.map((s) => s[0])).toEqual(['task', 'project', 'release']);
    for (const [scope, granted, look] of shown) {
      // The task is the Stop hook's with no task named: every required control.
      const controls = scope === 'task' ? io.plane.registry.controls.map((c) => c.id) : [];
      const claim = await claimFlow(
        { root: '/', scope: scope as 'task', controls, record: false, actor: developer },
        ctx(),
        io,
      );
      expect(granted, scope).toBe(String(claim.granted));
      expect(look).toBe(claim.granted ? 'v-ok' : 'v-no');
    }
    // This record: task granted (self), project and release refused (no release authority).
    expect(shown.map((s) => s[1])).toEqual(['true', 'false', 'false']);
    expect(textOf(headline)).toMatch(/project REFUSED: \d+ blockers?/);
    expect(textOf(headline)).not.toMatch(/\bREADY\b/);
  });
});

describe('the matrix says provenance once', () => {
  test('stage cells hold a status and a short label; each provenance is one numbered note', async () => {
    const html = renderReportHtml(buildReport(await reportInputOf(await audited(4))));
    const matrix = html.slice(
      html.indexOf('id="matrix-table"'),
      html.indexOf('id="claims-granted"'),
    );
    const cells = [
      ...matrix.matchAll(/<td class="st [^"]*"[^>]*data-note="(\d+)"[^>]*>(.*?)<\/td>/g),
    ];
    expect(cells.length).toBeGreaterThanOrEqual(4);
    for (const [, n, inner] of cells) {
      expect(textOf(inner!)).toMatch(new RegExp(`^PASS (label|signed|keyless)( !)? \\[${n}\\]$`));
      expect(inner).toContain(`href="#note-${n}"`);
    }
    const notes = [...matrix.matchAll(/<li id="note-(\d+)">([^<]*)<\/li>/g)].map((m) => m[2]);
    expect(new Set(notes).size).toBe(notes.length);
    expect(notes.length).toBeLessThan(cells.length);
    expect(notes).toContain('unsigned label (same person or machine not excluded)');
  });
});
