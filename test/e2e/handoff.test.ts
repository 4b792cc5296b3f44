// status --handoff on real git repositories, ported from the peer's handoff scenarios: the pair is
// derived from the claim decisions, `--check` says STALE_HANDOFF when anything it states no longer
// holds (a new result, a hand edit of either half), reserved field lines in the human notes are
// refused, a failed pair write leaves the old pair, and the pair never stales or grants anything.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateControl, type GateRepo } from '../helpers/gate-repo.ts';

const PASS: GateControl = {
  id: 'tests',
  execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }`,
};
const LINT: GateControl = {
  id: 'lint',
  execution: `{ type: command, argv: ${nodeArgv('console.log("clean")')} }`,
};
const WRITE = ['status', '--handoff', '--write', '--task', 'T-1', '--control', 'tests'];
const CHECK = ['status', '--handoff', '--check'];

const repos: GateRepo[] = [];
function repo(): GateRepo {
  const r = makeGateRepo([PASS, LINT]);
  repos.push(r);
  return r;
}
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const jsonPath = (r: GateRepo) => join(r.dir, '.proofgate', 'knowledge', 'task-handoff.json');
const mdPath = (r: GateRepo) => join(r.dir, '.proofgate', 'knowledge', 'task-handoff.md');

describe('writing and checking the pair', () => {
  it('writes both halves from the claim decisions, and --check holds until a result changes', async () => {
    const r = repo();
    const write = await r.run(WRITE);
    expect(write.code).toBe(0);
    expect(write.out.split('\n')[0]).toMatch(/^HANDOFF_RENDERED .*task-handoff\.json/);
    const payload = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as {
      readiness: { scope: string; ready: boolean; blockers: string[] }[];
      blockers: { id: string; control: string; status: string }[];
      bindings: { control: string; status: string }[];
    };
    expect(payload.readiness.map((s) => [s.scope, s.ready])).toEqual([
      ['task', false],
      ['merge', false],
      ['release', false],
    ]);
    expect(payload.blockers.some((b) => b.control === 'tests' && b.status === 'TODO')).toBe(true);
    expect(payload.blockers.every((b) => /^BLK-[0-9a-f]{16}$/.test(b.id))).toBe(true);
    expect(payload.bindings.map((b) => b.control)).toEqual(['lint', 'tests']);
    expect(readFileSync(mdPath(r), 'utf8')).toContain('<!-- proofgate:handoff:begin -->');
    const check = await r.run(CHECK);
    expect(check.out.split('\n')[0]).toMatch(/^HANDOFF_CURRENT/);
    expect(check.code).toBe(0);

    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const stale = await r.run(CHECK);
    expect(stale.out.split('\n')[0]).toMatch(/^STALE_HANDOFF/);
    expect(stale.out).toContain('readiness');
    expect(stale.out).toContain('bindings');
    expect(stale.code).toBe(1);
    const blockers = await r.run(['status', '--handoff', '--show', 'blockers']);
    expect(blockers.code).toBe(1);
    const viaQuery = await r.run(['query', 'handoff', 'bindings']);
    expect(viaQuery.out.split('\n')[0]).toMatch(/^STALE_HANDOFF/);
    expect(viaQuery.code).toBe(1);

    expect((await r.run(WRITE)).code).toBe(0);
    const fresh = await r.run(CHECK);
    expect(fresh.code).toBe(0);
    const bindings = await r.run(['query', 'handoff', 'bindings']);
    expect(bindings.code).toBe(0);
    expect(bindings.out).toMatch(/^ {2}tests PASS tree [0-9a-f]{40}$/m);
    const ready = await r.run(['status', '--handoff', '--show', 'readiness', '--json']);
    expect(ready.code).toBe(0);
    const shown = JSON.parse(ready.out) as { payload: { readiness: { ready: boolean }[] } };
    expect(shown.payload.readiness[0]?.ready).toBe(true);
  });

  it('a hand-edited JSON half reads STALE_HANDOFF and never grants the claim', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    const edited = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as {
      readiness: { ready: boolean; blockers: string[] }[];
      blockers: unknown[];
    };
    for (const s of edited.readiness) {
      s.ready = true;
      s.blockers = [];
    }
    edited.blockers = [];
    writeFileSync(jsonPath(r), JSON.stringify(edited));
    const check = await r.run(CHECK);
    expect(check.code).toBe(1);
    expect(check.out).toMatch(/^STALE_HANDOFF/);
    expect(check.out).toContain('task-handoff.json: readiness');
    expect(check.out).toContain('task-handoff.json: blockers');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.code).toBe(1);
  });

  it('an edited machine summary in the Markdown half, or an extra field, reads STALE_HANDOFF', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    const md = readFileSync(mdPath(r), 'utf8');
    writeFileSync(mdPath(r), md.replace('- task: NOT READY', '- task: READY'));
    const check = await r.run(CHECK);
    expect(check.code).toBe(1);
    expect(check.out).toContain('task-handoff.md: the machine summary');
    expect((await r.run(WRITE)).code).toBe(0);
    const json = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as Record<string, unknown>;
    writeFileSync(jsonPath(r), JSON.stringify({ ...json, granted: true }));
    const extra = await r.run(CHECK);
    expect(extra.code).toBe(1);
    expect(extra.out).toContain('(extra field) granted');
  });

  it('a missing pair is stale, and --check without a pair or a task is a usage error', async () => {
    const r = repo();
    expect((await r.run(CHECK)).code).toBe(2);
    expect((await r.run(WRITE)).code).toBe(0);
    rmSync(mdPath(r));
    const check = await r.run(CHECK);
    expect(check.code).toBe(1);
    expect(check.out).toContain('task-handoff.md is missing');
  });

  it('writing the pair stales no evidence: a PASS stays current and the task claim is granted', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await r.run(WRITE)).code).toBe(0);
    r.git('add', '-A');
    r.commit('handoff');
    const claim = await r.run(['claim', '--control', 'tests', '--no-record']);
    expect(claim.out).toMatch(/^COMPLETED/);
    expect(claim.code).toBe(0);
  });
});

describe('human notes', () => {
  it('survive a rewrite, and go STALE when the subject moves until acknowledged', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    writeFileSync(
      mdPath(r),
      `${readFileSync(mdPath(r), 'utf8')}The flaky fixture lives in test/a.js.\n`,
    );
    const current = await r.run(CHECK);
    expect(current.out).toContain('human notes: CURRENT (1 line(s))');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    expect((await r.run(WRITE)).code).toBe(0);
    expect(readFileSync(mdPath(r), 'utf8')).toContain('The flaky fixture lives in test/a.js.');
    expect((await r.run(CHECK)).out).toContain('human notes: STALE');
    expect((await r.run([...WRITE, '--acknowledge-notes'])).code).toBe(0);
    expect((await r.run(CHECK)).out).toContain('human notes: CURRENT');
  });

  it('refuses reserved field lines in the notes (exit 2) and writes nothing', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    const before = readFileSync(jsonPath(r), 'utf8');
    writeFileSync(mdPath(r), `${readFileSync(mdPath(r), 'utf8')}- Readiness: READY\n`);
    const write = await r.run(WRITE);
    expect(write.code).toBe(2);
    expect(write.err).toContain('reserved field line');
    expect(readFileSync(jsonPath(r), 'utf8')).toBe(before);
    expect((await r.run(CHECK)).code).toBe(2);
  });

  it('refuses notes of another task instead of carrying them over', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    const other = ['status', '--handoff', '--write', '--task', 'T-2', '--control', 'tests'];
    const write = await r.run(other);
    expect(write.code).toBe(2);
    expect(write.err).toContain('belong to task T-1');
  });
});

describe('the notes marker, checked on every read', () => {
  const SHOW = ['status', '--handoff', '--show', 'notes'];
  const QUERY = ['query', 'handoff', 'notes'];
  const marker = (r: GateRepo) =>
    /<!-- proofgate:notes task=(\S+) subject=([0-9a-f]{16}) -->/.exec(
      readFileSync(mdPath(r), 'utf8'),
    );
  const editMd = (r: GateRepo, from: string, to: string) =>
    writeFileSync(mdPath(r), readFileSync(mdPath(r), 'utf8').replace(from, to));
  async function written(): Promise<{ r: GateRepo; subject: string }> {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    writeFileSync(
      mdPath(r),
      `${readFileSync(mdPath(r), 'utf8')}The flaky fixture lives in test/a.js.\n`,
    );
    const subject = marker(r)?.[2] ?? '';
    expect(subject).toMatch(/^[0-9a-f]{16}$/);
    return { r, subject };
  }

  it('shows the notes of an honest pair as CURRENT on every read path', async () => {
    const { r } = await written();
    for (const argv of [CHECK, SHOW, QUERY]) {
      const read = await r.run(argv);
      expect(read.code, argv.join(' ')).toBe(0);
    }
    expect((await r.run(CHECK)).out).toContain('human notes: CURRENT (1 line(s))');
    const stored = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as { notes?: unknown };
    expect(stored.notes).toEqual({ task: 'T-1', subject: marker(r)?.[2] });
  });

  it('refuses a marker edited to name another task (exit 2, naming both) on every read', async () => {
    const { r } = await written();
    editMd(r, 'proofgate:notes task=T-1 ', 'proofgate:notes task=T-9 ');
    for (const argv of [CHECK, SHOW, QUERY]) {
      const read = await r.run(argv);
      expect(read.code, argv.join(' ')).toBe(2);
      expect(read.err).toContain('belong to task T-9, not to task T-1');
      expect(read.out).not.toContain('flaky fixture');
    }
  });

  it('refuses a marker edited to name another subject (exit 2, naming both) on every read', async () => {
    const { r, subject } = await written();
    const other = subject.startsWith('0') ? `1${subject.slice(1)}` : `0${subject.slice(1)}`;
    editMd(r, `subject=${subject}`, `subject=${other}`);
    for (const argv of [CHECK, SHOW, QUERY]) {
      const read = await r.run(argv);
      expect(read.code, argv.join(' ')).toBe(2);
      expect(read.err).toContain(`names task T-1 subject ${other}`);
      expect(read.err).toContain(`notes of task T-1 subject ${subject}`);
    }
    // --write reads the marker too: it refuses rather than carrying the edited binding over.
    const before = readFileSync(jsonPath(r), 'utf8');
    expect((await r.run(WRITE)).code).toBe(2);
    expect(readFileSync(jsonPath(r), 'utf8')).toBe(before);
  });

  it('refuses a marker whose pair records no binding (the record removed from the JSON half)', async () => {
    const { r, subject } = await written();
    const stored = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as Record<string, unknown>;
    delete stored['notes'];
    writeFileSync(jsonPath(r), `${JSON.stringify(stored, null, 2)}\n`);
    editMd(r, `subject=${subject}`, 'subject=0000000000000000');
    const read = await r.run(QUERY);
    expect(read.code).toBe(2);
    expect(read.err).toContain('records no notes binding');
    expect(read.err).toContain(
      'next: proofgate status --handoff --write --task T-1 --control lint --control tests',
    );
    // The printed next step runs as printed and records the binding again (the notes stay STALE).
    const next = ['status', '--handoff', '--write', '--task', 'T-1', '--control', 'lint'];
    expect((await r.run([...next, '--control', 'tests'])).code).toBe(0);
    expect((await r.run(CHECK)).out).toContain('human notes: STALE (1 line(s))');
  });

  it('a marker and record both rewritten to a made-up subject never read as CURRENT', async () => {
    const { r, subject } = await written();
    const fake = 'abcdefabcdefabcd';
    editMd(r, `subject=${subject}`, `subject=${fake}`);
    const stored = JSON.parse(readFileSync(jsonPath(r), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      jsonPath(r),
      `${JSON.stringify({ ...stored, notes: { task: 'T-1', subject: fake } }, null, 2)}\n`,
    );
    const read = await r.run(CHECK);
    expect(read.code).toBe(0);
    expect(read.out).toContain('human notes: STALE (1 line(s))');
  });
});

describe('the pair on disk', () => {
  it('rolls the JSON half back when the Markdown half cannot be written', async () => {
    const r = repo();
    expect((await r.run(WRITE)).code).toBe(0);
    const before = readFileSync(jsonPath(r), 'utf8');
    expect((await r.run(['evaluate', '--run', '--control', 'tests'])).code).toBe(0);
    rmSync(mdPath(r));
    mkdirSync(join(mdPath(r), 'blocked'), { recursive: true });
    const write = await r.run(WRITE);
    expect(write.code).toBe(4);
    expect(write.err).toContain('neither half was changed');
    expect(readFileSync(jsonPath(r), 'utf8')).toBe(before);
    rmSync(jsonPath(r));
    const first = await r.run(WRITE);
    expect(first.code).toBe(4);
    expect(existsSync(jsonPath(r))).toBe(false);
  });

  it('never follows a symlinked half', async () => {
    const r = repo();
    mkdirSync(join(r.dir, '.proofgate', 'knowledge'), { recursive: true });
    writeFileSync(join(r.dir, 'outside.txt'), 'keep\n');
    symlinkSync(join(r.dir, 'outside.txt'), jsonPath(r));
    const write = await r.run(WRITE);
    expect(write.code).toBe(2);
    expect(readFileSync(join(r.dir, 'outside.txt'), 'utf8')).toBe('keep\n');
  });
});
