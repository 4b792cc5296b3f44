// `hook stop` as the agent's Stop hook calls it, in process: the decision it prints, if any.
import { spawnSync } from 'node:child_process';
import { dispatchCommand } from '../../scripts/cli.ts';
import { join } from 'node:path';
import { createTestContext } from './context.ts';

/** Claude Code transcripts we wrote (test/fixtures/transcripts/), for payloads' transcript_path. */
export const TRANSCRIPTS = join(import.meta.dirname, '..', 'fixtures', 'transcripts');
/** A session whose final message claims nothing it did not do. */
export const HONEST_TRANSCRIPT = join(TRANSCRIPTS, 'honest.jsonl');

export interface StopDecision {
  decision?: string;
  reason?: string;
}

/** Runs `hook stop --root <dir> [...flags]` on a Stop event, with a minimal environment. */
export async function hookStopIn(dir: string, ...flags: string[]): Promise<StopDecision> {
  const ctx = createTestContext({
    cwd: dir,
    stdin: JSON.stringify({ session_id: 's', hook_event_name: 'Stop', stop_hook_active: false }),
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
    now: new Date().toISOString(),
  });
  await dispatchCommand(['hook', 'stop', '--root', dir, ...flags], ctx);
  return JSON.parse(ctx.stdout() || '{}') as StopDecision;
}

/** A registry of two controls no session has proven: every stop on it is refused. */
export const HOOK_REGISTRY = `version: 1
controls:
  - id: unit
    title: Unit check
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: [node, check.js] }
    evidence_required: [command output]
  - id: notes
    title: Release notes exist
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: file, path: NOTES.md, condition: exists }
    evidence_required: [file check]
`;

/** The Stop payload Claude Code writes, with `extra` fields over the defaults. */
export function stopPayloadFor(dir: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 'sess-adversary',
    cwd: dir,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...extra,
  });
}

export interface SpawnedStop {
  code: number;
  stdout: string;
  stderr: string;
}

/** `sh -c <command>` in `cwd` with the payload on stdin: what Claude Code or Codex runs. */
export function runShellHook(
  command: string,
  cwd: string,
  stdin: string,
  env: Record<string, string> = {},
): SpawnedStop {
  const result = spawnSync('sh', ['-c', command], {
    cwd,
    input: stdin,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env },
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
