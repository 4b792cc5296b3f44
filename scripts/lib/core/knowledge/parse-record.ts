// Reads one knowledge line defensively: it must be JSON, byte-identical to its own canonical form
// (so no floats, duplicate keys or hand edits slip in) and carry a known op with an object payload.
import { ConfigError } from '../errors.ts';
import { canonicalize } from '../shared/canonical.ts';
import type { KnowledgeRecord } from './types.ts';

const PAYLOAD_OF: Record<KnowledgeRecord['op'], string> = {
  fact: 'fact',
  decision: 'decision',
  supersede: 'supersede',
  hypothesis: 'hypothesis',
  update: 'update',
  case: 'case',
  observe: 'observe',
};

function invalid(where: string, message: string): ConfigError {
  return new ConfigError('KNOWLEDGE_INVALID', `${where}: ${message}`, {
    where,
    expected: 'one canonical JSON record per line, written by proofgate',
    next: 'knowledge files are append-only and never hand-edited; restore the line from git',
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseKnowledgeLine(line: string, where: string): KnowledgeRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw invalid(where, 'not JSON');
  }
  let canonical: string;
  try {
    canonical = canonicalize(value);
  } catch (error) {
    throw invalid(where, error instanceof Error ? error.message : 'not canonical');
  }
  if (canonical !== line) throw invalid(where, 'not in canonical form');
  if (!isObject(value) || typeof value['op'] !== 'string' || !(value['op'] in PAYLOAD_OF)) {
    throw invalid(where, 'unknown op');
  }
  const payload = value[PAYLOAD_OF[value['op'] as KnowledgeRecord['op']]];
  if (!isObject(payload) || typeof payload['id'] !== 'string') {
    throw invalid(where, `op ${value['op']} has no payload with an id`);
  }
  return value as unknown as KnowledgeRecord;
}
