// Packs this package with `npm pack` and installs the tarball into a consumer repository, exactly
// as a user would; the tarball depends on nothing (its libraries are in the bundle). The global
// setup builds the bundle once and packs it right after, while dist/ holds exactly that build, so
// `prepare` is skipped here and the installed tests share one tarball (each packed its own before,
// by then with whatever earlier builds the e2e tests had left in dist/ for their grace period).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { hotFilesIn } from './hot-files.ts';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));

/** A V8 stack frame as printed in an uncaught error: "    at fn (file:line:col)". */
export const STACK_TRACE = /^\s+at .+(\(|\s)(file:|\/|node:).+:\d+(:\d+)?\)?$/m;

export interface InstalledPackage {
  /** node_modules/.bin/proofgate in the consumer. */
  bin: string;
  /** The installed package directory, node_modules/proofgate. */
  dir: string;
  /** Every path the tarball holds, relative to the package root. */
  files: string[];
  /** The tarball. */
  tarball: string;
  /** An empty HOME for the commands (no user configuration leaks in). */
  home: string;
}

interface PackReport {
  filename: string;
  files: { path: string }[];
}

/** A tarball `npm pack` made and the paths it holds, relative to the package root. */
export interface Packed {
  tarball: string;
  files: string[];
}

export function packPackage(destination: string): Packed {
  const out = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    {
      cwd: PACKAGE,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const [report] = JSON.parse(out) as PackReport[];
  if (report === undefined) throw new Error(`npm pack printed no report: ${out}`);
  return { tarball: join(destination, report.filename), files: report.files.map((f) => f.path) };
}

// The tarball the global setup packed right after building (test/helpers/global-setup.ts); none
// outside vitest (the benches), where the caller packs.
function packedBySetup(): Packed | undefined {
  try {
    return inject('packed');
  } catch {
    return undefined;
  }
}

export function installPackedPackage(consumer: string): InstalledPackage {
  const { tarball, files } =
    packedBySetup() ?? packPackage(realpathSync(mkdtempSync(join(tmpdir(), 'pg-pack-'))));
  execFileSync(
    'npm',
    ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', tarball],
    { cwd: consumer, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const home = mkdtempSync(join(tmpdir(), 'pg-home-'));
  return {
    bin: join(consumer, 'node_modules', '.bin', 'proofgate'),
    dir: join(consumer, 'node_modules', 'proofgate'),
    files,
    tarball,
    home,
  };
}

const BUILTINS = new Set(builtinModules);

/**
 * Every module specifier a script of the bundle in `dist` loads that is not one of node's own
 * modules, as "file: specifier" (a package the bundle still needs at run time).
 * Calls inside strings (ajv's standalone code templates) and type comments are not loads.
 */
export function externalSpecifiers(dist: string): string[] {
  // the current build's scripts (a checkout's dist/ keeps an earlier build's files for a while)
  const built = JSON.parse(readFileSync(join(dist, '.build.json'), 'utf8')) as string[];
  const { script, prefetch } = hotFilesIn(dist);
  return built
    .filter((f) => f === script || f === prefetch)
    .flatMap((f) => {
      const code = readFileSync(join(dist, f), 'utf8');
      const specifiers = [
        ...code.matchAll(/(?:^|[^.\w'"`])(?:__)?(?:require|import)\(\s*(["'])([^"']+)\1\s*\)/g),
        // the bundle is minified: statements follow each other on one line
        ...code.matchAll(/(?:^|;)\s*(?:import|export)\s*[^;()]*?from\s*(["'])([^"']+)\1/gm),
      ].map((m) => m[2] ?? '');
      return specifiers
        .filter((s) => !s.startsWith('node:') && !s.startsWith('./') && !BUILTINS.has(s))
        .map((s) => `${f}: ${s}`);
    });
}
