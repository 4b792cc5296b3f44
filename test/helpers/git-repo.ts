// Throwaway git repositories for e2e tests: real git, minimal environment, fixed identity.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

export interface TestRepo {
  dir: string;
  git(...args: string[]): string;
  write(path: string, content: string, options?: { executable?: boolean }): void;
  commit(message?: string): void;
  remove(): void;
}

export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A temporary-directory maker for one test file: every directory it made is removed after each
 * test (call it at the top level of the file).
 */
export function tempDirsPerTest(): (prefix: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = makeTempDir(prefix);
    made.push(dir);
    return dir;
  };
}

/**
 * The options every test-side git command starts with: a fixed identity, and none of the
 * housekeeping git starts on its own after a commit or a push (`maintenance run --auto`,
 * `gc --auto`: two more processes per commit, for repositories that live a few seconds).
 */
export const TEST_GIT_OPTIONS = [
  ...['-c', 'user.name=t', '-c', 'user.email=t@t'],
  ...['-c', 'maintenance.auto=false', '-c', 'gc.auto=0', '-c', 'receive.autoGc=false'],
];

export function openRepo(dir: string): TestRepo {
  const git = (...args: string[]): string =>
    execFileSync('git', [...TEST_GIT_OPTIONS, ...args], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  return {
    dir,
    git,
    write(path, content, options = {}) {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (options.executable === true) chmodSync(file, 0o755);
    },
    commit(message = 'c') {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `git init -q` in a fresh temporary directory, with the given files committed when non-empty. */
export function makeRepo(files: Record<string, string> = {}): TestRepo {
  const repo = openRepo(makeTempDir('proofgate-repo-'));
  repo.git('init', '-q', '-b', 'main');
  for (const [path, content] of Object.entries(files)) repo.write(path, content);
  if (Object.keys(files).length > 0) repo.commit('initial');
  return repo;
}
