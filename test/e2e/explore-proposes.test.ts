// The exploring loop runs itself, on the built CLI: on a fresh repository with a source file no
// control covers and a requirement no control verifies, `knowledge explore --until-done` on an
// empty board proposes hypotheses (with provenance), probes them and stops on a named limit; with
// `--max-cost 0` it runs nothing and says cost stopped it; a project claim names the requirement.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const REQS = 'docs/requirements.yaml';

function freshRepo(): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'unit',
        execution: `{ type: command, argv: ${nodeArgv('require("./test/covered.test.js")')} }`,
        inputs: ['src/covered.js', 'test/covered.test.js'],
      },
    ],
    {
      files: {
        'src/covered.js': 'module.exports = (a, b) => a + b;\n',
        'src/pricing.js': 'module.exports = (n) => n * 1.2;\n',
        'test/covered.test.js': 'require("assert").equal(require("../src/covered.js")(1, 2), 3);\n',
        [REQS]:
          'requirements:\n  - { id: REQ-9, title: prices round to cents, risks: [RISK-9] }\nrisks:\n  - { id: RISK-9, title: wrong totals }\n',
      },
    },
  );
  cleanups.push(() => r.remove());
  const manifest = join(r.dir, '.proofgate/controls/manifest.yaml');
  r.write(
    '.proofgate/controls/manifest.yaml',
    `${readFileSync(manifest, 'utf8')}requirement_files: [${REQS}]\n`,
  );
  r.commit('requirements');
  return r;
}

const pg = (r: GateRepo, args: string[]) => runCli([...args, '--root', r.dir], { USER: 'dev' });

function ledgerLines(r: GateRepo): number {
  const dir = join(r.dir, '.proofgate/evidence/ledger');
  if (!existsSync(dir)) return 0;
  return readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .reduce((n, f) => n + readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).length, 0);
}

describe(
  'knowledge explore proposes, probes and stops on a named limit',
  { timeout: 120_000 },
  () => {
    it('on an empty board: proposes from the uncovered file and the uncontrolled requirement, probes, stops on steps', () => {
      const r = freshRepo();
      const run = pg(r, ['knowledge', 'explore', '--until-done', '--max-steps', '2', '--json']);
      expect(run.code, run.stderr).toBe(1);
      const result = JSON.parse(run.stdout) as {
        proposed: { id: string; provenance: string; claim: string }[];
        steps: { id: string; run: { verdict: string } }[];
        stop: { stop: string; exhausted?: string[] };
      };
      const provenances = result.proposed.map((p) => p.provenance);
      expect(provenances).toContain('recon:file:src/pricing.js');
      expect(provenances).toContain('recon:gap:missing_control:REQ-9');
      expect(provenances).not.toContain('recon:file:src/covered.js');
      expect(provenances.filter((p) => p.startsWith('recon:file:test/'))).toEqual([]);
      expect(result.steps).toHaveLength(2);
      expect(result.stop).toEqual({ stop: 'budget', exhausted: ['steps'] });
      // Cheap name searches first (priority 1.75): no test names app or pricing.
      const byId = new Map(result.proposed.map((p) => [p.id, p.provenance]));
      const first = Object.fromEntries(result.steps.map((s) => [byId.get(s.id), s.run.verdict]));
      expect(first, run.stdout).toEqual({
        'recon:file:src/app.js': 'confirmed',
        'recon:file:src/pricing.js': 'confirmed',
      });
      // The rest of the board: the trace check records the requirement gap, and the loop is done.
      const rest = pg(r, ['knowledge', 'explore', '--until-done', '--json']);
      const after = JSON.parse(rest.stdout) as typeof result;
      expect(after.steps.map((s) => [byId.get(s.id), s.run.verdict])).toEqual([
        ['recon:gap:missing_control:REQ-9', 'confirmed'],
      ]);
      expect(after.stop).toEqual({ stop: 'done' });
      expect(rest.code).toBe(0);

      // A second run does not propose the same again.
      const again = JSON.parse(pg(r, ['knowledge', 'explore', '--json']).stdout) as {
        proposed: unknown[];
      };
      expect(again.proposed).toEqual([]);
    });

    it('--max-cost 0 runs nothing, records nothing and says cost stopped it', () => {
      const r = freshRepo();
      const before = ledgerLines(r);
      const run = pg(r, ['knowledge', 'explore', '--until-done', '--max-cost', '0']);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain('PROPOSED');
      expect(run.stdout).toContain('no probe ran');
      expect(run.stdout).toMatch(
        /STOP budget spent: cost \(spent 0 step\(s\), \d+s, cost 0 units\)/,
      );
      expect(ledgerLines(r)).toBe(before);
    });

    it('a cost budget stops at the first probe it cannot afford, in its unit', () => {
      const r = freshRepo();
      // A file probe costs 0.2 units, the trace check 0.3: 0.5 affords the two file probes only.
      const run = pg(r, ['knowledge', 'explore', '--until-done', '--max-cost', '0.5', '--json']);
      const result = JSON.parse(run.stdout) as {
        steps: unknown[];
        stop: { stop: string; exhausted?: string[] };
        spent: { cost: number };
      };
      expect(result.steps, run.stdout).toHaveLength(2);
      expect(result.stop).toEqual({ stop: 'budget', exhausted: ['cost'] });
      expect(result.spent.cost).toBe(400);
      const tokens = pg(r, [
        'knowledge',
        'explore',
        '--until-done',
        '--max-cost',
        '5',
        '--cost-unit',
        'tokens',
        '--json',
      ]);
      const refused = JSON.parse(tokens.stdout) as {
        refused: { reason?: string }[];
        steps: unknown[];
      };
      expect(refused.steps).toEqual([]);
      expect(refused.refused[0]?.reason).toBe(
        'its probe declares its cost in units; the budget counts tokens',
      );
    });

    it('a project claim names the requirement', () => {
      const r = freshRepo();
      const claim = pg(r, ['claim', '--scope', 'project', '--no-record']);
      expect(claim.code).toBe(1);
      expect(claim.stdout).toContain('traceability gap missing_control REQ-9');
    });
  },
);
