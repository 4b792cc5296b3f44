// The sharded GitHub Actions workflow (templates/github/proofgate-sharded.yml): every proofgate
// command in it exists with its flags, and the plan holds together: one matrix runner per slice,
// each uploading its evidence even when a control failed, and a gate job that collects every
// slice into the plane's evidence directory, verifies the union and claims naming missing slices.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import {
  commandProblems,
  proofgateCommands,
  type Job,
  type Workflow,
} from '../helpers/workflow-commands.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOW = 'templates/github/proofgate-sharded.yml';
const workflow = parse(readFileSync(join(ROOT, WORKFLOW), 'utf8')) as Workflow & {
  env: Record<string, string | number>;
  jobs: Record<
    string,
    Job & {
      needs?: string;
      if?: string;
      strategy?: { matrix: { shard: number[] }; 'fail-fast'?: boolean };
    }
  >;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const commands = steps.flatMap((s) => proofgateCommands(s.run ?? ''));
const evaluate = workflow.jobs['evaluate']!;
const gate = workflow.jobs['gate']!;
const at = (job: Job, needle: string): number =>
  job.steps.findIndex((s) => (s.run ?? '').includes(needle));

describe(`${WORKFLOW}`, () => {
  test.each(commands.map((c) => [c.join(' '), c]))(
    'proofgate %s exists',
    async (_shown, command) => {
      expect(await commandProblems(command)).toEqual([]);
    },
  );

  test('one matrix runner per slice, SHARDS equal to the matrix, no fail-fast', () => {
    const shards = evaluate.strategy!.matrix.shard;
    expect(shards).toEqual(Array.from({ length: Number(workflow.env['SHARDS']) }, (_, i) => i + 1));
    expect(evaluate.strategy!['fail-fast']).toBe(false);
    const run = commands.find((c) => c[0] === 'evaluate')!;
    expect(run.slice(0, 3)).toEqual(['evaluate', '--run', '--shard']);
    expect(run[3]).toBe('${{ matrix.shard }}/$SHARDS');
  });

  test('each runner uploads its plane evidence, also after a failing control', () => {
    const upload = evaluate.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.if).toBe('always()');
    expect(upload.with?.['path']).toBe('${{ env.PLANE }}/evidence/');
    expect(upload.with?.['include-hidden-files']).toBe(true);
    expect(evaluate.steps.indexOf(upload)).toBeGreaterThan(at(evaluate, 'proofgate evaluate'));
    expect(at(evaluate, 'git checkout "$BASE" -- $controls')).toBeLessThan(
      at(evaluate, 'proofgate evaluate'),
    );
  });

  test('the gate job collects every slice, verifies the union, then claims with --shards', () => {
    expect(gate.needs).toBe('evaluate');
    expect(gate.if).toContain('!cancelled()');
    const download = gate.steps.findIndex((s) => s.uses?.startsWith('actions/download-artifact'));
    const step = gate.steps[download]!;
    expect(step.with?.['pattern']).toBe('proofgate-shard-*');
    expect(step.with?.['merge-multiple']).toBe(true);
    expect(step.with?.['path']).toBe('${{ env.PLANE }}/evidence/');
    const verify = at(gate, 'proofgate verify --full');
    const claim = at(gate, 'proofgate claim');
    expect(download).toBeLessThan(verify);
    expect(verify).toBeLessThan(claim);
    expect(proofgateCommands(gate.steps[claim]!.run!)[0]!.join(' ')).toBe(
      'claim --scope project --base $BASE --shards $SHARDS --no-record',
    );
  });

  test('read-only permissions, full history, npm ci before proofgate in every job', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values(workflow.jobs)) {
      expect(job.permissions).toBeUndefined();
      const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout'))!;
      expect(checkout.with?.['fetch-depth']).toBe(0);
      const ci = job.steps.findIndex((s) => s.run?.trim() === 'npm ci');
      const first = job.steps.findIndex((s) => proofgateCommands(s.run ?? '').length > 0);
      expect(ci).toBeGreaterThanOrEqual(0);
      expect(ci).toBeLessThan(first);
    }
  });

  test('the package ships it and the CI page points at it', () => {
    expect(readFileSync(join(ROOT, 'references', 'ci-integration.md'), 'utf8')).toContain(WORKFLOW);
  });
});
