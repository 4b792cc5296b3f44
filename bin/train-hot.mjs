// Trains the hot path's V8 code cache (bin/build-dist.mjs runs it once the new bundle is in dist/):
// in a throwaway git repository with a small control plane, built with the new script and its
// untrained cache through bin/proofgate.js
// (init, two adopted commands, evaluate --run), it compiles the hot script as bin/hot.js does, runs
// `status`, `claim` and `hook stop` in this process, once alone and once with the branch tracking
// an upstream (a bare origin it was pushed to), then writes V8's cache of the script to the
// file named by its third argument. A cache made right after compiling holds only what V8 compiles
// eagerly; this one holds every function those verdicts ran (measured on a 50k-file repository:
// about 40 ms of CPU less per hook). Used by nothing at run time; its output is an ordinary bundle
// file, listed in the build record and hashed like the others.
//
// Usage: node bin/train-hot.mjs <dist> <hot script name> <out>
// (stdin: a Stop hook payload; exits non-zero on any failure, and the build keeps the untrained
// cache)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Script, constants } from 'node:vm';

const [dist, name, out] = process.argv.slice(2);
if (dist === undefined || name === undefined || out === undefined) {
  process.stderr.write('usage: node bin/train-hot.mjs <dist> <hot script name> <out>\n');
  process.exit(2);
}

const repo = mkdtempSync(join(tmpdir(), 'proofgate-train-'));
const origin = `${repo}-origin`;
const IDENTITY = ['-c', 'user.name=proofgate build', '-c', 'user.email=build@proofgate.invalid'];

function run(program, args) {
  const result = spawnSync(program, args, { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')}: exit ${result.status}\n${result.stderr}`);
}

try {
  run('git', ['init', '-q', '-b', 'main']);
  writeFileSync(join(repo, 'index.js'), 'export const answer = 42;\n');
  run('git', [...IDENTITY, 'add', '-A']);
  run('git', [...IDENTITY, 'commit', '-q', '-m', 'project']);
  const bin = join(dist, '..', 'bin', 'proofgate.js');
  const cli = (...args) => run(process.execPath, [bin, ...args]);
  cli(
    ...['init', '--development-mode', 'human_greenfield', '--target-maturity', 'prototype'],
    ...['--product-type', 'library', '--distribution-model', 'open_source'],
    ...['--criticality', 'low', '--data-sensitivity', 'public', '--no-ai-system'],
    ...['--scope-mode', 'full_repo', '--owner', 'trainer'],
  );
  cli('adopt', '--fills', 'ENG.TESTS', '--', process.execPath, '-e', '0');
  cli('adopt', '--fills', 'ENG.BUILD', '--', process.execPath, '-e', '0');
  cli('evaluate', '--run');
  run('git', [...IDENTITY, 'add', '-A']);
  run('git', [...IDENTITY, 'commit', '-q', '-m', 'plane and evidence']);

  const filename = join(dist, name);
  const script = new Script(readFileSync(filename, 'latin1'), {
    filename,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, dist);
  process.chdir(repo);
  const verdicts = [['status'], ['claim', '--no-record'], ['hook', 'stop', '--root', repo]];
  // The hook reads its payload from stdin, once per run: each run is handed a stream of its own.
  const payload = readFileSync(0);
  const train = async () => {
    for (const args of verdicts) {
      Object.defineProperty(process, 'stdin', {
        value: Readable.from([payload]),
        configurable: true,
      });
      await module.exports.main(args);
    }
  };
  await train();
  // Then as in a developer's clone: the branch tracks an upstream, so the verdicts also find the
  // base, check its remote, read its rules and prove the ledger against it.
  run('git', ['init', '-q', '--bare', origin]);
  run('git', ['remote', 'add', 'origin', origin]);
  run('git', [...IDENTITY, 'push', '-q', '-u', 'origin', 'HEAD:main']);
  await train();
  writeFileSync(out, script.createCachedData());
  process.exitCode = 0;
} finally {
  rmSync(repo, { recursive: true, force: true });
  rmSync(origin, { recursive: true, force: true });
}
