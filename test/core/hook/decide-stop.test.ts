import { describe, expect, test } from 'vitest';
import type { ClaimBlocker } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';
import {
  BLOCK_CAP,
  decideStop,
  type StopFacts,
  type StopRequest,
} from '../../../scripts/lib/core/hook/decide-stop.ts';
import { REASON_LIMIT } from '../../../scripts/lib/core/hook/fit-reason.ts';
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
  controls: ['unit'],
  claimCommand: 'proofgate claim --control unit',
};
const request = (overrides: Partial<StopRequest> = {}): StopRequest => ({
  agent: 'claude',
  event: 'Stop',
  session: 'sess-1',
  stopHookActive: false,
  facts: refused,
  recorded: 0,
  time: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('decideStop', () => {
  test.each<[string, StopFacts]>([
    ['no plane', { kind: 'no-plane' }],
    ['granted claim', { ...refused, granted: true, blockers: [] }],
    ['no applicable control', { ...refused, applicable: 0, blockers: [] }],
  ])('%s: allows silently and records nothing', (_name, facts) => {
    const decision = decideStop(request({ facts, stopHookActive: true, recorded: BLOCK_CAP }));
    expect(decision).toEqual({ action: 'allow', stdout: '' });
  });

  test('no applicable control but a blocker (a rule change not in effect): blocks as claim refuses', () => {
    const decision = decideStop(request({ facts: { ...refused, applicable: 0 } }));
    expect(decision.action).toBe('block');
    expect(decision.reason).toContain(stale.reason);
  });

  test.each<[string, StopFacts, string, string]>([
    [
      'malformed input',
      { kind: 'malformed', problem: 'stdin is not JSON' },
      'malformed-input',
      'could not read its input',
    ],
    [
      'git failing',
      { kind: 'unavailable', problem: 'NOT_A_GIT_REPO: x', next: 'git config --unset core.bare' },
      'hook-unavailable',
      'could not decide',
    ],
  ])('%s: blocks with the cause and the next step, and logs it', (_name, facts, kind, says) => {
    const decision = decideStop(request({ facts, stopHookActive: true, recorded: 99 }));
    expect(decision.action).toBe('block');
    expect(decision.note).toBeUndefined();
    const out = JSON.parse(decision.stdout);
    expect(out.decision).toBe('block');
    expect(out.reason).toContain(says);
    expect(out.reason).toContain(facts.kind === 'unavailable' ? 'Next: git config' : 'Next:');
    expect(out.reason.endsWith('Do not report done until claim exits 0.')).toBe(true);
    expect(JSON.parse(decision.log!)).toMatchObject({ kind, agent: 'claude' });
  });

  test('an error never reaches the loop escape, however many blocks are recorded', () => {
    for (const facts of [
      { kind: 'unavailable', problem: 'timeout' },
      { kind: 'integrity', problem: 'chain broken' },
      { kind: 'invalid', problem: 'bad yaml', next: 'fix it' },
      { kind: 'malformed', problem: 'x' },
    ] satisfies StopFacts[]) {
      const decision = decideStop(request({ facts, stopHookActive: true, recorded: 50 }));
      expect(decision.action).toBe('block');
    }
  });

  test('a refused claim blocks (Claude) and asks for a hook-block note', () => {
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
    expect(decision.note).toEqual({
      type: 'hook-block',
      session: 'sess-1',
      event: 'Stop',
      active: false,
      subject: 's1',
      controls: ['unit'],
      blockers: ['unit [self] STALE', 'unit [cross] STALE'],
    });
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

  test(`after ${BLOCK_CAP} recorded blocks in a chain the stop passes, with an unproven-stop note`, () => {
    const claude = decideStop(request({ stopHookActive: true, recorded: BLOCK_CAP }));
    expect(claude.action).toBe('allow');
    const out = JSON.parse(claude.stdout);
    expect(Object.keys(out)).toEqual(['systemMessage']);
    expect(out.systemMessage).toContain('WITHOUT proof');
    expect(claude.note).toMatchObject({
      type: 'unproven-stop',
      blocks: BLOCK_CAP,
      session: 'sess-1',
    });
    expect(JSON.parse(claude.log!)).toMatchObject({ kind: 'unproven-stop' });
    const codex = decideStop(
      request({ agent: 'codex', stopHookActive: true, recorded: BLOCK_CAP }),
    );
    expect(codex).toMatchObject({ action: 'allow', stdout: '' });
    expect(codex.note?.type).toBe('unproven-stop');
    const fifth = decideStop(request({ stopHookActive: true, recorded: BLOCK_CAP - 1 }));
    expect(fifth.action).toBe('block');
    expect(fifth.note?.type).toBe('hook-block');
  });

  test('a stop that is not a continuation starts a new chain, whatever the ledger counted', () => {
    const fresh = decideStop(request({ stopHookActive: false, recorded: BLOCK_CAP + 3 }));
    expect(fresh.action).toBe('block');
    expect(fresh.note).toMatchObject({ type: 'hook-block', active: false });
  });

  test('when the note cannot be recorded the stop stays blocked and says why', () => {
    const decision = decideStop(
      request({ stopHookActive: true, recorded: BLOCK_CAP, recordFailure: 'LOCK_TIMEOUT: busy' }),
    );
    expect(decision.action).toBe('block');
    expect(decision.note).toBeUndefined();
    expect(decision.reason).toContain('The ledger could not record this stop (LOCK_TIMEOUT: busy)');
    expect(decision.reason!.endsWith('Do not report done until claim exits 0.')).toBe(true);
  });

  test('many long blockers: the reason stays bounded and keeps its Next and Then lines whole', () => {
    const blockers = Array.from({ length: 40 }, (_, i) => ({
      ...stale,
      control: `control-with-a-long-name-${i}`,
      reason: 'r'.repeat(300),
      next: `proofgate evaluate --run --control control-with-a-long-name-${i}`,
    }));
    const claimCommand = `proofgate claim ${blockers
      .map((b) => `--control ${b.control}`)
      .join(' ')
      .slice(0, 290)}`;
    const reason = decideStop(request({ facts: { ...refused, blockers, claimCommand } })).reason!;
    expect(reason.length).toBeLessThanOrEqual(REASON_LIMIT);
    const lines = reason.split('\n');
    expect(lines[0]).toContain('proofgate: completion REFUSED');
    expect(lines).toContain('Next, in this order:');
    expect(lines.at(-1)).toBe(`Then: ${claimCommand}. Do not report done until claim exits 0.`);
    expect(reason).toContain('more (run proofgate status)');
    expect(reason).toContain('- proofgate evaluate --run --control control-with-a-long-name-0');
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

describe('the session transcript', () => {
  const granted: StopFacts = { ...refused, granted: true, blockers: [], verdict: 'GRANTED [task]' };
  const falseClaim = {
    kind: 'judged' as const,
    sha256: 'a'.repeat(64),
    findings: [
      {
        rule: 'TESTS_PASS_CLAIM',
        message:
          'the final reply claims passing tests: "All tests pass." — but npm test (call toolu_1) failed: not ok 1 - adds',
        quote: 'All tests pass.',
        callId: 'toolu_1',
        command: 'npm test',
      },
    ],
  };

  test('a false claim blocks a granted stop and a stop with no applicable control', () => {
    for (const facts of [granted, { ...granted, applicable: 0 }]) {
      const decision = decideStop(request({ facts, transcript: falseClaim }));
      expect(decision.action).toBe('block');
      expect(decision.reason).toContain('- TESTS_PASS_CLAIM: the final reply claims passing tests');
      expect(decision.reason).toContain('Next: run npm test again and report what it says');
      expect(decision.note).toMatchObject({
        type: 'hook-block',
        transcript: {
          sha256: 'a'.repeat(64),
          findings: [{ rule: 'TESTS_PASS_CLAIM', quote: 'All tests pass.', callId: 'toolu_1' }],
        },
      });
    }
  });

  test('an honest transcript changes nothing', () => {
    const honest = { kind: 'judged' as const, sha256: 'b'.repeat(64), findings: [] };
    expect(decideStop(request({ facts: granted, transcript: honest }))).toEqual({
      action: 'allow',
      stdout: '',
    });
    const blocked = decideStop(request({ transcript: honest }));
    expect(blocked.reason).toBe(decideStop(request()).reason);
  });

  test('with a refused claim, the false claims come before the blockers', () => {
    const reason = decideStop(request({ transcript: falseClaim })).reason ?? '';
    expect(reason.indexOf('TESTS_PASS_CLAIM')).toBeLessThan(reason.indexOf('- unit [self] STALE'));
    expect(reason).toContain('Then: proofgate claim --control unit.');
  });

  test('an unjudged transcript: warn allows and says so, block blocks', () => {
    const unread = { kind: 'unreadable' as const, problem: 'TRACE_FORMAT: unknown format' };
    const warned = decideStop(
      request({ facts: granted, transcript: { ...unread, policy: 'warn' } }),
    );
    expect(warned.action).toBe('allow');
    expect(JSON.parse(warned.stdout).systemMessage).toContain('TRACE_FORMAT: unknown format');
    const codex = decideStop(
      request({ agent: 'codex', facts: granted, transcript: { ...unread, policy: 'warn' } }),
    );
    expect(codex.stdout).toBe('');
    const blocked = decideStop(
      request({ facts: granted, transcript: { ...unread, policy: 'block' } }),
    );
    expect(blocked.action).toBe('block');
    expect(blocked.reason).toContain('policies.transcript_unreadable: block');
    expect(blocked.note?.transcript).toEqual({ findings: [], problem: unread.problem });
  });
});
