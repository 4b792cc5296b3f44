// Reading failures and naming STALE causes: what `status` pays to name uncommitted files (git
// status plus HEAD's subject tree, only when a result is STALE for its code and the tree is
// dirty), and what `query evidence --tail/--grep` pays over the plain preview.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import type { Bench } from './harness.ts';

const FILES = 2000;

async function makeRepo(): Promise<{ r: GateRepo; review: string }> {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++)
    files[`src/m${Math.floor(i / 100)}/f${i}.ts`] = `export const v${i} = ${i};\n`.repeat(20);
  const r = makeGateRepo(
    [
      {
        id: 'tests',
        execution: `{ type: command, argv: ${nodeArgv('for(let i=0;i<20000;i++)console.log("line "+i)')} }`,
      },
    ],
    { files },
  );
  await r.run(['evaluate', '--run', '--control', 'tests']);
  const run = JSON.parse((await r.run(['query', 'run', 'latest', '--json'])).out) as {
    items: { body: { review: string } }[];
  };
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'evidence');
  return { r, review: run.items[0]!.body.review };
}

interface State {
  r: GateRepo;
  review: string;
}
const drop = (state: unknown): Promise<void> => {
  (state as State).r.remove();
  return Promise.resolve();
};

async function status(state: unknown): Promise<void> {
  const { code } = await (state as State).r.run(['status']);
  if (code !== 1) throw new Error(`status exit ${code}`);
}

const PREVIEW = 'query evidence, first 2 KiB of a 64 KiB output';

/** `query evidence` of the 20,000-line output with these flags, 5 runs on a fresh repository. */
function queryEvidence(
  name: string,
  flags: string[],
  compare: Pick<Bench, 'baseline' | 'target'> = {},
): Bench {
  return {
    name,
    ...compare,
    runs: 5,
    setup: makeRepo,
    fn: async (state) => {
      const s = state as State;
      await s.r.run(['query', 'evidence', s.review.slice(0, 12), ...flags]);
    },
    teardown: drop,
  };
}

export const benches: Bench[] = [
  {
    name: `status, STALE after a commit (clean tree, ${FILES} files)`,
    runs: 5,
    setup: async () => {
      const s = await makeRepo();
      s.r.write('src/m1/f100.ts', 'changed\n');
      s.r.commit('change');
      return s;
    },
    fn: status,
    teardown: drop,
  },
  {
    name: `status, STALE on uncommitted files (names them, ${FILES} files)`,
    baseline: `status, STALE after a commit (clean tree, ${FILES} files)`,
    target: 'one subject tree of HEAD more than the clean case',
    runs: 5,
    setup: async () => {
      const s = await makeRepo();
      writeFileSync(join(s.r.dir, 'src/m1/f100.ts'), 'changed\n');
      writeFileSync(join(s.r.dir, 'src/untracked.ts'), 'new\n');
      return s;
    },
    fn: status,
    teardown: drop,
  },
  queryEvidence(PREVIEW, []),
  queryEvidence('query evidence --tail 50 of a 64 KiB output', ['--tail', '50'], {
    baseline: PREVIEW,
    target: 'tens of ms: one pass over the lines',
  }),
  queryEvidence(
    "query evidence --grep '/line 1999[0-9]$/' of a 64 KiB output",
    ['--grep', '/line 1999[0-9]$/'],
    { baseline: PREVIEW, target: 'tens of ms (RE2: linear in the text)' },
  ),
];
