import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  caseArgs,
  hypothesisArgs,
  pagerPlane,
  planeWith,
  scriptProbe,
} from '../helpers/knowledge-plane.ts';
import type { KnowledgePlane } from '../helpers/knowledge-plane.ts';

const add = (claim: string, risk: string, gain: string, script: string): string[] =>
  hypothesisArgs(claim, { risk, infoGain: gain, probe: scriptProbe(script) });

async function buggyBoard(): Promise<KnowledgePlane> {
  const plane = pagerPlane({
    'probe-negative.mjs': [-5, 1],
    'probe-large.mjs': [500, 100],
    'probe-normal.mjs': [20, 20],
  });
  // Scores 0.72, 0.81, 0.64: probe order must be H-0002, H-0001, H-0003.
  for (const args of [
    add('a large page size is not clamped', '0.8', '0.9', 'probe-large.mjs'),
    add('a negative page size is accepted', '0.9', '0.9', 'probe-negative.mjs'),
    add('a normal page size is changed', '0.8', '0.8', 'probe-normal.mjs'),
  ]) {
    const added = await plane.run(args);
    expect(added.code, added.err).toBe(0);
  }
  return plane;
}

function updates(plane: KnowledgePlane): { id: string; status: string }[] {
  const text = readFileSync(join(plane.root, '.proofgate/knowledge/hypotheses.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { op: string; update?: { id: string; status: string } })
    .flatMap((r) => (r.op === 'update' && r.update !== undefined ? [r.update] : []));
}

describe('proofgate knowledge explore', { timeout: 60_000 }, () => {
  it('runs the probes in priority order, confirms the real bug, refutes the rest, stops at done', async () => {
    const plane = await buggyBoard();
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.code, result.err).toBe(0);
    expect(updates(plane).map((u) => `${u.id}:${u.status}`)).toEqual([
      'H-0002:confirmed',
      'H-0001:refuted',
      'H-0003:refuted',
    ]);
    expect(result.out).toContain('CONFIRMED H-0002');
    expect(result.out).toContain('STOP done');
    const list = await plane.run(['knowledge', 'hypothesis', 'list']);
    expect(list.out).toContain('confirmed');
  });

  it('the drift watchdog steers the pick away from the top, and --share 1 explores every pick', async () => {
    const plane = await buggyBoard();
    // --drift-steps 3: the three adds without evidence trip the watchdog before the first probe.
    const drifting = await plane.run([
      ...['knowledge', 'explore', '--share', '0', '--drift-steps', '3', '--json'],
    ]);
    const first = JSON.parse(drifting.out) as { steps: { id: string; isExploration?: boolean }[] };
    expect(first.steps).toHaveLength(1);
    expect(first.steps[0]!.id).not.toBe('H-0002');
    expect(first.steps[0]!.isExploration).toBe(true);
    // Without drift and with no share, the top priority is taken.
    const top = await (await buggyBoard()).run(['knowledge', 'explore', '--share', '0', '--json']);
    expect((JSON.parse(top.out) as { steps: { id: string }[] }).steps[0]!.id).toBe('H-0002');
    const all = await (await buggyBoard()).run(['knowledge', 'explore', '--share', '1']);
    expect(all.out).toContain('(exploration pick)');
  });

  it('with a budget of one step stops after one probe and says the budget is spent', async () => {
    const plane = await buggyBoard();
    const result = await plane.run(['knowledge', 'explore', '--until-done', '--max-steps', '1']);
    expect(result.code).toBe(1);
    expect(updates(plane)).toHaveLength(1);
    expect(result.out).toContain('STOP budget spent: steps');
    expect(result.out).toContain('next: H-0001');
  });

  it('without --until-done runs exactly one probe', async () => {
    const plane = await buggyBoard();
    const result = await plane.run(['knowledge', 'explore']);
    expect(result.code).toBe(0);
    expect(updates(plane)).toEqual([
      expect.objectContaining({ id: 'H-0002', status: 'confirmed' }),
    ]);
  });

  it('refuses a probe without an expectation and an expectation without a probe (exit 2)', async () => {
    const plane = planeWith('');
    const base = add('x', '0.5', '0.5', 'p.mjs');
    const noExpect = await plane.run(base.slice(0, -2));
    expect(noExpect.code).toBe(2);
    expect(noExpect.err).toContain('--expect-exit or --expect-output');
    const noProbe = await plane.run([...base.slice(0, 14), '--expect-exit', '1']);
    expect(noProbe.code).toBe(2);
    expect(noProbe.err).toContain('--probe-argv: missing');
    const badRe = await plane.run([...base.slice(0, -2), '--expect-output', '(']);
    expect(badRe.code).toBe(2);
    expect(badRe.err).toContain('not a valid regular expression');
  });

  it('a probe whose command cannot start decides nothing: exit 4, the hypothesis stays open', async () => {
    const plane = planeWith('');
    const args = add('x', '0.9', '0.9', 'p.mjs');
    args[args.indexOf(process.execPath)] = 'definitely-not-a-command-pg';
    await plane.run(args);
    const result = await plane.run(['knowledge', 'explore']);
    expect(result.code).toBe(4);
    expect(result.out).toContain('did not run to an exit');
    expect(updates(plane)).toEqual([]);
  });
});

describe('proofgate knowledge explore: done is not vacuous', { timeout: 60_000 }, () => {
  it('an empty board is not done, and an uncovered high-risk goal keeps the loop going by name', async () => {
    const empty = planeWith('');
    const none = await empty.run(['knowledge', 'explore', '--until-done']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('the board is empty');
    const plane = await buggyBoard();
    const result = await plane.run(['knowledge', 'explore', '--until-done', '--goal', 'security']);
    expect(result.code).toBe(1);
    expect(updates(plane)).toHaveLength(3);
    expect(result.out).toContain('undecided high-risk goals: security');
    expect(result.out).not.toContain('STOP done');
    const bad = await plane.run(['knowledge', 'explore', '--goal', 'speed']);
    expect(bad.code).toBe(2);
  });
});

describe('proofgate knowledge explore: FLAKY', { timeout: 60_000 }, () => {
  // Exits 1, then 0, then 1, ... : PASS and FAIL on the same commit.
  const FLIP =
    "import { existsSync, readFileSync, writeFileSync } from 'node:fs';\n" +
    "const n = existsSync('flip.count') ? Number(readFileSync('flip.count', 'utf8')) : 0;\n" +
    "writeFileSync('flip.count', String(n + 1)); process.exit(n % 2 === 0 ? 1 : 0);\n";

  it('disagreeing repeats decide nothing, show the confidence grade and quarantine the probe', async () => {
    const plane = planeWith('');
    plane.write('flip.mjs', FLIP);
    await plane.run(add('the cache races', '0.9', '0.9', 'flip.mjs'));
    const result = await plane.run(['knowledge', 'explore', '--until-done', '--repeat', '3']);
    expect(result.out).toContain('FLAKY H-0001');
    expect(result.out).toContain('confidence 2/3 runs agree; quarantined');
    expect(result.code).toBe(1);
    // Quarantined: a second explore on the same commit does not probe it again.
    const again = await plane.run(['knowledge', 'explore', '--until-done', '--repeat', '3']);
    expect(again.out).toContain('no probe ran');
    const recorded = updates(plane);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.status).toBeUndefined();
    const list = await plane.run(['knowledge', 'hypothesis', 'list']);
    expect(list.out).not.toContain('confirmed');
  });

  it('agreeing repeats decide as a single run does', async () => {
    const plane = await buggyBoard();
    const result = await plane.run(['knowledge', 'explore', '--until-done', '--repeat', '2']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('confidence 2/2 runs agree');
    expect(updates(plane).map((u) => u.status)).toEqual(['confirmed', 'refuted', 'refuted']);
  });
});

describe('proofgate knowledge explore: negative results filter', { timeout: 60_000 }, () => {
  const caseWith = (negative: string, attr = 'functional'): string[] =>
    caseArgs({ negative, attr });

  it('a case that tried exactly this claim filters it with the case id; it is never probed', async () => {
    const plane = await buggyBoard();
    const added = await plane.run(
      caseWith('A large page size is  not clamped :: the framework clamps before our code'),
    );
    expect(added.code, added.err).toBe(0);
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.out).toContain('FILTERED H-0001 by CB-0001');
    expect(updates(plane).map((u) => u.id)).toEqual(['H-0002', 'H-0003']);
    expect(result.code).toBe(0);
  });

  it('does not filter on shared words, nor across quality attributes', async () => {
    const plane = await buggyBoard();
    await plane.run(caseWith('a large page size :: slow'));
    await plane.run(caseWith('a large page size is not clamped :: n/a', 'performance'));
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.out).not.toContain('FILTERED');
    expect(updates(plane)).toHaveLength(3);
  });
});

describe('proofgate knowledge explore: target model and priors', { timeout: 60_000 }, () => {
  const model = {
    target: { kind: 'web-api' },
    architecture: { shape: 'service' },
    stack: { lang: ['typescript'], frameworks: [] },
    qualityGoals: [{ attr: 'functional', risk: 0.9 }],
  };
  const seedCase = (kind: string, architecture: string, applicability: string): string[] =>
    caseArgs({
      kind,
      architecture,
      stack: 'typescript',
      applicability,
      strategy: 'boundary probes on page sizes',
      outcome: 'a clamping bug',
    });

  it('seeds a hypothesis from a structurally matching case with its provenance, not from a keyword-only one', async () => {
    const plane = planeWith('');
    // CB-0001 matches structurally; CB-0002 only shares words with the target.
    await plane.run(seedCase('web-api', 'service', 'paged listings'));
    await plane.run(seedCase('cli', 'monolith', 'web-api service typescript functional'));
    plane.write('model.json', JSON.stringify(model));
    const result = await plane.run(['knowledge', 'explore', '--target-model', 'model.json']);
    expect(result.out).toContain('SEEDED H-0001 from prior:CB-0001');
    expect(result.out).not.toContain('CB-0002');
    const list = await plane.run(['knowledge', 'hypothesis', 'list', '--json']);
    const board = JSON.parse(list.out) as { hypotheses: { provenance: string }[] };
    expect(board.hypotheses.map((h) => h.provenance)).toEqual(['prior:CB-0001']);
    // Seeding twice does not duplicate.
    const again = await plane.run(['knowledge', 'explore', '--target-model', 'model.json']);
    expect(again.out).not.toContain('SEEDED');
  });

  it('a high-risk quality goal of the model no decided hypothesis covers keeps the loop going', async () => {
    const plane = await buggyBoard();
    plane.write(
      'model.json',
      JSON.stringify({ ...model, qualityGoals: [{ attr: 'security', risk: 0.8 }] }),
    );
    const result = await plane.run([
      'knowledge',
      'explore',
      '--until-done',
      '--target-model',
      'model.json',
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('undecided high-risk goals: security');
  });
});
