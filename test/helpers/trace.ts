// Test helpers for the trajectory gate: write a trace in several formats and check it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TraceOptions } from '../../scripts/lib/cli/trace-options.ts';
import type { TraceEvent } from '../../scripts/lib/core/trace/events.ts';
import type { Pack } from '../../scripts/lib/core/trace/pack.ts';
import { checkTraceFile } from '../../scripts/lib/flows/trace/trace-check-flow.ts';
import type { TraceCheckItem } from '../../scripts/lib/flows/trace/trace-check-flow.ts';
import { loadPack } from '../../scripts/lib/io/trace/load-pack.ts';
import { TRACE_PART } from '../../scripts/lib/cli/world/trace-part.ts';

export const REPO = join(import.meta.dirname, '..', '..');
export const PACKS = join(REPO, 'controls', 'catalog', 'traces');
export const FIXTURES = join(REPO, 'test', 'fixtures', 'traces');

export function packAt(name: string): Pack {
  return loadPack(join(PACKS, `${name}.yaml`), `${name}.yaml`);
}

let dir: string | undefined;
export function tempFile(name: string, content: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'pg-trace-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

export type Format = 'events' | 'openai-chat' | 'anthropic-messages';
export const FORMATS: readonly Format[] = ['events', 'openai-chat', 'anthropic-messages'];

const vendorName = (name: string): string => name.replace(/\./g, '_');

/** The same conversation as OpenAI Chat messages (no failure flag: data carries the error). */
function toChat(events: readonly TraceEvent[]): unknown {
  const messages: Record<string, unknown>[] = [];
  for (const e of events) {
    const last = messages[messages.length - 1];
    if (e.type === 'user.message') messages.push({ role: 'user', content: e.content });
    else if (e.type === 'assistant.message')
      messages.push({ role: 'assistant', content: e.content });
    else if (e.type === 'tool.result')
      messages.push({ role: 'tool', tool_call_id: e.callId, content: JSON.stringify(e.data) });
    else if (e.type === 'tool.call') {
      const call = {
        id: e.callId,
        type: 'function',
        function: { name: vendorName(e.name), arguments: JSON.stringify(e.args) },
      };
      if (last?.['role'] === 'assistant' && Array.isArray(last['tool_calls']))
        (last['tool_calls'] as unknown[]).push(call);
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    }
  }
  return { messages };
}

/** The same conversation as Anthropic Messages (failure as is_error). */
function toAnthropic(events: readonly TraceEvent[]): unknown {
  const messages: { role: string; content: Record<string, unknown>[] }[] = [];
  const push = (role: string, block: Record<string, unknown>): void => {
    const last = messages[messages.length - 1];
    if (last?.role === role) last.content.push(block);
    else messages.push({ role, content: [block] });
  };
  for (const e of events) {
    if (e.type === 'user.message') push('user', { type: 'text', text: e.content });
    else if (e.type === 'assistant.message') push('assistant', { type: 'text', text: e.content });
    else if (e.type === 'tool.call')
      push('assistant', {
        type: 'tool_use',
        id: e.callId,
        name: vendorName(e.name),
        input: e.args,
      });
    else if (e.type === 'tool.result')
      push('user', {
        type: 'tool_result',
        tool_use_id: e.callId,
        content: JSON.stringify(e.data),
        ...(e.ok === false ? { is_error: true } : {}),
      });
  }
  return { messages };
}

export function serialize(events: readonly TraceEvent[], format: Format): string {
  if (format === 'events') return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
  return JSON.stringify(format === 'openai-chat' ? toChat(events) : toAnthropic(events));
}

let counter = 0;
export async function checkEvents(
  pack: Pack,
  events: readonly TraceEvent[],
  format: Format = 'events',
): Promise<TraceCheckItem> {
  const path = tempFile(
    `t${counter++}.${format === 'events' ? 'jsonl' : 'json'}`,
    serialize(events, format),
  );
  return checkTraceFile(pack, { path, shownAs: path }, 'auto', TRACE_PART.trace);
}

export async function checkFile(
  pack: Pack,
  path: string,
  adapter = 'auto',
): Promise<TraceCheckItem> {
  return checkTraceFile(pack, { path, shownAs: path }, adapter, TRACE_PART.trace);
}

/** rule id → outcome, for the rules that did not pass. */
export function notPassing(item: TraceCheckItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of item.verdict?.rules ?? []) if (r.outcome !== 'pass') out[r.id] = r.outcome;
  return out;
}

/** `trace <action> --pack <pack> <traces>` as the CLI parses it with no other flag. */
export function traceOptions(
  action: TraceOptions['action'],
  traces: string[],
  pack: string,
): TraceOptions {
  return {
    action,
    traces,
    pack,
    adapter: 'auto',
    failOn: 'block',
    sarif: undefined,
    junit: undefined,
    markdown: undefined,
    alpha: 0.05,
    root: undefined,
    json: false,
    limit: 8192,
  };
}

/** Events as short lines (`call <id> <name>`, `result <id> <ok>`, `<type> <content>`). */
export const brief = (events: readonly TraceEvent[]): string[] =>
  events.map((e) =>
    e.type === 'tool.call'
      ? `call ${e.callId} ${e.name}`
      : e.type === 'tool.result'
        ? `result ${e.callId} ${String(e.ok)}`
        : `${e.type} ${e.content}`,
  );
