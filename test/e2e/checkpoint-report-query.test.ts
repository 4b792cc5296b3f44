// `report` and `query blockers` read the ledger as the verdicts do: from the newest trusted
// checkpoint, verifying only what was appended after it, and the whole ledger on any finding.
// Compared, on a real repository tracking a bare upstream, with the whole read of the same ledger
// (the report with --no-base, which has no anchor to trust a checkpoint under; `query blockers`
// through a gate world that never uses one): they agree on the verdicts, and on a covered line
// altered, committed or not, both report exactly what `verify --full` reports.
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { queryFlow } from '../../scripts/lib/flows/views/query-flow.ts';
import { openWorld } from '../../scripts/lib/cli/world/open-world.ts';
import { KNOWLEDGE_PART } from '../../scripts/lib/cli/world/knowledge-part.ts';
import { readViewRules } from '../../scripts/lib/flows/claim/trusted-rules.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { checkpoint, coveredSegment, pushedRepo } from '../helpers/checkpoint-repo.ts';
import { createTestContext } from '../helpers/context.ts';
import type { GateRepo } from '../helpers/gate-repo.ts';

const BLOCKERS = {
  view: 'blockers',
  scope: 'project',
  id: undefined,
  path: undefined,
  read: { tail: undefined, grep: undefined, limit: 8192 },
} as const;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

interface ReportJson {
  isIntact: boolean;
  findings: number;
  claims: string[];
  open: unknown[];
  counts: Record<string, number>;
}

async function report(
  r: GateRepo,
  ...flags: string[]
): Promise<{ code: number; json: ReportJson; html: string }> {
  const file = join(r.dir, '..', `${r.dir.split('/').at(-1)!}-report.html`);
  cleanups.push(() => writeFileSync(file, ''));
  const out = await r.run(['report', '--html', file, '--json', ...flags]);
  return {
    code: out.code,
    json: JSON.parse(out.out) as ReportJson,
    html: readFileSync(file, 'utf8'),
  };
}

/** `query blockers --scope project` through the real gate world, with or without checkpoints. */
async function blockers(r: GateRepo, checkpointed: boolean): Promise<unknown> {
  const ctx = createTestContext({
    cwd: r.dir,
    env: { USER: 'dev' },
    now: new Date().toISOString(),
  });
  const io = openWorld(ctx, { checkpoint: checkpointed }, KNOWLEDGE_PART);
  const rulesAtBase = await readViewRules(io, loadPlane(r.dir), undefined);
  try {
    return await queryFlow({ ...BLOCKERS, root: r.dir, rulesAtBase }, ctx, io);
  } catch (error) {
    return {
      refused: (error as { code?: string }).code,
      count: (error as { findingCount?: number }).findingCount,
    };
  }
}

async function checkpointed(): Promise<GateRepo> {
  const repo = await pushedRepo(cleanups);
  await checkpoint(repo);
  // One run after the checkpoint, committed: the suffix decides too.
  expect((await repo.r.run(['evaluate', '--run'])).code).toBe(0);
  repo.r.git('add', '-A');
  repo.r.git('commit', '-q', '-m', 'a run after the checkpoint');
  return repo.r;
}

describe('report and query blockers start from a trusted checkpoint', () => {
  it('agree with the whole read on an intact ledger, and say where they started', async () => {
    const r = await checkpointed();
    const fast = await report(r);
    const whole = await report(r, '--no-base');
    expect(fast.code).toBe(0);
    expect(fast.json.isIntact).toBe(true);
    expect(fast.html).toMatch(/after the trusted checkpoint \S+-g1\.jsonl:1 \(its 5 covered lines/);
    expect(whole.html).not.toContain('after the trusted checkpoint');
    for (const key of ['isIntact', 'findings', 'claims', 'open', 'counts'] as const)
      expect(fast.json[key], key).toEqual(whole.json[key]);
    expect(await blockers(r, true)).toEqual(await blockers(r, false));
    // The CLI's query takes the same path.
    const ctx = createTestContext({
      cwd: r.dir,
      env: { USER: 'dev' },
      now: new Date().toISOString(),
    });
    const code = await dispatchCommand(['status', '--blockers', '--root', r.dir], ctx);
    expect(code, ctx.stdout() + ctx.stderr()).toBe(0);
  });

  it.each([true, false])(
    'a covered line altered (committed: %s): both report exactly what verify --full reports',
    async (committed) => {
      const r = await checkpointed();
      const path = coveredSegment(r);
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.replace('"status":"PASS"', '"status":"FAIL"'));
      if (committed) r.git('commit', '-q', '-am', 'chore: tidy evidence');
      const verify = await r.run(['verify', '--full', '--json']);
      expect(verify.code).toBe(3);
      const { findingCount } = JSON.parse(verify.out) as { findingCount: number };
      const fast = await report(r);
      expect(fast.code).toBe(3);
      expect(fast.json.isIntact).toBe(false);
      expect(fast.json.findings).toBe(findingCount);
      expect(await blockers(r, true)).toMatchObject({ count: findingCount });
      expect(await blockers(r, true)).toEqual(await blockers(r, false));
    },
  );
});
