import { describe, expect, test } from 'vitest';
import { auditFlow } from '../../../scripts/lib/flows/audit/audit-flow.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { evaluateRun } from '../../../scripts/lib/flows/run/evaluate-flow.ts';
import { statusFlow } from '../../../scripts/lib/flows/views/status-flow.ts';
import { renderAudit } from '../../../scripts/lib/render/audit.ts';
import { renderClaim } from '../../../scripts/lib/render/claim.ts';
import { renderEvaluateRun } from '../../../scripts/lib/render/evaluate.ts';
import { renderStatus } from '../../../scripts/lib/render/status.ts';
import { createTestContext } from '../../helpers/context.ts';
import { command, createFakeGateIO, makeControl } from '../../helpers/fake-gate-io.ts';

const developer = { label: 'agent-1', authority: 'virtual:developer', context: 'session-1' };
const quality = { label: 'q', authority: 'virtual:quality', context: 'session-2' };

describe('gate renderers', () => {
  test('verdict first, then each control needing attention with its next command', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['fail'])),
      makeControl('T.slot', { type: 'slot', hint: 'e2e tests' }),
    ]);
    const ctx = createTestContext();
    const run = renderEvaluateRun(
      await evaluateRun(
        { root: '/', controls: [], actor: developer, authorize: [], jobs: 2, dryRun: false },
        ctx,
        io,
      ),
    );
    expect(run.split('\n')[0]).toBe('FAIL 3 controls at engineering_ready: 1 PASS, 1 FAIL, 1 TODO');
    expect(run).toContain(
      '  TODO     T.slot: no real command adopted (e2e tests)\n    next: proofgate adopt --list\n',
    );
    const status = renderStatus(await statusFlow({ root: '/', controls: [] }, ctx, io));
    expect(status.split('\n')[0]).toBe(
      'NOT READY 3 controls at engineering_ready: 1 PASS, 1 FAIL, 1 TODO',
    );
    expect(status).toMatch(
      / {2}FAIL {11}T\.lint: exit 1 in 2\.3 s, see evidence [0-9a-f]{12} \(virtual:developer, 2026-01-01T00:00:00\.000Z\)\n(?: {4}\| .*\n)* {4}next: proofgate query evidence [0-9a-f]{12} --tail 50\n {4}next: proofgate evaluate --run --control T\.lint\n/,
    );
    const audit = renderAudit(
      await auditFlow(
        {
          root: '/',
          stage: 'cross',
          review: 'latest',
          controls: ['T.unit', 'T.lint'],
          actor: quality,
          authorize: [],
          jobs: 1,
        },
        ctx,
        io,
      ),
    );
    expect(audit.split('\n')[0]).toBe('NOT PASSED cross audit of 2 controls: 2 agree');
    const claim = renderClaim(
      await claimFlow(
        { root: '/', scope: 'project', controls: [], record: true, actor: developer },
        ctx,
        io,
      ),
    );
    expect(claim.split('\n')[0]).toBe(
      'REFUSED [project] 3 of 3 controls block the claim at engineering_ready (stages: self, cross)',
    );
    // T.unit's cross audit agrees, but as an unsigned label it does not count at engineering_ready.
    expect(claim).toContain('T.unit [cross]: 1 cross result(s) by virtual:quality do not count');
  });

  test('a refused claim names each command once per control, and one command for all', async () => {
    const io = createFakeGateIO([
      makeControl('T.unit', command(['pass'])),
      makeControl('T.lint', command(['pass'])),
      makeControl('T.slot', { type: 'slot', hint: 'e2e tests' }),
    ]);
    const claim = renderClaim(
      await claimFlow(
        { root: '/', scope: 'project', controls: [], record: false, actor: developer },
        createTestContext(),
        io,
      ),
    );
    // Each control is blocked at two stages, but the run it lacks is named once.
    expect(claim.match(/next: proofgate evaluate --run --control T\.unit$/gm)).toHaveLength(1);
    expect(claim.match(/next: proofgate evaluate --run --control T\.lint$/gm)).toHaveLength(1);
    expect(claim).toContain(
      '  next, all 2 at once: proofgate evaluate --run --control T.unit --control T.lint\n',
    );
    // The slot needs adopting, not a run: it is not folded into the run command.
    expect(claim).not.toMatch(/--control T\.slot/);
  });
});
