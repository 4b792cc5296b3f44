// Which bundle files a verdict loads, logged by a module hook registered with `--import`. Pinned so
// the secret-redaction rules (secretlint's preset and our shapes, the largest chunk a verdict used
// to load without using it) stay out of a passing verdict: they load where something is redacted,
// a ledger append or a quoted FAIL output, and nowhere else.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { pushedRepo } from '../helpers/checkpoint-repo.ts';
import { BIN } from '../helpers/cli.ts';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});
const tempDir = tempDirsPerTest();

const REDACTION = 'scripts/lib/core/redact/redact.ts';

/** Runs the CLI in `dir` with the module log on: its exit code and the source files it loaded. */
function loadedSources(
  dir: string,
  args: string[],
  input = '',
): { code: number; sources: string[]; files: number } {
  const probe = tempDir('pg-modules-');
  const log = join(probe, 'loaded.log');
  writeFileSync(log, '');
  const hooks = join(probe, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\n` +
      `export async function load(url, context, next) {\n` +
      `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n` +
      `  return next(url, context);\n}\n`,
  );
  const register = join(probe, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const run = spawnSync(process.execPath, ['--import', register, BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
  });
  // esbuild marks each source a chunk holds with a `// <path>` line.
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.endsWith('.mjs') && url.includes('/dist/'));
  const sources = files.flatMap((url) =>
    readFileSync(new URL(url), 'utf8')
      .split('\n')
      .filter((line) => /^\/\/ (scripts|node_modules)\//.test(line))
      .map((line) => line.slice(3)),
  );
  return { code: run.status ?? -1, sources, files: new Set(files).size };
}

describe('modules a verdict loads', () => {
  it('a passing task claim and status do not load the redaction rules; the hook running the task again, an append and a quoted FAIL do', async () => {
    const { r } = await pushedRepo(cleanups);
    const stop = (): ReturnType<typeof loadedSources> =>
      loadedSources(r.dir, ['hook', 'stop'], stopPayloadFor(r.dir));
    stop(); // fills the subject cache; the pinned call is a warm one
    const verdicts = {
      hook: stop(),
      claim: loadedSources(r.dir, ['claim', '--control', 'tests', '--no-record']),
      status: loadedSources(r.dir, ['status']),
    };
    // Every bundle file loaded is read, compiled and linked on each start (Node 20 keeps no compile
    // cache): pinned so the count cannot creep up. git is asked through the one facade, which
    // starts it with simple-git (its whole facade is one chunk: see scripts/lib/io/git.ts).
    console.log(
      `bundle files loaded: hook ${verdicts.hook.files}, task claim ${verdicts.claim.files}`,
    );
    expect(verdicts.hook.files).toBeLessThanOrEqual(77);
    expect(verdicts.claim.files).toBeLessThanOrEqual(78);
    for (const [verb, run] of Object.entries(verdicts)) {
      expect(run.code, verb).toBe(0);
      expect(run.sources, verb).toContain('node_modules/simple-git/dist/index.mjs');
      // The probe saw the verdict's own code, so an empty log cannot pass.
      expect(run.sources, verb).toContain('scripts/lib/flows/claim/claim-now.ts');
      // The task rests on the self stage: the hook runs its control again (hook-rerun.ts), and
      // running a command redacts its output; claim and status run nothing.
      if (verb === 'hook') {
        expect(run.sources).toContain('scripts/lib/flows/hook/hook-rerun.ts');
        continue;
      }
      expect(run.sources, verb).not.toContain(REDACTION);
      expect(
        run.sources.filter((s) => s.includes('secretlint')),
        verb,
      ).toEqual([]);
    }
    // Where something is redacted the rules load: a FAIL recorded (an append) and quoted. The
    // FAIL is on new code, so it decides the status (on the old code it would be FLAKY).
    writeFileSync(join(r.dir, 'more.txt'), 'more\n');
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'more');
    writeFileSync(join(r.dir, 'flag'), '');
    const failing = loadedSources(r.dir, ['evaluate', '--run']);
    expect(failing.code).toBe(1);
    expect(failing.sources).toContain(REDACTION);
    const quoted = loadedSources(r.dir, ['status']);
    expect(quoted.code).toBe(1);
    expect(quoted.sources).toContain(REDACTION);
  });
});
