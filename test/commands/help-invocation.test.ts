// `--help` speaks the user's language: it lists `proofgate <verb>` wherever it runs, while a
// refusal's next command keeps the form that runs where the user is (node <this bin>, here: no
// npm project and no proofgate on PATH), as every other output does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchCommand, verbs } from '../../scripts/cli.ts';
import { withInvocation } from '../../scripts/lib/cli/invocation-context.ts';
import { createTestContext } from '../helpers/context.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-help-invocation-'));
const words = verbs.map((v) => v.name);

async function run(args: string[]) {
  const ctx = createTestContext({ cwd: dir, env: { PATH: '' } });
  const code = await dispatchCommand(args, withInvocation(ctx, words, args));
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

describe('--help names proofgate, not the path of this copy', () => {
  it.each([
    ['--help'],
    ['claim', '--help'],
    ['install', '--help'],
    ['install', '--hook', 'claude', '-h'],
  ])('%s', async (...args) => {
    const help = await run(args);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {0,2}proofgate [a-z]/m);
    expect(help.stdout).not.toMatch(/node \S*proofgate\.js/);
  });

  it('a refusal next to --help still prints the command that runs here', async () => {
    const refused = await run(['no-such-verb', '--help']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/node \S*bin\/proofgate\.js"? --help/);
    const json = await run(['no-such-verb', '--help', '--json']);
    expect(json.stdout).toMatch(/node \S*bin\/proofgate\.js/);
  });

  it('without --help the output keeps the form that runs here', async () => {
    const refused = await run(['no-such-verb']);
    expect(refused.stderr).toMatch(/node \S*bin\/proofgate\.js"? --help/);
  });
});
