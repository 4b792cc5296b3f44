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

export function findAdapter(name: string): TraceAdapter | undefined {
  const bare = name.replace(/@\d+$/, '');
  return adapters.find((a) => a.name === bare);
}

export function detectLineAdapter(first: unknown): LineAdapter | undefined {
  return adapters.find((a): a is LineAdapter => a.kind === 'lines' && a.detectRecord(first));
}

export function detectDocumentAdapter(document: unknown): DocumentAdapter | undefined {
  return adapters.find(
    (a): a is DocumentAdapter => a.kind === 'document' && a.detectDocument(document),
  );
}
