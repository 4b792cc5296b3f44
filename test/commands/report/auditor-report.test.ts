// What an auditor needs from the page: no green verdict on a tampered ledger, every supporting
// entry of a granted claim opens on the page, superseded claims are marked, evidence objects are
// embedded bounded and redacted, and an empty output says so.
import { describe, expect, test } from 'vitest';
import { buildReport } from '../../../scripts/lib/core/report/build-report.ts';
import {
  EVIDENCE_BUDGET_BYTES,
  evidenceViews,
  OBJECT_SHOWN_BYTES,
} from '../../../scripts/lib/core/report/evidence-views.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { EvidenceObject } from '../../../scripts/lib/core/report/collect-trace-findings.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { renderReportHtml } from '../../../scripts/lib/render/report/html.ts';
import {
  command,
  createFakeGateIO as fakeGateIO,
  makeControl,
  makeManifest,
  output,
} from '../../helpers/fake-gate-io.ts';
import type { Control } from '../../../scripts/lib/core/plane/types.ts';

// These flows record unsigned, label-only audits, which count only at prototype.
function createFakeGateIO(controls: Control[]) {
  const manifest = makeManifest();
  return fakeGateIO(controls, {
    ...manifest,
    profile: { ...manifest.profile, target_maturity: 'prototype' },
  });
}
import {
  crossAudit,
  ctx,
  developer,
  reportInputOf,
  selfRun,
} from '../../helpers/report-fixture.ts';

const GREEN = /class="[^"]*\b(banner-ok|v-ok|st-pass|st-completed)\b/;
const bodyOf = (html: string): string => html.slice(html.indexOf('<body'));

async function claimedLedger() {
  const io = createFakeGateIO([
    makeControl('T.unit', command(['pass'])),
    makeControl('T.docs', command(['pass'])),
  ]);
  await selfRun(io);
  await crossAudit(io);
  const claim = { root: '/', scope: 'task' as const, record: true, actor: developer };
  await claimFlow({ ...claim, controls: ['T.unit'] }, ctx(), io);
  await claimFlow({ ...claim, controls: ['T.unit', 'T.docs'] }, ctx(), io);
  return io;
}

describe('a tampered ledger shows no green verdict', () => {
  test('intact: green cells and verdicts; tampered: none, every status marked untrusted', async () => {
    const io = await claimedLedger();
    const input = await reportInputOf(io);
    const intact = bodyOf(renderReportHtml(buildReport(input)));
    expect(intact).toMatch(GREEN);
    expect(intact).toMatch(/if claimed now: (PASS|COMPLETED)/);
    const findings = [
      { file: 'ledger/test.jsonl', line: 2, code: 'LINE_EDITED' as const, message: 'edited' },
    ];
    const tampered = bodyOf(renderReportHtml(buildReport({ ...input, findings })));
    expect(tampered).not.toMatch(GREEN);
    expect(tampered).not.toMatch(/if claimed now: (PASS|COMPLETED)/);
    expect(tampered).toContain('REFUSED, the ledger does not verify (exit 3)');
    expect(tampered).toContain('PASS (untrusted)');
    expect(tampered).toContain('ledger/test.jsonl:2: LINE_EDITED edited');
  });
});

describe('granted claims', () => {
  test('every supporting entry links to a row on the page, even older than the timeline', async () => {
    const io = await claimedLedger();
    const html = renderReportHtml(buildReport(await reportInputOf(io, 1)));
    const links = [...html.matchAll(/<a href="#(e-[0-9a-f]{64})"/g)].map((m) => m[1]!);
    const cited = new Set(
      io.stored.flatMap((s) =>
        s.entry.kind === 'claim' ? (s.entry.body['supporting'] as string[]) : [],
      ),
    );
    expect(cited.size).toBeGreaterThan(1);
    for (const hash of cited) expect(links).toContain(`e-${hash}`);
    for (const id of links) expect(html).toMatch(new RegExp(`<tr [^>]*id="${id}"`));
    expect(html).toMatch(/<tr [^>]*data-pinned="true"/);
  });

  test('a claim covered by a later claim of the same scope is marked superseded, not green', async () => {
    const io = await claimedLedger();
    const model = buildReport(await reportInputOf(io));
    const [latest, older] = model.granted;
    expect(latest!.supersededBy).toBeUndefined();
    expect(older!.supersededBy).toBe(latest!.hash);
    const html = renderReportHtml(model);
    const row = new RegExp(`<tr data-claim="${older!.hash}"[^>]*>(.*?)</tr>`).exec(html)![1]!;
    expect(html).toContain(
      `data-claim="${older!.hash}" id="e-${older!.hash}" data-superseded="true"`,
    );
    expect(row).toContain('superseded by');
    expect(row).not.toMatch(GREEN);
  });
});

describe('the ledger timeline', () => {
  test("lists the latest entries in ledger order, whatever the writers' clocks say", async () => {
    const io = await claimedLedger();
    const input = await reportInputOf(io, 2);
    // The first entry claims a date far ahead of every later line: a forged or broken clock.
    const [first, ...rest] = input.entries;
    const forged = { ...first!, entry: { ...first!.entry, time: '2099-01-01T00:00:00.000Z' } };
    const model = buildReport({ ...input, entries: [forged, ...rest] });
    const shown = model.ledger.latest.filter((row) => !row.isPinned).map((row) => row.hash);
    expect(shown).toEqual([rest.at(-1)!.hash, rest.at(-2)!.hash]);
    expect(shown).not.toContain(first!.hash);
  });
});

describe('evidence objects on the page', () => {
  test('an empty output is labelled, in the timeline and in the status reason', async () => {
    const io = createFakeGateIO([makeControl('T.quiet', command(['quiet']))]);
    io.script = () => output('');
    await selfRun(io);
    const model = buildReport(await reportInputOf(io));
    expect(model.controls[0]!.reason).toContain('empty output');
    const html = renderReportHtml(model);
    expect(html).toContain('data-state="empty"');
    expect(html).toContain(': empty output (0 bytes)</summary>');
  });

  test('text is embedded bounded and redacted; binary and missing objects are named', () => {
    const entry = (objects: string[]): StoredEntry =>
      ({ entry: { storage: { heads: {}, objects } }, hash: 'h', file: 'f', line: 1 }) as never;
    const long = new TextEncoder().encode(`token ghp_${'a'.repeat(36)}\n${'x'.repeat(9000)}`);
    const objects = new Map<string, EvidenceObject>([
      ['long', long],
      ['bin', new Uint8Array([1, 0, 2])],
      ['gone', 'missing' as const],
    ]);
    const views = evidenceViews([entry(['long', 'bin', 'gone', 'unloaded'])], objects);
    const text = views.get('long')!;
    expect(text.state).toBe('text');
    if (text.state !== 'text') return;
    expect(text.isCut).toBe(true);
    expect(text.text.length).toBeLessThanOrEqual(OBJECT_SHOWN_BYTES);
    expect(text.text).toContain('[REDACTED]');
    expect(text.text).not.toContain('ghp_');
    expect(views.get('bin')!.state).toBe('binary');
    expect(views.get('gone')!.state).toBe('missing');
    expect(views.get('unloaded')!.state).toBe('not-embedded');
  });

  test('the page budget stops embedding; later objects are only named', () => {
    const n = Math.ceil(EVIDENCE_BUDGET_BYTES / OBJECT_SHOWN_BYTES) + 2;
    const digests = Array.from({ length: n }, (_, i) => `d${i}`);
    const objects = new Map(digests.map((d) => [d, new Uint8Array(OBJECT_SHOWN_BYTES).fill(120)]));
    const entry = { entry: { storage: { heads: {}, objects: digests } } } as never;
    const states = [...evidenceViews([entry], objects).values()].map((v) => v.state);
    expect(states.filter((s) => s === 'text')).toHaveLength(
      EVIDENCE_BUDGET_BYTES / OBJECT_SHOWN_BYTES,
    );
    expect(states.at(-1)).toBe('not-embedded');
  });
});

describe('append-only proof on the page', () => {
  test('the page names the upstream it was compared with, or says there was none', async () => {
    const io = await claimedLedger();
    const input = await reportInputOf(io);
    expect(renderReportHtml(buildReport(input))).toContain('No upstream comparison');
    const compared = {
      ...input,
      upstream: { ref: 'origin/main', commit: '04ba4df'.padEnd(40, '0') },
    };
    expect(renderReportHtml(buildReport(compared))).toContain(
      'Append-only against origin/main: the ledger at the fork point 04ba4df is a byte prefix',
    );
  });
});
