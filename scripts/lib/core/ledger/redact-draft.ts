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

function redactValue(
  value: JsonValue,
  isFreeText: boolean,
  fields: ReadonlySet<string>,
): JsonValue {
  if (typeof value === 'string') return isFreeText ? redactSecretShapes(value) : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, isFreeText, fields));
  if (value !== null && typeof value === 'object') return redactFreeText(value, fields);
  return value;
}

/** Redacts secret shapes from the strings under `fields` (at any depth) of a JSON object. */
export function redactFreeText(
  object: JsonObject,
  fields: ReadonlySet<string> = FREE_TEXT_FIELDS,
): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object))
    out[key] = redactValue(value, fields.has(key), fields);
  return out;
}

const redactObject = (object: JsonObject): JsonObject => redactFreeText(object);

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
