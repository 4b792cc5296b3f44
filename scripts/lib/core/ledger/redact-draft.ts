// Redaction of what people type before it reaches the committed ledger: the actor's label and
// context, and every free-text body field (a note, a reason, a rationale...) at any depth, of
// secret shapes and of the given secret values (the declared environment's). Digests, ids, argv
// (redacted where it is recorded) and keys are left alone, so no hash or signature input a verb
// computed is ever altered.
import { redactText } from '../redact/redact.ts';
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
  'quote',
]);

/** Typed text with secret shapes and the given secret values (longest first) redacted. */
export function redactTyped(text: string, secrets: readonly string[] = []): string {
  return redactText(text, { secrets: [...secrets], roots: [] });
}

function redactValue(
  value: JsonValue,
  isFreeText: boolean,
  fields: ReadonlySet<string>,
  secrets: readonly string[],
): JsonValue {
  if (typeof value === 'string') return isFreeText ? redactTyped(value, secrets) : value;
  if (Array.isArray(value))
    return value.map((item) => redactValue(item, isFreeText, fields, secrets));
  if (value !== null && typeof value === 'object') return redactFreeText(value, fields, secrets);
  return value;
}

/** Redacts the strings under `fields` (at any depth) of a JSON object. */
export function redactFreeText(
  object: JsonObject,
  fields: ReadonlySet<string> = FREE_TEXT_FIELDS,
  secrets: readonly string[] = [],
): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object))
    out[key] = redactValue(value, fields.has(key), fields, secrets);
  return out;
}

/** The draft with its actor's label and context and its free-text body fields redacted. */
export function redactDraft(draft: EntryDraft, secrets: readonly string[] = []): EntryDraft {
  return {
    ...draft,
    actor: {
      label: redactTyped(draft.actor.label, secrets),
      authority: draft.actor.authority,
      context: redactTyped(draft.actor.context, secrets),
    },
    body: redactFreeText(draft.body, FREE_TEXT_FIELDS, secrets),
  };
}
