import { describe, expect, test } from 'vitest';
import { buildReport } from '../../../scripts/lib/core/report/build-report.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import type { StatusFlowResult } from '../../../scripts/lib/flows/views/status-flow.ts';
import { renderReportHtml } from '../../../scripts/lib/render/report/html.ts';
import type { ReportModel } from '../../../scripts/lib/core/report/build-report.ts';
import {
  command,
  // These flows record unsigned, label-only audits, which count only at prototype.
  createPrototypeGateIO as createFakeGateIO,
  makePrototypeManifest as makeManifest,
  makeControl,
  defaultScript,
  output,
  type FakeGateIO,
} from '../../helpers/fake-gate-io.ts';

import {
  crossAudit,
  ctx,
  developer,
  modelAndStatus,
  reportInputOf,
  selfRun,
} from '../../helpers/report-fixture.ts';

function fixture(): FakeGateIO {
  return createFakeGateIO([
    makeControl('T.unit', command(['pass'])),
    makeControl('T.lint', command(['pass']), { inputs: ['src/**'] }),
    makeControl('T.perf', command(['pass']), { required_from_maturity: 'production_ready' }),
  ]);
}

async function allPass(): Promise<FakeGateIO> {
  const io = fixture();
  await selfRun(io, ['T.unit', 'T.lint']);
  await crossAudit(io, ['T.unit', 'T.lint']);
  return io;
}

/** The matrix rows of the rendered page: control id → headline status. */
function htmlStatuses(html: string): Map<string, string> {
  const rows = html.matchAll(/<tr data-control="([^"]+)" data-status="([^"]+)"/g);
  return new Map([...rows].map((m) => [m[1]!, m[2]!]));
}

/** The report agrees with status --json on every control status reports, in model and in HTML. */
function expectSameVerdicts(model: ReportModel, status: StatusFlowResult): void {
  const byId = new Map(model.controls.map((c) => [c.control, c]));
  for (const expected of status.statuses) {
    const { maturity: _m, isRequired, ...actual } = byId.get(expected.control)!;
    expect(isRequired).toBe(true);
    expect(actual).toEqual(expected);
  }
  expect(model.controls.filter((c) => c.isRequired)).toHaveLength(status.statuses.length);
  expect(model.isReady).toBe(status.ok);
  expect(model.counts).toEqual(status.counts);
  const shown = htmlStatuses(renderReportHtml(model));
  for (const s of status.statuses) expect(shown.get(s.control)).toBe(s.status);
}

describe('report model and page agree with status --json', () => {
  test('all PASS: READY, project claim granted now, the required controls all PASS', async () => {
    const io = await allPass();
    const { model, status } = await modelAndStatus(io);
    expectSameVerdicts(model, status);
    expect(status.statuses.map((s) => s.status)).toEqual(['PASS', 'PASS']);
    expect(model.controls.find((c) => c.control === 'T.perf')).toMatchObject({
      isRequired: false,
      status: 'TODO',
    });
    const project = model.claimsNow.find((d) => d.scope === 'project')!;
    expect(project.granted).toBe(true);
    const html = renderReportHtml(model);
    expect(html).toContain('2 controls required at prototype: 2 PASS');
    expect(html).toContain('data-verdict="project" data-granted="true"');
    expect(html).toContain('data-scope="project" data-granted="true"');
    expect(html).toContain('data-integrity="ok"');
  });

  test('one STALE: only the control whose inputs changed goes STALE and the claim is refused now', async () => {
    const io = await allPass();
    io.inputs.set('T.lint', 'e'.repeat(64));
    const { model, status } = await modelAndStatus(io);
    expectSameVerdicts(model, status);
    expect(status.statuses.map((s) => [s.control, s.status])).toEqual([
      ['T.unit', 'PASS'],
      ['T.lint', 'STALE'],
    ]);
    const project = model.claimsNow.find((d) => d.scope === 'project')!;
    expect(project.granted).toBe(false);
    expect(project.verdict).toMatch(/^REFUSED \[project\] 1 of 2 controls/);
    expect(renderReportHtml(model)).toContain('data-scope="project" data-granted="false"');
  });

  test('one DISPUTED: a cross audit that re-executes differently makes the control DISPUTED', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['echo', 'clean'])),
    ]);
    await selfRun(io);
    io.script = (request) =>
      request.argv[0] === 'echo' ? output('3 problems\n', 1) : defaultScript(request);
    await crossAudit(io);
    const { model, status } = await modelAndStatus(io);
    expectSameVerdicts(model, status);
    expect(status.statuses.map((s) => [s.control, s.status])).toEqual([
      ['T.unit', 'PASS'],
      ['T.lint', 'DISPUTED'],
    ]);
    expect(model.claimsNow.every((d) => !d.granted)).toBe(true);
  });

  test('a refused claim is not in the ledger; the granted one is, and both show', async () => {
    const io = await allPass();
    const granted = await claimFlow(
      { root: '/', scope: 'project', controls: [], record: true, actor: developer },
      ctx(),
      io,
    );
    expect(granted.granted).toBe(true);
    io.inputs.set('T.lint', 'e'.repeat(64));
    const refused = await claimFlow(
      { root: '/', scope: 'project', controls: [], record: true, actor: developer },
      ctx(),
      io,
    );
    expect(refused.granted).toBe(false);
    const { model, status } = await modelAndStatus(io);
    expectSameVerdicts(model, status);
    expect(model.grantedTotal).toBe(1);
    expect(model.granted[0]!.hash).toBe(granted.entry);
    const now = model.claimsNow.find((d) => d.scope === 'project')!;
    expect(now.verdict).toBe(refused.verdict);
    const html = renderReportHtml(model);
    expect(html).toContain(`data-claim="${granted.entry}"`);
    expect(html).toContain(`if claimed now: ${refused.verdict}`);
  });

  test('"if claimed now" is the claim decision itself: efficacy and instruction blockers included', async () => {
    const base = makeManifest();
    const io = createFakeGateIO(
      [makeControl('T.unit', command(['pass'])), makeControl('T.lint', command(['pass']))],
      makeManifest({
        policies: {
          ...base.policies,
          efficacy_required_for_release: true,
          unmapped_instructions: 'block',
        },
        instruction_sources: [{ path: 'AGENTS.md', sha256: 'a'.repeat(64) }],
      }),
    );
    await selfRun(io, ['T.unit', 'T.lint']);
    await crossAudit(io, ['T.unit', 'T.lint']);
    const model = buildReport(await reportInputOf(io));
    for (const scope of ['project', 'release'] as const) {
      const claim = await claimFlow(
        { root: '/', scope, controls: [], record: false, actor: developer },
        ctx(),
        io,
      );
      const now = model.claimsNow.find((d) => d.scope === scope)!;
      expect(claim.granted).toBe(false);
      expect(now.granted).toBe(false);
      expect(now.verdict).toBe(claim.verdict);
      expect(now.blockers).toEqual(claim.blockers);
    }
    const release = model.claimsNow.find((d) => d.scope === 'release')!;
    expect(release.blockers.map((b) => b.control)).toEqual(
      expect.arrayContaining(['T.unit', 'T.lint', 'instructions:AGENTS.md']),
    );
    expect(release.blockers.some((b) => b.reason.startsWith('efficacy unproven'))).toBe(true);
    // Every control is PASS, yet the headline is not green: the claim would be refused.
    expect(model.isReady).toBe(true);
    const html = renderReportHtml(model);
    expect(html).toContain('class="verdict v-no" data-verdict="project" data-granted="false"');
    expect(html).toContain('class="verdict v-no" data-verdict="release" data-granted="false"');
    expect(html).not.toMatch(/\bREADY\b/);
    // The release box says each thing once: the refusal, one efficacy line per control, and one
    // command for the audits that differ only by control (as the CLI prints it).
    const box = html.slice(
      html.indexOf('data-scope="release"'),
      html.indexOf('</section>', html.indexOf('data-scope="release"')),
    );
    expect(release.verdict.match(/REFUSED \[release\]/g)).toHaveLength(1);
    for (const control of ['T.unit', 'T.lint'])
      expect(
        box.match(
          new RegExp(
            `<td>${control}</td><td>self</td>.{0,120}efficacy unproven: no efficacy evidence for this control definition</td>`,
            'g',
          ),
        ),
      ).toHaveLength(1);
    expect(box).not.toContain('unproven: unproven');
    const once = [
      ...box.matchAll(/<p class="all-at-once" data-controls="(\d+)">[^<]*<code>([^<]*)<\/code>/g),
    ];
    expect(once.map((m) => m[1])).toEqual(['2']);
    expect(once[0]![2]).toMatch(/^proofgate audit .*--control T\.unit --control T\.lint/);
    expect(box).toContain('in the one command below');
  });

  test('trace findings come from the trace control evidence object, escaped', async () => {
    const io = createFakeGateIO([
      makeControl('T.trace', { type: 'trace', pack: 'packs/refund.yaml', traces: ['t/*.json'] }),
    ]);
    const report = {
      pack: 'packs/refund.yaml',
      adapter: 'auto',
      status: 'fail',
      traces: [
        {
          file: 't/1.json',
          verdict: {
            findings: [
              {
                rule: 'refund-needs-identity',
                level: 'block',
                outcome: 'fail',
                message: 'refund <b>before</b> identity check',
                at: [4],
                evidence: [],
              },
            ],
          },
        },
      ],
    };
    io.traces.set('packs/refund.yaml', {
      status: 'FAIL',
      detail: 'FAIL 1 block finding',
      report: new TextEncoder().encode(JSON.stringify(report)),
    });
    await selfRun(io);
    const model = buildReport(await reportInputOf(io));
    expect(model.traceFindings.rows).toEqual([
      expect.objectContaining({ control: 'T.trace', rule: 'refund-needs-identity', at: [4] }),
    ]);
    const html = renderReportHtml(model);
    expect(html).toContain('refund &lt;b&gt;before&lt;/b&gt; identity check');
    expect(html).not.toContain('<b>before');
  });

  test('a corrupt or missing trace evidence object is reported as a problem, not read', async () => {
    const io = createFakeGateIO([
      makeControl('T.trace', { type: 'trace', pack: 'p.yaml', traces: ['t/*.json'] }),
    ]);
    io.traces.set('p.yaml', {
      status: 'FAIL',
      detail: 'x',
      report: new TextEncoder().encode('{}'),
    });
    await selfRun(io);
    const input = await reportInputOf(io);
    const digest = [...input.objects.keys()][0]!;
    const model = buildReport({ ...input, objects: new Map([[digest, 'corrupt']]) });
    expect(model.traceFindings.problems).toEqual([
      `T.trace: evidence ${digest.slice(0, 12)} is corrupt`,
    ]);
  });
});
