// Redaction of what people type before it reaches the committed ledger: the actor's label and
// context, and every free-text body field (a note, a reason, a rationale...) at any depth. Digests,
// ids, argv (redacted where it is recorded) and keys are left alone, so no hash or signature input
// a verb computed is ever altered.
import { redactSecretShapes } from '../gate/secret-patterns.ts';
import type { EntryDraft, JsonObject, JsonValue } from './types.ts';

/** Body fields that hold text someone typed or a tool wrote for people to read. */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'note',
  'reason',
  'rationale',
  'detail',
  'comment',
  'message',
  'summary',
  'description',
  'title',
]);

function redactValue(value: JsonValue, isFreeText: boolean): JsonValue {
  if (typeof value === 'string') return isFreeText ? redactSecretShapes(value) : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, isFreeText));
  if (value !== null && typeof value === 'object') return redactObject(value);
  return value;
}

function redactObject(object: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object))
    out[key] = redactValue(value, FREE_TEXT_FIELDS.has(key));
  return out;
}

export function redactDraft(draft: EntryDraft): EntryDraft {
  return {
    ...draft,
    actor: {
      label: redactSecretShapes(draft.actor.label),
      authority: draft.actor.authority,
      context: redactSecretShapes(draft.actor.context),
    },
    body: redactObject(draft.body),
  };
}
