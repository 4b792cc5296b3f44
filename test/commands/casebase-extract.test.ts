// The outer loop: decided hypotheses become proposed cases; nothing is recorded until a person
// accepts them, and an accepted case's negative results then filter the board.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hypothesisArgs, pagerPlane, planeWith, scriptProbe } from '../helpers/knowledge-plane.ts';
import type { KnowledgePlane } from '../helpers/knowledge-plane.ts';

const add = (claim: string, risk: string, script: string): string[] =>
  hypothesisArgs(claim, { risk, oracle: 'the probe exits 1', probe: scriptProbe(script) });

async function explored(): Promise<KnowledgePlane> {
  const plane = pagerPlane({ 'probe-negative.mjs': [-5, 1], 'probe-large.mjs': [500, 100] });
  await plane.run(add('a large page size is not clamped', '0.8', 'probe-large.mjs'));
  await plane.run(add('a negative page size is accepted', '0.9', 'probe-negative.mjs'));
  expect((await plane.run(['scan'])).code).toBe(0);
  const run = await plane.run(['knowledge', 'explore', '--until-done']);
  expect(run.code, run.out + run.err).toBe(0);
  return plane;
}

const casesFile = (plane: KnowledgePlane): string =>
  join(plane.root, '.proofgate/knowledge/cases.jsonl');

describe('casebase extract', { timeout: 60_000 }, () => {
  it('proposes a case from decided hypotheses and records nothing without a person', async () => {
    const plane = await explored();
    const result = await plane.run(['knowledge', 'casebase', 'extract']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('PROPOSED service/single_package/functional from H-0001, H-0002');
    expect(result.out).toContain('outcome: confirmed: a negative page size is accepted');
    expect(result.out).toMatch(
      /failed: a large page size is not clamped :: refuted by [0-9a-f]{12}/,
    );
    expect(result.out).toContain('nothing recorded');
    expect(existsSync(casesFile(plane))).toBe(false);
    // Acceptance needs a human authority.
    const none = await plane.run(['knowledge', 'casebase', 'extract', '--accept']);
    expect(none.code).toBe(2);
    const agent = await plane.run([
      'knowledge',
      'casebase',
      'extract',
      '--accept',
      '--authority-id',
      'virtual:developer',
    ]);
    expect(agent.code).toBe(2);
    expect(agent.err).toContain('needs a human authority');
    expect(existsSync(casesFile(plane))).toBe(false);
  });

  it('accepted by a person, the case is recorded once with user confidence, and its negative result filters the board', async () => {
    const plane = await explored();
    const accept = [
      'knowledge',
      'casebase',
      'extract',
      '--accept',
      '--authority-id',
      'human:alice',
    ];
    const accepted = await plane.run(accept);
    expect(accepted.code, accepted.err).toBe(0);
    expect(accepted.out).toMatch(/recorded CB-0001 \(confidence \d+(\.\d+)?%\)/);
    const lines = readFileSync(casesFile(plane), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    const entry = (JSON.parse(lines[0]!) as { case: { provenance: { confirmation: string } } })
      .case;
    expect(entry.provenance.confirmation).toBe('user');
    // Extracting again repeats nothing.
    const again = await plane.run(accept);
    expect(again.out).toContain('already recorded as CB-0001');
    expect(readFileSync(casesFile(plane), 'utf8').trim().split('\n')).toHaveLength(1);
    // The refuted claim, proposed again, is filtered by the accepted case.
    await plane.run(add('a large page size is not clamped', '0.8', 'probe-large.mjs'));
    const next = await plane.run(['status', '--next', '--share', '0']);
    expect(next.out).toContain('FILTERED hypothesis H-0003 by CB-0001');
  });

  it('without a target model it says to run scan first (exit 2)', async () => {
    const plane = planeWith('');
    const result = await plane.run(['knowledge', 'casebase', 'extract']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('proofgate scan');
  });
});
