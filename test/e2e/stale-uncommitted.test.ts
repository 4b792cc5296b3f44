// A result STALE because the code moved names how: uncommitted or untracked files by path (the
// first five, then a count) when the result judged HEAD, or a change since the result otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { createTestContext } from '../helpers/context.ts';
import { passedGateRepo, staleReason, type GateRepo } from '../helpers/gate-repo.ts';
import { HONEST_TRANSCRIPT } from '../helpers/hook-stop.ts';

/** The Stop hook as an agent's harness calls it, with the task's control named. */
async function hookStop(): Promise<string> {
  const stdin = JSON.stringify({
    session_id: 's-1',
    transcript_path: HONEST_TRANSCRIPT,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'All done!',
  });
  // The hook's clock is now, like the entries' (an earlier one finds them dated in the future).
  const ctx = createTestContext({
    cwd: r.dir,
    stdin,
    env: { USER: 'dev' },
    now: new Date().toISOString(),
  });
  await dispatchCommand(['hook', 'stop', '--control', 'tests', '--root', r.dir], ctx);
  return ctx.stdout() + ctx.stderr();
}

let r: GateRepo;
beforeAll(async () => {
  r = await passedGateRepo();
});
afterAll(() => r.remove());

describe('STALE names its cause', () => {
  it('uncommitted and untracked files are named, five then a count; the evidence is not', async () => {
    const head = r.git('rev-parse', '--short=7', 'HEAD').trim();
    r.write('src/app.js', 'export const x = 2;\n');
    for (const n of [1, 2, 3, 4, 5, 6]) r.write(`src/new${n}.js`, `export const n = ${n};\n`);
    const why = await staleReason(r);
    expect(why).toBe(
      `no result for the current code: the working tree has uncommitted changes: src/app.js, src/new1.js, src/new2.js, src/new3.js, src/new4.js and 2 more (last PASS on commit ${head}, without them)`,
    );
    expect(why).not.toContain('.proofgate');
    // claim shows the same reason on its blocker line; the human status too.
    expect((await r.run(['claim', '--control', 'tests'])).out).toContain(
      'STALE    tests [self]: no result for the current code: the working tree has uncommitted changes: src/app.js,',
    );
    expect((await r.run(['status'])).out).toContain('uncommitted changes: src/app.js');
    expect(await hookStop()).toContain(
      'the working tree has uncommitted changes: src/app.js, src/new1.js',
    );
  });

  it('after a commit: code changed since the result, HEAD named, no file list', async () => {
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'edit');
    const head = r.git('rev-parse', '--short=7', 'HEAD').trim();
    const why = await staleReason(r);
    expect(why).toMatch(
      new RegExp(
        `^no result for the current code: code changed since the result \\(last PASS on tree [0-9a-f]{12}…; HEAD is now commit ${head}\\)$`,
      ),
    );
  });

  it('a change since the result plus uncommitted files names both', async () => {
    r.write('src/late.js', 'export const late = 1;\n');
    const why = await staleReason(r);
    expect(why).toMatch(/^no result for the current code: code changed since the result \(/);
    expect(why).toMatch(/; the working tree also has uncommitted changes: src\/late\.js$/);
  });
});
