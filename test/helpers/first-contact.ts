// The owner's side of a first contact (test/installed/real-projects.test.ts): which ecosystem a
// project is, the decision for every slot besides the tests (a command of the project's own
// toolchain, or not applicable with the reason), and the files the project's own packager puts in
// its package, listed in a throwaway copy so that building leaves nothing in the project.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './git-repo.ts';

export type Ecosystem = 'python' | 'rust' | 'npm';

export function ecosystemOf(dir: string): Ecosystem {
  if (existsSync(join(dir, 'Cargo.toml'))) return 'rust';
  if (existsSync(join(dir, 'pyproject.toml'))) return 'python';
  if (existsSync(join(dir, 'package.json'))) return 'npm';
  throw new Error(`${dir}: no Cargo.toml, pyproject.toml or package.json`);
}

/** What a first contact of `ecosystem` runs that this machine lacks, if anything. */
export function missingToolchain(ecosystem: Ecosystem): string | undefined {
  const probes: Record<Ecosystem, [string, string, string[]][]> = {
    rust: [
      ['cargo', 'cargo', ['--version']],
      ['rustfmt', 'cargo', ['fmt', '--version']],
    ],
    python: [
      ['python3 with pytest and setuptools', 'python3', ['-c', 'import pytest, setuptools']],
    ],
    npm: [],
  };
  for (const [name, program, args] of probes[ecosystem])
    if (spawnSync(program, args, { stdio: 'ignore' }).status !== 0) return name;
  return undefined;
}

const NO_SECRETS = ['sh', '-c', '! git grep -nE "BEGIN [A-Z ]*PRIVATE KEY|AKIA[0-9A-Z]{16}"'];

function fills(slot: string, argv: string[]): string[] {
  return ['adopt', '--fills', slot, '--', ...argv];
}

function notApplicable(slot: string, rationale: string): string[] {
  return ['adopt', '--not-applicable', slot, '--rationale', rationale];
}

/**
 * `adopt` argument lists deciding ENG.BUILD … SEC.SECRETS for a project of `ecosystem` (the slot
 * id third); the caller applies those whose slot `adopt --list` names as open.
 */
export function firstContactDecisions(ecosystem: Ecosystem, dir: string): string[][] {
  const secrets = fills('SEC.SECRETS', NO_SECRETS);
  if (ecosystem === 'rust')
    return [
      fills('ENG.BUILD', ['cargo', 'build', '--offline']),
      // a target directory of its own: check artifacts beside the build's make a crate that probes
      // its own rlib (autocfg's tests do) find two candidates
      fills('ENG.TYPECHECK', [
        'cargo',
        'check',
        '--offline',
        '--all-targets',
        '--target-dir',
        'target/check',
      ]),
      fills('ENG.LINT', ['cargo', 'fmt', '--check']),
      // open only when no Cargo.lock is committed (init points a file check at one)
      notApplicable('ENG.LOCKFILE', 'a library crate: Cargo.lock is not committed'),
      notApplicable('SEC.VULN_SCAN', 'no cargo-audit on this machine; not gated yet'),
      secrets,
    ];
  if (ecosystem === 'python')
    return [
      fills('ENG.BUILD', [
        'python3',
        '-m',
        'compileall',
        '-q',
        existsSync(join(dir, 'src')) ? 'src' : '.',
      ]),
      notApplicable('ENG.TYPECHECK', 'no type checker is configured for this package yet'),
      notApplicable('ENG.LINT', 'no Python linter is installed on this machine; not gated yet'),
      notApplicable('ENG.LOCKFILE', 'a library: its users resolve its dependencies'),
      notApplicable('SEC.VULN_SCAN', 'no pip-audit on this machine; not gated yet'),
      secrets,
    ];
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main?: string };
  return [
    notApplicable('ENG.BUILD', 'plain JavaScript published as written: nothing to build'),
    notApplicable('ENG.TYPECHECK', 'plain JavaScript without type annotations'),
    fills('ENG.LINT', ['node', '--check', pkg.main ?? 'index.js']),
    notApplicable('ENG.LOCKFILE', 'a library: its users resolve its dependencies'),
    notApplicable('SEC.VULN_SCAN', 'npm audit needs the registry; not gated yet'),
    secrets,
  ];
}

function run(program: string, args: string[], cwd: string): string {
  return execFileSync(program, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

// The backend's own output goes to stderr; the members go to stdout (setuptools rewrites sys.argv).
const SDIST = `
import contextlib, sys, tarfile, tomllib, importlib
out = sys.argv[1]
backend = tomllib.load(open("pyproject.toml", "rb")).get("build-system", {}).get(
    "build-backend", "setuptools.build_meta")
with contextlib.redirect_stdout(sys.stderr):
    name = importlib.import_module(backend).build_sdist(out)
with tarfile.open(out + "/" + name) as t:
    for m in t.getmembers():
        if m.isfile():
            print(m.name.split("/", 1)[1])
`;

/**
 * The files the project's packager puts in its package, as it publishes (npm runs its pack
 * scripts): npm pack, cargo package --list, the pyproject build backend's sdist. Sorted.
 */
export function packagedFiles(ecosystem: Ecosystem, dir: string): string[] {
  const copy = join(makeTempDir('pg-pack-copy-'), 'p');
  cpSync(dir, copy, { recursive: true });
  try {
    if (ecosystem === 'rust')
      return run('cargo', ['package', '--list', '--allow-dirty', '--offline'], copy)
        .split('\n')
        .filter(Boolean)
        .sort();
    if (ecosystem === 'python') {
      const out = makeTempDir('pg-sdist-');
      return run('python3', ['-c', SDIST, out], copy).split('\n').filter(Boolean).sort();
    }
    const report = run('npm', ['pack', '--dry-run', '--json'], copy);
    const json = report.slice(report.indexOf('\n[') + 1 || report.indexOf('['));
    return (JSON.parse(json) as { files: { path: string }[] }[])[0]!.files
      .map((f) => f.path)
      .sort();
  } finally {
    rmSync(join(copy, '..'), { recursive: true, force: true });
  }
}
