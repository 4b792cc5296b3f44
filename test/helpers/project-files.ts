// The files of a small project of our own in test/fixtures/efficacy-projects/<name>/files (its
// ABOUT.md says what it stands for), as a path → content map for makeGateRepo, and whether a tool
// is on PATH.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../fixtures/efficacy-projects/', import.meta.url));

export function readProjectFiles(name: string): Record<string, string> {
  const base = join(ROOT, name, 'files');
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(base, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(base);
  return out;
}

/** Whether `argv` runs and exits 0 (a tool the test needs is installed). */
export function hasTool(...argv: string[]): boolean {
  const [cmd, ...args] = argv;
  return cmd !== undefined && spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}
