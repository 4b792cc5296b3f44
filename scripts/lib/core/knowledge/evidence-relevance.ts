// Whether a ledger entry may decide a given hypothesis by hand. An entry qualifies when its body
// names the hypothesis (`body.hypothesis`), or when it is a human's attestation whose note names
// it. Any other entry, however green, is about something else: one unit-test PASS must not be able
// to confirm one hypothesis and refute another.

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Relevance = 'names_it' | 'human_attestation' | 'unrelated';

export function relevanceOf(entry: unknown, hypothesisId: string): Relevance {
  if (!isObject(entry)) return 'unrelated';
  const body = isObject(entry['body']) ? entry['body'] : {};
  if (body['hypothesis'] === hypothesisId) return 'names_it';
  const actor = isObject(entry['actor']) ? entry['actor'] : {};
  const authority = typeof actor['authority'] === 'string' ? actor['authority'] : '';
  const note = typeof body['note'] === 'string' ? body['note'] : '';
  const named = new RegExp(`(^|[^A-Za-z0-9-])${hypothesisId}($|[^0-9])`, 'u').test(note);
  if (entry['kind'] === 'attest' && authority.startsWith('human:') && named) {
    return 'human_attestation';
  }
  return 'unrelated';
}
