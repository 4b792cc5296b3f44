// Property: for random small ledgers with evidence on a real git repository, changing any byte of
// any evidence object a current result references, or removing any committed ledger line, makes
// claim and status exit 3 and hook stop block, each naming the finding (file:line and code). Each
// run prints different bytes, so older runs keep their own objects: re-hashing those is the job
// of `verify --full`, not of the verdict precheck.
import { fc, test } from '@fast-check/vitest';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { hookStopIn, type StopDecision } from '../helpers/hook-stop.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const CONTROLS = ['alpha', 'beta'].map((id) => ({
  id,
  execution: `{ type: command, argv: ${nodeArgv(`console.log("${id} ok " + Date.now() + Math.random())`)} }`,
}));

const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('object' as const),
    pick: fc.nat(),
    at: fc.nat(),
    xor: fc.integer({ min: 1, max: 255 }),
  }),
  fc.record({ kind: fc.constant('line' as const), pick: fc.nat() }),
);

/** Objects of the deciding (latest) run of each control: what the verdicts rely on. */
function decidingObjects(r: GateRepo): string[] {
  const latest = new Map<string, string[]>();
  for (const line of readFileSync(segment(r), 'utf8').split('\n')) {
    if (line === '') continue;
    const entry = JSON.parse(line) as {
      kind: string;
      body: { control?: string };
      storage: { objects: string[] };
    };
    if (entry.kind === 'run' && entry.body.control !== undefined)
      latest.set(entry.body.control, entry.storage.objects);
  }
  const root = join(r.dir, '.proofgate', 'evidence', 'objects', 'sha256');
  return [...latest.values()].flat().map((d) => join(root, d.slice(0, 2), d));
}

function segment(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
  );
}

const hookStop = (r: GateRepo): Promise<StopDecision> => hookStopIn(r.dir);

const FINDING = /\.jsonl:\d+ [A-Z_]+/;

test.prop([fc.array(fc.constantFrom('alpha', 'beta'), { minLength: 1, maxLength: 3 }), mutation], {
  numRuns: 6,
  seed: 1515,
  endOnFailure: true,
})(
  'any referenced object byte changed or committed line removed fails closed',
  async (runs, m) => {
    const r = makeGateRepo(CONTROLS);
    try {
      // Every control passes once so that claims would be granted; then the random extra runs.
      for (const id of ['alpha', 'beta', ...runs]) {
        expect((await r.run(['evaluate', '--run', '--control', id])).code).toBe(0);
      }
      r.git('add', '.proofgate/evidence');
      r.git('commit', '-q', '-m', 'evidence');
      expect((await r.run(['claim', '--scope', 'project', '--no-record'])).code).not.toBe(3);
      expect((await r.run(['status'])).code).toBe(0);
      if (m.kind === 'object') {
        const files = decidingObjects(r);
        const file = files[m.pick % files.length]!;
        const bytes = readFileSync(file);
        bytes[m.at % bytes.length]! ^= m.xor;
        chmodSync(file, 0o644);
        writeFileSync(file, bytes);
      } else {
        const file = segment(r);
        const lines = readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l !== '');
        lines.splice(m.pick % lines.length, 1);
        writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
      }
      for (const args of [
        ['claim', '--control', 'alpha', '--control', 'beta', '--no-record'],
        ['status'],
      ]) {
        const out = await r.run(args);
        expect(out.code, `${args[0]} after ${m.kind}`).toBe(3);
        expect(out.err).toMatch(FINDING);
      }
      const stop = await hookStop(r);
      expect(stop.decision).toBe('block');
      expect(stop.reason).toMatch(FINDING);
    } finally {
      r.remove();
    }
  },
  240_000,
);
