// Entry bodies are plain data; this drops undefined optionals so canonical JSON accepts them.
import type { JsonObject, JsonValue } from './types.ts';

function clean(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value))
      if (inner !== undefined) out[key] = clean(inner);
    return out;
  }
  return value as JsonValue;
}

export function toJsonObject(body: object): JsonObject {
  return clean(body) as JsonObject;
}
