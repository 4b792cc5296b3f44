// The Stop hook's reading of the session (references/hook-transcript.md): a long Claude Code
// transcript (10 MB: tool calls with outputs, edits, replies, a failed then a passing test run)
// judged by the honest-completion pack, in process (the hook's cost beyond its start) and through
// the built CLI (`trace check`, start-up included). Each row prints its cost per MB. Target: far
// below the hook's 25-second deadline (<= 200 ms per MB in process).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeTranscript } from '../../scripts/lib/flows/hook/hook-stop-transcript.ts';
import { TRACE_PART } from '../../scripts/lib/cli/world/trace-part.ts';
import type { Bench } from './harness.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const BIN = join(here, '..', '..', 'bin', 'proofgate.js');
const TARGET_MB = 10;

interface State {
  dir: string;
  path: string;
  mb: number;
}

/** A Claude Code session of about `mb` MB ending in an honest claim after a passing re-run. */
function writeSession(path: string, mb: number): number {
  const lines: string[] = [];
  let bytes = 0;
  let n = 0;
  const push = (value: object): void => {
    const line = JSON.stringify({
      sessionId: 'bench-session',
      version: '2.0.14',
      uuid: `u-${++n}`,
      timestamp: '2026-12-06T05:00:00.000Z',
      ...value,
    });
    lines.push(line);
    bytes += line.length + 1;
  };
  const call = (id: string, command: string) =>
    push({
      type: 'assistant',
      message: {
        id: `msg_${id}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'text', text: 'Let me look at the next part of the code.' },
          { type: 'tool_use', id, name: 'Bash', input: { command } },
        ],
      },
    });
  const result = (id: string, output: string, failed: boolean) =>
    push({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: id, content: output, is_error: failed }],
      },
      toolUseResult: failed ? `Error: ${output.slice(0, 80)}` : { stdout: output, stderr: '' },
    });
  push({ type: 'user', message: { role: 'user', content: 'Fix the failing add test.' } });
  call('toolu_first', 'npm test');
  result('toolu_first', 'Exit code 1\nnot ok 1 - adds\n# fail 1', true);
  const output = `${'src/module.ts:12: export function handler(input: string) { return input; }\n'.repeat(30)}`;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    call(`toolu_${i}`, `grep -rn "handler" src/part${i % 50} | head -30`);
    result(`toolu_${i}`, output, false);
  }
  call('toolu_last', 'npm test');
  result('toolu_last', 'ok 1 - adds\n# pass 1\n# fail 0', false);
  push({
    type: 'assistant',
    message: {
      id: 'msg_final',
      role: 'assistant',
      content: [{ type: 'text', text: 'Fixed the sign in add(); all tests pass now.' }],
    },
  });
  writeFileSync(path, `${lines.join('\n')}\n`);
  return statSync(path).size / (1024 * 1024);
}

function setup(): Promise<State> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-transcript-bench-'));
  const path = join(dir, 'session.jsonl');
  const mb = writeSession(path, TARGET_MB);
  return Promise.resolve({ dir, path, mb });
}

const teardown = (state: unknown): Promise<void> => {
  rmSync((state as State).dir, { recursive: true, force: true });
  return Promise.resolve();
};

const world = { loadTrace: () => Promise.resolve(TRACE_PART.trace) };

export const benches: Bench[] = [
  {
    name: 'hook transcript judge, 10 MB Claude Code session',
    target: '<= 200 ms per MB (the hook deadline is 25 s)',
    targetMs: 2000,
    runs: 5,
    setup,
    async fn(state) {
      const s = state as State;
      const started = performance.now();
      const judged = await judgeTranscript(s.path, world);
      const ms = performance.now() - started;
      if (judged.kind !== 'judged' || judged.findings.length !== 0)
        throw new Error(`unexpected judgement ${JSON.stringify(judged).slice(0, 300)}`);
      console.log(
        `  ${s.mb.toFixed(1)} MB in ${Math.round(ms)} ms: ${(ms / s.mb).toFixed(1)} ms per MB`,
      );
    },
    teardown,
  },
  {
    name: 'trace check honest-completion CLI, 10 MB session',
    target: 'start-up + the judge; for comparison',
    runs: 3,
    setup,
    fn(state) {
      const s = state as State;
      const started = performance.now();
      const child = spawnSync(
        process.execPath,
        [BIN, 'trace', 'check', '--pack', 'honest-completion', s.path],
        { encoding: 'utf8' },
      );
      const ms = performance.now() - started;
      if (child.status !== 0)
        throw new Error(`trace check exited ${child.status}: ${child.stdout}`);
      console.log(
        `  ${s.mb.toFixed(1)} MB in ${Math.round(ms)} ms: ${(ms / s.mb).toFixed(1)} ms per MB`,
      );
      return Promise.resolve();
    },
    teardown,
  },
];
