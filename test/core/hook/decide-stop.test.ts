import { describe, expect, test } from 'vitest';
import type { ClaimBlocker } from '../../../scripts/lib/core/gate/decide-claim.ts';
import {
  BLOCK_CAP,
  REASON_LIMIT,
  boundReason,
  decideStop,
  type HookState,
  type StopFacts,
  type StopRequest,
} from '../../../scripts/lib/core/hook/decide-stop.ts';
import { parseStopInput } from '../../../scripts/lib/core/hook/parse-stop-input.ts';

const stale: ClaimBlocker = {
  control: 'unit',
  stage: 'self',
  status: 'STALE',
  reason: 'results exist only for other code',
  next: 'proofgate evaluate --run --control unit',
};
const refused: StopFacts = {
  kind: 'claim',
  subject: 's1',
  granted: false,
  verdict:
    'REFUSED [task] 1 of 1 controls block the claim at engineering_ready (stages: self, cross)',
  blockers: [
    stale,
    {
      ...stale,
      stage: 'cross',
      next: 'proofgate audit --audit-stage cross --review-run latest --control unit',
    },
  ],
  applicable: 1,
  claimCommand: 'proofgate claim --control unit',
};
const request = (overrides: Partial<StopRequest> = {}): StopRequest => ({
  agent: 'claude',
  stopHookActive: false,
  facts: refused,
  state: undefined,
  time: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('decideStop', () => {
  test.each<[string, StopFacts, HookState | undefined]>([
    ['no plane', { kind: 'no-plane' }, undefined],
    ['granted claim', { ...refused, granted: true, blockers: [] }, undefined],
    ['no applicable control', { ...refused, applicable: 0 }, undefined],
  ])('%s: allows silently and clears the counter', (_name, facts) => {
    const decision = decideStop(request({ facts, state: { subject: 's1', blocks: 3 } }));
    expect(decision).toEqual({ action: 'allow', stdout: '', state: undefined });
  });

  test.each<[string, StopFacts, string]>([
    ['malformed input', { kind: 'malformed', problem: 'stdin is not JSON' }, 'malformed-input'],
    [
      'unavailable environment',
      { kind: 'unavailable', problem: 'GIT_FAILED: x' },
      'hook-unavailable',
    ],
  ])('%s: allows, keeps the counter and logs a diagnostic', (_name, facts, kind) => {
    const state = { subject: 's1', blocks: 2 };
    const decision = decideStop(request({ facts, state }));
    expect(decision.action).toBe('allow');
    expect(decision.stdout).toBe('');
    expect(decision.state).toEqual(state);
    expect(JSON.parse(decision.log!)).toMatchObject({ kind, agent: 'claude' });
  });

  test('a refused claim blocks (Claude): reason names the control, the next command and the rule', () => {
    const decision = decideStop(request());
    expect(decision.action).toBe('block');
    const out = JSON.parse(decision.stdout);
    expect(Object.keys(out)).toEqual(['decision', 'reason', 'systemMessage']);
    expect(out.decision).toBe('block');
    expect(out.reason).toContain('- unit [self] STALE: results exist only for other code');
    expect(out.reason).toContain('Next, in this order:\n- proofgate evaluate --run --control unit');
    expect(out.reason).toContain(
      'Then: proofgate claim --control unit. Do not report done until claim exits 0.',
    );
    expect(out.reason.split('\n')[0]).toBe(
      `proofgate: completion ${refused.kind === 'claim' ? refused.verdict : ''}`,
    );
    expect(decision.state).toEqual({ subject: 's1', blocks: 1 });
  });

  test('the block lists evaluate before the audits, each once, then the claim', () => {
    const audit = 'proofgate audit --audit-stage cross --review-run latest --control unit';
    const blockers = [
      {
        control: 'unit',
        stage: 'cross' as const,
        status: 'TODO' as const,
        reason: 'no audit',
        next: audit,
      },
      { ...stale, control: 'unit' },
      { ...stale, control: 'unit' },
    ];
    const reason = decideStop(request({ facts: { ...refused, blockers } })).reason!;
    const lines = reason.split('\n');
    const evaluateAt = lines.indexOf(`- ${stale.next ?? ''}`);
    const auditAt = lines.indexOf(`- ${audit}`);
    expect(evaluateAt).toBeGreaterThan(0);
    expect(auditAt).toBeGreaterThan(evaluateAt);
    expect(lines.filter((l) => l === `- ${stale.next ?? ''}`)).toHaveLength(1);
    expect(lines.findIndex((l) => l.startsWith('Then: proofgate claim'))).toBeGreaterThan(auditAt);
  });

  test('Codex gets only decision and reason', () => {
    const out = JSON.parse(decideStop(request({ agent: 'codex' })).stdout);
    expect(Object.keys(out)).toEqual(['decision', 'reason']);
  });

  test('at most five blockers are listed; the rest are counted', () => {
    const blockers = Array.from({ length: 8 }, (_, i) => ({ ...stale, control: `c${i}` }));
    const reason = decideStop(request({ facts: { ...refused, blockers } })).reason!;
    expect(reason).toContain('- c4 [self]');
    expect(reason).not.toContain('- c5 [self]');
    expect(reason).toContain('… and 3 more');
  });

  test('integrity failure blocks and says so', () => {
    const decision = decideStop(request({ facts: { kind: 'integrity', problem: 'chain broken' } }));
    expect(decision.action).toBe('block');
    expect(decision.reason!.split('\n')[0]).toBe(
      'proofgate: integrity failure: run proofgate verify --full',
    );
  });

  test('an invalid plane blocks with the next step (an agent cannot escape by breaking YAML)', () => {
    const facts: StopFacts = {
      kind: 'invalid',
      problem: 'registry.yaml is not valid YAML',
      next: 'fix it',
    };
    const decision = decideStop(request({ facts }));
    expect(decision.action).toBe('block');
    expect(decision.reason).toContain('Next: fix it');
  });

  test('counter: stop_hook_active on the same subject counts up; a new stop or new subject restarts', () => {
    const state = { subject: 's1', blocks: 2 };
    expect(decideStop(request({ stopHookActive: true, state })).state).toEqual({
      subject: 's1',
      blocks: 3,
    });
    expect(decideStop(request({ stopHookActive: false, state })).state).toEqual({
      subject: 's1',
      blocks: 1,
    });
    const other = { ...refused, subject: 's2' };
    expect(decideStop(request({ stopHookActive: true, state, facts: other })).state).toEqual({
      subject: 's2',
      blocks: 1,
    });
  });

  test(`after ${BLOCK_CAP} blocks on the same subject the stop is allowed, unproven, and logged`, () => {
    const state = { subject: 's1', blocks: BLOCK_CAP };
    const claude = decideStop(request({ stopHookActive: true, state }));
    expect(claude.action).toBe('allow');
    const out = JSON.parse(claude.stdout);
    expect(Object.keys(out)).toEqual(['systemMessage']);
    expect(out.systemMessage).toContain('WITHOUT proof');
    expect(JSON.parse(claude.log!)).toMatchObject({ kind: 'unproven-stop' });
    const codex = decideStop(request({ agent: 'codex', stopHookActive: true, state }));
    expect(codex).toMatchObject({ action: 'allow', stdout: '' });
    expect(codex.log).toBeDefined();
    const fifth = decideStop(
      request({ stopHookActive: true, state: { subject: 's1', blocks: BLOCK_CAP - 1 } }),
    );
    expect(fifth.action).toBe('block');
  });

  test('the reason is bounded and keeps its last instruction line', () => {
    const long = `${'x'.repeat(5000)}\nDo not report done until claim exits 0.`;
    const bounded = boundReason(long);
    expect(bounded.length).toBeLessThanOrEqual(REASON_LIMIT);
    expect(bounded.endsWith('Do not report done until claim exits 0.')).toBe(true);
    const blockers = Array.from({ length: 5 }, (_, i) => ({
      ...stale,
      control: `c${i}`,
      reason: 'r'.repeat(900),
    }));
    expect(
      decideStop(request({ facts: { ...refused, blockers } })).reason!.length,
    ).toBeLessThanOrEqual(REASON_LIMIT);
  });
});

describe('parseStopInput', () => {
  test.each([
    [
      '{"hook_event_name":"Stop","stop_hook_active":false,"cwd":"/r","session_id":"s"}',
      { event: 'Stop', stopHookActive: false, cwd: '/r', sessionId: 's' },
    ],
    [
      '{"hook_event_name":"SubagentStop","stop_hook_active":true}',
      { event: 'SubagentStop', stopHookActive: true },
    ],
    ['{}', { event: 'Stop', stopHookActive: false }],
  ])('accepts %s', (text, input) => {
    expect(parseStopInput(text)).toEqual({ ok: true, input });
  });

  test.each([
    ['not json', 'not JSON'],
    ['', 'not JSON'],
    ['[1]', 'not an object'],
    ['null', 'not an object'],
    ['{"hook_event_name":"PreToolUse"}', 'is not Stop or SubagentStop'],
    ['{"stop_hook_active":"yes"}', 'not a boolean'],
  ])('refuses %j', (text, problem) => {
    const parsed = parseStopInput(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });
});
