// Every verb that appends to the ledger refuses a ledger that does not verify before it records
// anything (exit 3, the finding count `verify --full` reports): nothing under `.proofgate/` moves,
// neither the ledger nor an evidence object, the manifest or the registry. The defects are the
// ones an agent can leave: a committed line altered (committed or not), a committed line deleted,
// and, past a trusted checkpoint, a covered line altered, committed or not (an uncommitted change
// there makes a checkpointed read read the whole ledger: io/ledger/checkpoint-unchanged.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpoint, coveredSegment, ledgerDir } from '../helpers/checkpoint-repo.ts';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { hookStopIn } from '../helpers/hook-stop.ts';
import { actingAs, CROSS_AUDIT } from '../helpers/audit-argv.ts';
import { VALID_PROFILE } from '../helpers/plane-cli.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';
import { flipFirstPass, planeFiles } from '../helpers/ledger-tamper.ts';

const WORKFLOW = `name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n`;
const CAMPAIGN = `id: debt-down\nrevision: 1\ntitle: pay down debt\ncontrols: [debt]\nexit_policy: { max_new_violations: 0, min_fixed: 1 }\nphases:\n  - id: p1\n    title: first pass\n    tasks:\n      - { id: t1, title: fix a.ts, controls: [debt] }\n`;
const JUNIT = `<testsuite name="s" tests="1" failures="0" errors="0"><testcase name="t"/></testsuite>\n`;

interface Fixture {
  r: GateRepo;
  env: Record<string, string>;
  /** A directory outside the repository: the key directory, the JUnit file, the patch. */
  outside: string;
}

function writerSegment(r: GateRepo): string {
  const name = readdirSync(ledgerDir(r)).find((f) => f.endsWith('.jsonl'));
  if (name === undefined) throw new Error('no segment');
  return join(ledgerDir(r), name);
}

async function ok(r: GateRepo, args: string[], env: Record<string, string> = {}): Promise<void> {
  const out = await r.run(args, env);
  expect(out.code, `${args.join(' ')}: ${out.out}${out.err}`).toBe(0);
}

/**
 * A committed plane with every kind of writer's input: a command control with two PASS runs, a
 * manual control, a CI workflow, an open hypothesis with a probe, and registered keys for the
 * release owner and a human owner (their private halves in `outside`).
 */
async function fixture(): Promise<Fixture> {
  const r = makeGateRepo(
    [
      {
        id: 'green',
        execution: `{ type: command, argv: ${nodeArgv('console.log("ok", process.hrtime.bigint())')} }`,
      },
      { id: 'manual', execution: '{ type: manual, attestation_max_age_days: 30 }' },
      {
        id: 'debt',
        execution: `{ type: command, argv: ${nodeArgv('console.log("no-var:a.ts:f"); process.exit(1)')}, evaluation: ratchet }`,
      },
    ],
    {
      authorities: [
        { id: 'human:alice', kind: 'human', stages: ['cross'] },
        { id: 'human:owner', kind: 'human', stages: ['release_authority'] },
      ],
      files: { '.github/workflows/ci.yml': WORKFLOW },
    },
  );
  const outside = mkdtempSync(join(tmpdir(), 'pg-writers-'));
  const env = { PROOFGATE_KEY_DIR: join(outside, 'keys') };
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}ci_tiers:\n  ci: observe\n`);
  r.commit('ci tier');
  for (const id of ['virtual:release-owner', 'human:owner'])
    await ok(r, ['authority', 'keys', 'generate', '--authority-id', id], env);
  await ok(r, [
    ...['knowledge', 'hypothesis', 'add', 'green stays green', '--attr', 'functional'],
    ...['--risk', '0.9', '--info-gain', '0.9', '--cost', '1', '--oracle', 'status PASS'],
    ...['--provenance', 'user', '--probe-control', 'green', '--expect-status', 'PASS'],
  ]);
  for (let i = 0; i < 2; i++) await ok(r, ['evaluate', '--run', '--control', 'green']);
  await ok(r, ['campaign', 'baseline', '--control', 'debt', '--authority-id', 'virtual:developer']);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'keys, hypothesis, evidence');
  const archive = ['seal', '--archive-id', 'pre', '--archive'];
  await ok(r, [...archive, '--authority-id', 'virtual:release-owner'], env);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'plane archive');
  writeFileSync(join(outside, 'profile.yaml'), VALID_PROFILE);
  writeFileSync(join(outside, 'campaign.yaml'), CAMPAIGN);
  writeFileSync(join(outside, 'junit.xml'), JUNIT);
  writeFileSync(join(r.dir, 'src', 'app.js'), 'export const x = 2;\n');
  writeFileSync(join(outside, 'defect.patch'), r.git('diff'));
  r.git('checkout', '-q', '--', 'src/app.js');
  return { r, env, outside };
}

interface Writer {
  name: string;
  argv: (f: Fixture) => string[];
}

/** Every verb that appends to the ledger, as an agent would call it. */
const WRITERS: Writer[] = [
  {
    name: 'evaluate --run',
    argv: () => ['evaluate', '--run', '--control', 'green'],
  },
  {
    name: 'audit',
    argv: () => [...CROSS_AUDIT, ...actingAs('virtual:quality', 'ci:auditor')],
  },
  {
    name: 'attest',
    argv: () => [
      ...['attest', '--control', 'manual', '--status', 'PASS', '--note', 'read it'],
      ...['--authority-id', 'human:alice'],
    ],
  },
  { name: 'claim', argv: () => ['claim', '--control', 'green'] },
  {
    name: 'authority approve',
    argv: () => ['authority', 'approve', '--control', 'green', '--authority-id', 'human:owner'],
  },
  {
    name: 'campaign import-ci',
    argv: (f) => [
      ...[
        'campaign',
        'import-ci',
        '--workflow',
        'ci',
        '--commit',
        f.r.git('rev-parse', 'HEAD').trim(),
      ],
      ...['--junit', join(f.outside, 'junit.xml'), '--authority-id', 'virtual:developer'],
    ],
  },
  { name: 'campaign start', argv: () => ['campaign', 'start', '--task', 'fix-it'] },
  {
    name: 'campaign register',
    argv: (f) => [
      ...['campaign', 'register', '--file', join(f.outside, 'campaign.yaml')],
      ...['--authority-id', 'virtual:release-owner'],
    ],
  },
  {
    name: 'campaign baseline',
    argv: () => [
      'campaign',
      'baseline',
      '--control',
      'debt',
      '--authority-id',
      'virtual:developer',
    ],
  },
  {
    name: 'efficacy --patch',
    argv: (f) => ['efficacy', '--control', 'green', '--patch', join(f.outside, 'defect.patch')],
  },
  { name: 'knowledge explore', argv: () => ['knowledge', 'explore', '--no-propose'] },
  {
    name: 'seal',
    argv: () => ['seal', '--archive-id', 'a-1', '--authority-id', 'virtual:release-owner'],
  },
  {
    name: 'seal --checkpoint',
    argv: () => [
      ...['seal', '--archive-id', 'a-2', '--checkpoint'],
      ...['--authority-id', 'virtual:release-owner'],
    ],
  },
  {
    name: 'init --from-archive',
    argv: (f) => ['init', '--profile', join(f.outside, 'profile.yaml'), '--from-archive', 'pre'],
  },
  {
    name: 'adopt --not-applicable (signed decision)',
    argv: () => [
      ...['adopt', '--not-applicable', 'green', '--rationale', 'nothing to test'],
      ...['--authority-id', 'human:owner'],
    ],
  },
  {
    name: 'authority keys generate',
    argv: () => ['authority', 'keys', 'generate', '--authority-id', 'human:alice'],
  },
];

async function verifyCount(r: GateRepo): Promise<number> {
  const verify = await r.run(['verify', '--full', '--json']);
  expect(verify.code, verify.out).toBe(3);
  return (JSON.parse(verify.out) as { findingCount: number }).findingCount;
}

interface Defect {
  name: string;
  make: (f: Fixture) => Promise<void>;
}

const DEFECTS: Defect[] = [
  {
    name: 'a committed line altered and committed',
    make: (f) => {
      flipFirstPass(writerSegment(f.r));
      f.r.git('commit', '-q', '-am', 'chore: tidy evidence');
      return Promise.resolve();
    },
  },
  {
    name: 'a committed line altered, not committed',
    make: (f) => {
      flipFirstPass(writerSegment(f.r));
      return Promise.resolve();
    },
  },
  {
    name: 'a committed line deleted',
    make: (f) => {
      const file = writerSegment(f.r);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
      return Promise.resolve();
    },
  },
  {
    name: 'a line a trusted checkpoint covers altered and committed',
    make: async (f) => {
      cleanupsOf(f).push(pushToOrigin(f.r));
      await checkpoint({ r: f.r, env: f.env });
      flipFirstPass(coveredSegment(f.r));
      f.r.git('commit', '-q', '-am', 'chore: tidy evidence');
    },
  },
  {
    name: 'a line a trusted checkpoint covers altered, not committed',
    make: async (f) => {
      cleanupsOf(f).push(pushToOrigin(f.r));
      await checkpoint({ r: f.r, env: f.env });
      flipFirstPass(coveredSegment(f.r));
    },
  },
];

const cleanups = new Map<Fixture, (() => void)[]>();
const cleanupsOf = (f: Fixture): (() => void)[] => cleanups.get(f) ?? [];

describe.each(DEFECTS)('every ledger writer on $name', ({ make }) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
    cleanups.set(f, [
      () => f.r.remove(),
      () => rmSync(f.outside, { recursive: true, force: true }),
    ]);
    await make(f);
  });
  afterAll(() => {
    for (const clean of cleanupsOf(f)) clean();
  });

  it.each(WRITERS)('$name refuses with exit 3 and records nothing', async ({ argv }) => {
    const count = await verifyCount(f.r);
    const before = planeFiles(f.r);
    const out = await f.r.run([...argv(f), '--json'], f.env);
    expect(out.code, out.out + out.err).toBe(3);
    const json = JSON.parse(out.out) as { error: { findingCount?: number } };
    expect(json.error.findingCount).toBe(count);
    expect(planeFiles(f.r)).toEqual(before);
  });

  it('hook stop blocks, counting the same findings, and records nothing', async () => {
    const count = await verifyCount(f.r);
    const before = planeFiles(f.r);
    const stop = await hookStopIn(f.r.dir, '--control', 'green');
    expect(stop.decision).toBe('block');
    expect(stop.reason).toMatch(new RegExp(`\\(${count} findings?\\)`));
    expect(planeFiles(f.r)).toEqual(before);
  });
});
