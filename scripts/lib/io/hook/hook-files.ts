// The Stop hook's own files, all inside the git dir (never in the working tree, so they can never
// change a subject binding): the diagnostic log and the optional task file. Nothing here counts
// blocks: the count lives in the ledger (core/hook/hook-notes.ts), which the agent cannot edit.
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import type { TaskFile } from '../../core/hook/task-controls.ts';
import { findRepositoryPaths, isIgnored } from '../git.ts';
import { writeFileAtomic } from '../host/write-file-atomic.ts';
import { proofgateOnPath } from '../host/invocation.ts';

const LOG_FILE = 'hook.log';
const TASK_FILE = 'task.json';

/** `<git dir>/proofgate`: per worktree, so two worktrees keep separate tasks and logs. */
export async function hookDir(root: string): Promise<string> {
  return join((await findRepositoryPaths(root)).gitDir, 'proofgate');
}

export function appendHookLog(dir: string, line: string): void {
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, LOG_FILE), `${line}\n`);
}

const isId = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * The task file, if present: `{"controls": ["id", …]}`, or `{"campaign": "C", "task": "T"}` for a
 * campaign task (whose controls the campaign names).
 */
export function readTaskFile(dir: string): TaskFile | undefined {
  const file = join(dir, TASK_FILE);
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    value = undefined;
  }
  const { controls, campaign, task } = (value ?? {}) as Record<string, unknown>;
  const hasControls = Array.isArray(controls) && controls.every(isId);
  if (isId(campaign) && isId(task) && (controls === undefined || hasControls))
    return { controls: hasControls ? controls : [], campaign: { campaign, task } };
  if (!hasControls || controls.length === 0 || campaign !== undefined || task !== undefined) {
    throw new UsageError(
      'BAD_INPUT',
      `${file} is not {"controls": ["<control id>", …]} or {"campaign": "<id>", "task": "<id>"}`,
      { where: file, next: `fix or delete ${file}` },
    );
  }
  return { controls };
}

/** Writes `<dir>/task.json` naming a campaign task (what `campaign start` hands the Stop hook). */
export function writeTaskFile(dir: string, named: { campaign: string; task: string }): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, TASK_FILE);
  writeFileAtomic(file, `${JSON.stringify(named)}\n`, file);
  return file;
}

/** A JSON settings file: undefined when absent; unparsable is exit 2 and is never rewritten. */
export function readJsonSettings(file: string): unknown {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError('BAD_INPUT', `${file} is not valid JSON; proofgate will not rewrite it`, {
      where: file,
      expected: 'a JSON object',
      next: `fix ${file} by hand (${error instanceof Error ? error.message : 'parse error'}), then run the install again`,
    });
  }
}

export function writeJsonSettings(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, file);
}

/**
 * The `proofgate` the agent's client would run from `PATH`: the first executable of that name on
 * it, unless it lies inside the project (its node_modules/.bin, a shim the project ships), which
 * the project can rewrite; undefined when there is none outside the project.
 */
export function findUserProofgate(root: string, path: string | undefined): string | undefined {
  const found = proofgateOnPath(path);
  if (found === undefined) return undefined;
  const inside = relative(resolve(root), resolve(found));
  return inside.startsWith('..') || isAbsolute(inside) ? found : undefined;
}

/** The names of the regular files directly in `root`; none when it cannot be read. */
export function listRootFiles(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** Whether git ignores the path (relative to the root); false when git cannot tell. */
export function isGitIgnored(root: string, rel: string): Promise<boolean> {
  return isIgnored(root, rel);
}
