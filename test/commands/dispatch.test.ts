import type { Argv } from 'yargs';
import { describe, expect, it } from 'vitest';
import { ConfigError, IntegrityError } from '../../scripts/lib/core/errors.ts';
import { defineVerb } from '../../scripts/lib/cli/define-verb.ts';
import { dispatch } from '../../scripts/lib/cli/dispatch.ts';
import { dispatchTable } from '../../scripts/lib/cli/dispatch-table.ts';
import { createTestContext } from '../helpers/context.ts';

interface EchoResult {
  lines: number;
  ok: boolean;
}

const echo = defineVerb<{ lines: number; fail: string | undefined }, EchoResult>({
  name: 'echo',
  describe: 'test verb',
  examples: [['proofgate echo --lines 3', 'print three lines']],
  builder: (y) =>
    y
      .option('lines', { type: 'number', default: 1 })
      .option('fail', { type: 'string', choices: ['config', 'integrity', 'bug'] }),
  toOptions: (argv) => ({
    lines: argv['lines'] as number,
    fail: argv['fail'] as string | undefined,
  }),
  run: (options) => {
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

async function call(args: string[]) {
  const ctx = createTestContext();
  const code = await dispatch([echo], args, ctx);
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

describe('dispatchTable', () => {
  const table = [
    { name: 'echo', describe: 'test verb', load: () => Promise.resolve(echo) },
    {
      name: 'other',
      describe: 'never loaded here',
      load: () => Promise.reject(new Error('loaded the wrong verb')),
    },
  ];

  it('loads the verb named by the first positional, not one named in a flag value', async () => {
    const ctx = createTestContext();
    const code = await dispatchTable(table, ['--root', 'other', 'echo', '--lines', '1'], ctx);
    expect(code).toBe(0);
    expect(ctx.stdout()).toMatch(/^VERDICT ok/);
  });

  it('lists the verbs without loading any for --help, and refuses an unknown verb', async () => {
    const help = createTestContext();
    expect(await dispatchTable(table, ['--help'], help)).toBe(0);
    expect(help.stdout()).toContain('never loaded here');
    expect(await dispatchTable(table, ['nope'], createTestContext())).toBe(2);
  });

  it('answers --version and a missing verb from the table, and a verb --help with its examples', async () => {
    const version = createTestContext();
    expect(await dispatchTable(table, ['--version'], version)).toBe(0);
    expect(version.stdout()).toMatch(/^\d+\.\d+\.\d+/);
    const none = createTestContext();
    expect(await dispatchTable(table, ['--json'], none)).toBe(2);
    expect(JSON.parse(none.stdout())).toMatchObject({ error: { code: 'BAD_FLAG', exitCode: 2 } });
    const unknown = createTestContext();
    expect(await dispatchTable(table, ['nope'], unknown)).toBe(2);
    expect(unknown.stderr()).toContain('Unknown verb: nope');
    expect(unknown.stderr()).toContain('one of echo, other');
    const verbHelp = createTestContext();
    expect(await dispatchTable(table, ['echo', '--help'], verbHelp)).toBe(0);
    expect(verbHelp.stdout()).toContain('proofgate echo --lines 3');
    expect(verbHelp.stdout()).toContain('--lines');
  });

  it('runs a verb named after common flags and keeps its positionals and strictness', async () => {
    const ctx = createTestContext();
    expect(await dispatchTable(table, ['--limit', '4096', 'echo', '--lines', '1'], ctx)).toBe(0);
    const extra = createTestContext();
    expect(await dispatchTable(table, ['echo', 'stray'], extra)).toBe(2);
    expect(extra.stderr()).toContain('error [BAD_FLAG]');
  });

  it('parses every run with the lean parser, even one yargs reaches through its tree', async () => {
    // `--json false echo`: the verb is not the first word, so the yargs tree finds it; the run
    // is still parsed by lean-parse, which refuses a builder it cannot record (exit 4), where a
    // second parser would have run the verb.
    const odd = { ...echo, builder: (y: Argv) => echo.builder(y).conflicts('lines', 'fail') };
    for (const args of [['echo'], ['--json', 'false', 'echo']]) {
      const ctx = createTestContext();
      expect(await dispatch([odd], args, ctx), args.join(' ')).toBe(4);
      expect(ctx.stderr()).toContain('the flags of verb "echo" cannot be parsed: .conflicts()');
    }
    const plain = createTestContext();
    expect(await dispatch([echo], ['--json', 'false', 'echo', '--lines', '2'], plain)).toBe(0);
    expect(plain.stdout().split('\n')[0]).toBe('VERDICT ok');
  });
});
