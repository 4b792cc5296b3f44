// The front door (scripts/lib/cli/dispatch.ts) with a verb of its own: the verdict first, exit
// codes, --limit and --json, usage errors without a stack trace, and what it answers from the
// table without loading any verb.
import { describe, expect, it } from 'vitest';
import { ConfigError, IntegrityError } from '../../scripts/lib/core/errors.ts';
import { defineVerb, type VerbRow } from '../../scripts/lib/cli/define-verb.ts';
import { dispatch } from '../../scripts/lib/cli/dispatch.ts';
import { createTestContext } from '../helpers/context.ts';

interface EchoResult {
  lines: number;
  ok: boolean;
}

const echo = defineVerb({
  examples: [['proofgate echo --lines 3', 'print three lines']],
  flags: {
    lines: { type: 'number', default: 1, describe: 'how many lines' },
    fail: { type: 'string', choices: ['config', 'integrity', 'bug'], describe: 'fail so' },
  },
  // Typed by the declarations: lines is a number, fail one of its choices or undefined.
  toOptions: (argv) => ({ lines: argv.lines, fail: argv.fail }),
  run: (options): Promise<EchoResult> => {
    if (options.fail === 'config') {
      throw new ConfigError('SCHEMA_INVALID', 'registry is invalid', {
        where: 'controls/registry.yaml',
        problems: ['controls/registry.yaml:/controls/0/id: must be string'],
        next: 'fix the registry',
      });
    }
    if (options.fail === 'integrity') throw new IntegrityError('CHAIN_BROKEN', 'chain broken');
    if (options.fail === 'bug') throw new TypeError('boom');
    return Promise.resolve({ lines: options.lines, ok: options.lines < 100 });
  },
  render: (r) =>
    [
      `VERDICT ${r.ok ? 'ok' : 'refused'}`,
      ...Array.from({ length: r.lines }, (_, i) => `line ${i} ${'x'.repeat(60)}`),
    ].join('\n'),
  exitCode: (r) => (r.ok ? 0 : 1),
});

const table: VerbRow[] = [
  { name: 'echo', describe: 'test verb', load: () => Promise.resolve(echo) },
  {
    name: 'other',
    describe: 'never loaded here',
    load: () => Promise.reject(new Error('loaded the wrong verb')),
  },
];

async function call(args: string[]) {
  const ctx = createTestContext();
  const code = await dispatch(table, args, ctx, [{ words: ['old'], instead: 'proofgate echo' }]);
  return { code, out: ctx.stdout(), err: ctx.stderr() };
}

describe('dispatch', () => {
  it('runs a verb and returns its exit code with the verdict first', async () => {
    const r = await call(['echo', '--lines', '2']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('VERDICT ok');
  });

  it('maps findings to exit 1', async () => {
    expect((await call(['echo', '--lines', '100'])).code).toBe(1);
  });

  it('bounds human output and says how much was cut', async () => {
    const r = await call(['echo', '--lines', '99', '--limit', '1024']);
    expect(Buffer.byteLength(r.out)).toBeLessThanOrEqual(1024);
    expect(r.out).toMatch(/output truncated: \d+ more bytes/);
  });

  it('prints one JSON document under --json', async () => {
    const r = await call(['echo', '--json']);
    expect(JSON.parse(r.out)).toEqual({ lines: 1, ok: true });
  });

  it('rejects unknown flags and verbs with exit 2 and no stack trace', async () => {
    for (const args of [['echo', '--nope'], ['nope'], [], ['echo', '--fail', 'other']]) {
      const r = await call(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it('rejects a --limit below the floor', async () => {
    expect((await call(['echo', '--limit', '3'])).code).toBe(2);
  });

  it('reports configuration errors with where, every problem and the next step', async () => {
    const r = await call(['echo', '--fail', 'config']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('error [SCHEMA_INVALID]: registry is invalid');
    expect(r.err).toContain('where: controls/registry.yaml');
    expect(r.err).toContain('- controls/registry.yaml:/controls/0/id: must be string');
    expect(r.err).toContain('next: fix the registry');
  });

  it('reports integrity errors with exit 3, also as JSON', async () => {
    const r = await call(['echo', '--fail', 'integrity', '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out)).toMatchObject({ error: { code: 'CHAIN_BROKEN', exitCode: 3 } });
  });

  it('turns an unexpected exception into an internal error, never exit 0', async () => {
    const r = await call(['echo', '--fail', 'bug']);
    expect(r.code).toBe(4);
    expect(r.err).toContain('This is a bug in proofgate');
  });
});

describe('what the front door answers from the table', () => {
  it('loads the verb named by the first positional, not one named in a flag value', async () => {
    const r = await call(['--root', 'other', 'echo', '--lines', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^VERDICT ok/);
  });

  it('lists the verbs without loading any for --help, and refuses an unknown verb', async () => {
    const help = await call(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('never loaded here');
    expect(help.out).not.toContain('Deprecated');
    expect((await call(['nope'])).code).toBe(2);
  });

  it('answers --version and a missing verb from the table, and a verb --help with its examples', async () => {
    const version = await call(['--version']);
    expect(version.code).toBe(0);
    expect(version.out).toMatch(/^\d+\.\d+\.\d+/);
    const none = await call(['--json']);
    expect(none.code).toBe(2);
    expect(JSON.parse(none.out)).toMatchObject({ error: { code: 'BAD_FLAG', exitCode: 2 } });
    const unknown = await call(['nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown verb: nope');
    expect(unknown.err).toContain('one of echo, other');
    const verbHelp = await call(['echo', '--help']);
    expect(verbHelp.code).toBe(0);
    expect(verbHelp.out).toContain('proofgate echo --lines 3');
    expect(verbHelp.out).toMatch(/--lines +how many lines +\[number\] \[default: 1\]/);
    expect(verbHelp.out).toContain('[choices: "config", "integrity", "bug"]');
  });

  it('runs a verb named after common flags and keeps its positionals and strictness', async () => {
    expect((await call(['--limit', '4096', 'echo', '--lines', '1'])).code).toBe(0);
    const extra = await call(['echo', 'stray']);
    expect(extra.code).toBe(2);
    expect(extra.err).toContain('error [BAD_FLAG]: Unknown argument: stray');
  });

  it('refuses a renamed word with the spelling that does the same now (exit 2)', async () => {
    const old = await call(['old', '--lines', '2']);
    expect(old.code).toBe(2);
    expect(old.out).toBe('');
    expect(old.err).toContain(
      "error [BAD_FLAG]: unknown command 'old': did you mean 'proofgate echo'?",
    );
  });
});
