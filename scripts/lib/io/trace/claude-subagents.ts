// Claude Code writes each subagent's transcript beside its session, as
// `<session>/subagents/agent-<id>.jsonl`. They are read here, before the parent streams, and the
// reader splices each agent's events into the parent where that agent returned.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import { countMalformed } from '../../core/trace/events.ts';
import type { RecordCounts } from '../../core/trace/events.ts';
import type { AdapterSink, NewEvent } from '../../core/trace/adapters/define-adapter.ts';
import { RecordRejected } from '../../core/trace/adapters/define-adapter.ts';
import { claudeCodeAdapter } from '../../core/trace/adapters/claude-code.ts';
import { tryParseJson } from '../../core/trace/json-depth.ts';
import { readLines } from '../host/read-lines.ts';

/** Subagent events held in memory at most (the parent still streams). */
export const MAX_SUBAGENT_EVENTS = 1_000_000;

export interface SubagentFile {
  agentId: string;
  path: string;
}

/** `<dir>/<session>.jsonl` → the `agent-*.jsonl` files under `<dir>/<session>/subagents/`. */
export function findSubagentFiles(sessionPath: string): SubagentFile[] {
  const dir = join(dirname(sessionPath), basename(sessionPath, '.jsonl'), 'subagents');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((f) => /^agent-.+\.jsonl$/.test(f))
    .sort()
    .map((f) => ({ agentId: f.slice('agent-'.length, -'.jsonl'.length), path: join(dir, f) }));
}

/** Every subagent's events in file order, attributed to the agent, keyed by agent id. */
export async function readSubagents(
  files: readonly SubagentFile[],
  counts: RecordCounts,
  shownAs: string,
): Promise<Map<string, NewEvent[]>> {
  const byAgent = new Map<string, NewEvent[]>();
  let total = 0;
  for (const file of files) {
    const events: NewEvent[] = [];
    const shown = `${shownAs}:subagents/agent-${file.agentId}`;
    const collector: AdapterSink = {
      counts,
      emit(event) {
        if (++total > MAX_SUBAGENT_EVENTS) {
          throw new UsageError(
            'BAD_INPUT',
            `subagent files of ${shownAs} hold more than ${MAX_SUBAGENT_EVENTS} events`,
            { where: shown, next: 'check the subagent transcripts one by one' },
          );
        }
        events.push({
          ...event,
          agent: file.agentId,
          src: `agent-${file.agentId} ${event.src ?? ''}`.trim(),
        });
      },
      setSourceVersion() {},
      setSessionId() {},
      noteRecordedWith() {},
    };
    const parser = claudeCodeAdapter.createParser(collector);
    await readLines(file.path, ({ line, text }) => {
      counts.records++;
      const parsed = text === undefined ? undefined : tryParseJson(text);
      if (parsed === undefined || !parsed.ok) {
        return countMalformed(
          counts,
          `${shown} L${line}: ${parsed?.ok === false ? parsed.error : 'line too long'}`,
        );
      }
      try {
        parser.record(parsed.value, line);
      } catch (error) {
        if (!(error instanceof RecordRejected)) throw error;
        countMalformed(counts, `${shown} L${line}: ${error.message}`);
      }
    });
    parser.end();
    byAgent.set(file.agentId, events);
  }
  return byAgent;
}
