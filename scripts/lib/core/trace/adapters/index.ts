// The adapter table: one file per format, each registered here (a test checks that), in the
// order `auto` tries them.
import { anthropicMessagesAdapter } from './anthropic-messages.ts';
import { claudeCodeAdapter } from './claude-code.ts';
import { deepseekHarnessAdapter } from './deepseek-harness.ts';
import type { DocumentAdapter, LineAdapter, TraceAdapter } from './define-adapter.ts';
import { eventsAdapter } from './events.ts';
import { openaiChatAdapter } from './openai-chat.ts';
import { openaiResponsesAdapter } from './openai-responses.ts';
import { otelGenaiAdapter } from './otel-genai.ts';

export const adapters: readonly TraceAdapter[] = [
  eventsAdapter,
  claudeCodeAdapter,
  deepseekHarnessAdapter,
  otelGenaiAdapter,
  openaiResponsesAdapter,
  anthropicMessagesAdapter,
  openaiChatAdapter,
];

export const adapterNames = adapters.map((a) => a.name);
/** `name@version` of every adapter, as `--adapter` accepts them. */
export const adapterIds = adapters.map((a) => `${a.name}@${a.version}`);

/** `name` or `name@<version>`; a version this build does not have finds nothing (exit 2). */
export function findAdapter(name: string): TraceAdapter | undefined {
  const at = name.indexOf('@');
  const bare = at === -1 ? name : name.slice(0, at);
  const version = at === -1 ? undefined : name.slice(at + 1);
  return adapters.find(
    (a) => a.name === bare && (version === undefined || String(a.version) === version),
  );
}

export function detectLineAdapter(first: unknown): LineAdapter | undefined {
  return adapters.find((a): a is LineAdapter => a.kind === 'lines' && a.detectRecord(first));
}

export function detectDocumentAdapter(document: unknown): DocumentAdapter | undefined {
  return adapters.find(
    (a): a is DocumentAdapter => a.kind === 'document' && a.detectDocument(document),
  );
}
