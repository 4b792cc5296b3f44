// Which modules a verdict loads. Every command runs from the hot script (bin/hot.js), where every
// module reached only through a dynamic import is initialised on first use: a preload rewrites
// esbuild's lazy-init helper to log each module it initialises (and drops the code cache, which
// belongs to the unrewritten bytes). Pinned so the secret-redaction rules (secretlint's preset and
// our shapes, the largest part a verdict used to load without using it) stay out of a passing
// verdict: they load where something is redacted, a ledger append or a quoted FAIL output, and
// nowhere else.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pushedRepo } from '../helpers/checkpoint-repo.ts';
import { BIN } from '../helpers/cli.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';
import { hotFilesIn } from '../helpers/hot-files.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});
const tempDir = tempDirsPerTest();

const REDACTION = 'scripts/lib/core/redact/redact.ts';
const DIST = join(BIN, '..', '..', 'dist');

/** The hot script the build record names (bin/hot.js). */
const hotScript = (): string => join(DIST, hotFilesIn(DIST).script);

// esbuild's helper that initialises a lazily loaded module, as it is in the minified hot script.
const LAZY_INIT = 'function __init(){if(err)throw err[0];';

/** A preload that logs each module the hot script initialises lazily to `log`, one per line. */
function hotInitLogger(probe: string, log: string): string {
  const preload = join(probe, 'log-inits.cjs');
  const inject = `if(fn2)require("node:fs").appendFileSync(${JSON.stringify(log)},__getOwnPropNames(fn2)[0]+"\\n");`;
  writeFileSync(
    preload,
    [
      "const vm = require('node:vm');",
      'const Script = vm.Script;',
      'vm.Script = function (source, options) {',
      `  if (options?.filename !== ${JSON.stringify(hotScript())}) return new Script(source, options);`,
      `  const helper = ${JSON.stringify(LAZY_INIT)};`,
      "  if (!source.includes(helper)) throw new Error('the lazy-init helper was not found');",
      `  const logged = helper + ${JSON.stringify(inject)};`,
      '  return new Script(source.replace(helper, logged), { ...options, cachedData: undefined });',
      '};',
    ].join('\n'),
  );
  return preload;
}

/**
 * Runs the CLI in `dir` with the log on: its exit code, whether it ran from the hot script, and the
 * modules the hot script initialised lazily.
 */
function loadedModules(
  dir: string,
  args: string[],
  input = '',
): { code: number; hot: boolean; lazy: string[] } {
  const probe = tempDir('pg-modules-');
  const inits = join(probe, 'inits.log');
  writeFileSync(inits, '');
  const preload = hotInitLogger(probe, inits);
  const run = spawnSync(process.execPath, ['-r', preload, BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
  });
  const lazy = readFileSync(inits, 'utf8').split('\n').filter(Boolean);
  return { code: run.status ?? -1, hot: lazy.length > 0, lazy };
}

describe('modules a verdict loads', () => {
  it('the redaction rules wait, in the hot script, behind a lazy import', () => {
    const script = readFileSync(hotScript(), 'utf8');
    // lazily initialised modules are keyed by their source path in the hot script
    expect(script).toContain(`"${REDACTION}"(){`);
    expect(script).toContain('"node_modules/@secretlint/secretlint-rule-preset-recommend/');
    expect(script).toContain(LAZY_INIT);
  });

  it('a passing task claim and status do not load the redaction rules; the hook running the task again, an append and a quoted FAIL do', async () => {
    const { r } = await pushedRepo(cleanups);
    const stop = () => loadedModules(r.dir, ['hook', 'stop'], stopPayloadFor(r.dir));
    stop(); // fills the subject cache; the pinned call is a warm one
    const verdicts = {
      hook: stop(),
      claim: loadedModules(r.dir, ['claim', '--control', 'tests', '--no-record']),
      status: loadedModules(r.dir, ['status']),
    };
    for (const [verb, run] of Object.entries(verdicts)) {
      expect(run.code, verb).toBe(0);
      expect(run.hot, verb).toBe(true);
      // The task rests on the self stage: the hook runs its control again (hook-rerun.ts), and
      // running a command redacts its output; claim and status run nothing.
      if (verb === 'hook') {
        expect(run.lazy).toContain('scripts/lib/flows/hook/hook-rerun.ts');
        continue;
      }
      expect(run.lazy, verb).not.toContain(REDACTION);
      expect(
        run.lazy.filter((s) => s.includes('secretlint')),
        verb,
      ).toEqual([]);
    }
    // Where something is redacted the rules load: a FAIL recorded (an append) and quoted
    // (status). The FAIL is on new code, so it
    // decides the status (on the old code it would be FLAKY).
    writeFileSync(join(r.dir, 'more.txt'), 'more\n');
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'more');
    writeFileSync(join(r.dir, 'flag'), '');
    const failing = loadedModules(r.dir, ['evaluate', '--run']);
    expect(failing.code).toBe(1);
    expect(failing.hot).toBe(true);
    // git is asked through the one facade (simple-git)
    expect(failing.lazy).toContain('node_modules/simple-git/dist/index.mjs');
    expect(failing.lazy).toContain(REDACTION);
    const quoted = loadedModules(r.dir, ['status']);
    expect(quoted.code).toBe(1);
    expect(quoted.lazy).toContain(REDACTION);
  });
});
