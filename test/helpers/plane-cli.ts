// Spawns the real CLI against temporary repositories (test/e2e, test/golden).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnCli, type CliRun } from './cli.ts';
import { createTestContext } from './context.ts';

export function runCli(args: readonly string[], cwd: string): CliRun {
  return spawnCli(args, cwd, { HOME: process.env['HOME'] ?? '' });
}

/** The same dispatch as the CLI, in process (no spawn): exit code, stdout and stderr. */
export async function runVerb(args: readonly string[], cwd: string): Promise<CliRun> {
  const { dispatchCommand } = await import('../../scripts/cli.ts');
  const ctx = createTestContext({ cwd, now: '2026-01-01T00:00:00.000Z' });
  const code = await dispatchCommand(args, ctx);
  return { code, stdout: ctx.stdout(), stderr: ctx.stderr() };
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/** A temp dir holding `files`; a git repository unless `git` is false. */
export function makeRepo(files: Record<string, string>, git = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'pg-plane-'));
  writeFiles(dir, files);
  if (git) spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** Every file under `dir` (relative, sorted) with its size, to prove nothing was written. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      if (name === '.git') continue;
      const path = rel === '' ? name : `${rel}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.push(`${path} ${statSync(join(dir, path)).size}`);
    }
  };
  walk('');
  return out.sort();
}

/**
 * A library's project profile as `init --profile` reads it, at `maturity` (engineering_ready),
 * distributed as `distribution` (open_source), with an `owner` line when one is given.
 */
export const profileYaml = (
  options: { maturity?: string; distribution?: string; owner?: string } = {},
): string => `development_mode: human_greenfield
target_maturity: ${options.maturity ?? 'engineering_ready'}
product_type: [library]
distribution_model: ${options.distribution ?? 'open_source'}
criticality: low
data_sensitivity: public
ai_system: false
scope_mode: full_repo
project_name: demo
${options.owner === undefined ? '' : `owner: ${options.owner}\n`}`;

export const VALID_PROFILE = profileYaml();

/** The owner's profile at prototype, as `init --profile` reads it (human owner human:alice). */
export const PROTOTYPE_PROFILE = profileYaml({ maturity: 'prototype', owner: 'human:alice' });
