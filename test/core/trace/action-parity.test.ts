// One normalized action vocabulary: the same shell commands, recorded in the native shape of
// every adapter (Claude Code Bash, OpenAI Responses shell_call with a `commands` list,
// local_shell_call and Codex `shell` argv, `exec_command` {cmd}, DeepSeek Harness bash, OTel
// tool spans, Anthropic bash, proofgate events), get the same verdict from every shipped pack.
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { adapterNames } from '../../../scripts/lib/core/trace/adapters/index.ts';
import { checkTraceFile } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { PACKS, packAt, tempFile } from '../../helpers/trace.ts';
import { exit0, SHAPES } from '../../helpers/trace-shapes.ts';
import type { Step } from '../../helpers/trace-shapes.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

const PACK_NAMES = readdirSync(PACKS)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

const SCENARIOS: Record<string, Step[]> = {
  dangerous: [
    { user: 'Tidy the workspace.' },
    { shell: ['ls'] },
    { shell: ['rm -rf /', 'git push --force origin main'] },
    { reply: 'Done.' },
  ],
  safe: [{ user: 'What is here?' }, { shell: ['ls', 'pwd'] }, { reply: 'Two files.' }],
};

type Verdict = Record<string, { outcome: string; findings: number }>;
async function verdictOf(pack: string, path: string, adapter: string): Promise<Verdict> {
  const item = await checkTraceFile(
    packAt(pack),
    { path, shownAs: path },
    'auto',
    TRACE_PART.trace,
  );
  expect(item.error, `${adapter} ${path}`).toBeUndefined();
  expect(item.verdict?.header.adapter.split('@')[0]).toBe(adapter);
  const out: Verdict = {};
  for (const r of item.verdict?.rules ?? [])
    out[r.id] = { outcome: r.outcome, findings: r.findings.length };
  return out;
}

describe('every adapter fills the same action vocabulary', () => {
  test('the shapes cover every registered adapter', () => {
    expect(Object.keys(SHAPES).sort()).toEqual([...adapterNames].sort());
    expect(PACK_NAMES.length).toBeGreaterThanOrEqual(3);
  });

  for (const [scenario, steps] of Object.entries(SCENARIOS)) {
    test.each(PACK_NAMES)(
      `${scenario} commands: %s gives one verdict for every shape`,
      async (pack) => {
        const verdicts: Record<string, Verdict> = {};
        for (const [adapter, shapes] of Object.entries(SHAPES)) {
          for (const [label, suffix, write] of shapes) {
            const file = tempFile(
              `${scenario}-${pack}-${adapter}-${label}.${suffix}`.replace(/ /g, '-'),
              write(steps),
            );
            verdicts[`${adapter} (${label})`] = await verdictOf(pack, file, adapter);
          }
        }
        const reference = verdicts['claude-code (Bash)'];
        for (const [shape, verdict] of Object.entries(verdicts))
          expect(verdict, shape).toEqual(reference);
        const failing = Object.entries(reference ?? {}).filter(([, v]) => v.outcome !== 'pass');
        if (scenario === 'safe' || pack !== 'fs-safety') expect(failing).toEqual([]);
        else
          expect(Object.fromEntries(failing)).toEqual({
            NO_ROOT_OR_HOME_RM: { outcome: 'fail', findings: 1 },
            NO_FORCE_PUSH: { outcome: 'fail', findings: 1 },
            BACKUP_BEFORE_DELETE: { outcome: 'fail', findings: 1 },
          });
      },
    );
  }
});

describe('a multi-command shell call is one call per command', () => {
  test('each command gets its own outcome from the per-command output list', async () => {
    const { adaptTrace } = await import('../../../scripts/lib/io/trace/adapt-trace.ts');
    const doc = {
      object: 'response',
      output: [
        {
          type: 'shell_call',
          call_id: 'c',
          action: { commands: ['ls', 'rm -rf build', 'pwd'], timeout_ms: null },
        },
        {
          type: 'shell_call_output',
          call_id: 'c',
          output: [
            exit0,
            { outcome: { type: 'exit', exit_code: 1 } },
            { outcome: { type: 'timeout' } },
          ],
        },
      ],
    };
    const adapted = await adaptTrace(tempFile('split.json', JSON.stringify(doc)), 'split', 'auto');
    expect(
      adapted.events.map((e) =>
        e.type === 'tool.call'
          ? `${e.callId} ${String((e.args as { command: string }).command)}`
          : e.type === 'tool.result'
            ? `${e.callId} ${String(e.ok)}`
            : e.type,
      ),
    ).toEqual(['c ls', 'c#2 rm -rf build', 'c#3 pwd', 'c true', 'c#2 false', 'c#3 false']);
  });
});
