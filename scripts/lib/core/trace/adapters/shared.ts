// Small readers shared by the adapters: records from disk are untrusted, so every field is checked.

export type Rec = Record<string, unknown>;

export function asRecord(value: unknown): Rec | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Rec)
    : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Text of a string or of an array of `{type: text|input_text|output_text, text}` parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const part of asArray(content)) {
    const rec = asRecord(part);
    if (rec === undefined) continue;
    const text = asString(rec['text']) ?? asString(rec['content']);
    if (
      text !== undefined &&
      (rec['type'] === undefined ||
        (typeof rec['type'] === 'string' && rec['type'].endsWith('text')))
    ) {
      parts.push(text);
    }
  }
  return parts.join('\n');
}

/** Tool output as data: JSON text is parsed once here, so rules never re-parse strings. */
export function parseResultData(content: unknown): unknown {
  const text =
    typeof content === 'string' ? content : Array.isArray(content) ? textOf(content) : undefined;
  if (text === undefined) return content;
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export interface ParsedArgs {
  args: unknown;
  argsRaw?: string;
  argsParseError?: string;
}

/** Arguments given as a JSON string (OpenAI, DSH, OTel) or already as an object (Anthropic). */
export function parseArgs(value: unknown): ParsedArgs {
  if (typeof value !== 'string') return { args: value ?? {} };
  if (value.trim() === '') return { args: {} };
  try {
    return { args: JSON.parse(value) as unknown };
  } catch (error) {
    return {
      args: undefined,
      argsRaw: value.slice(0, 2000),
      argsParseError: error instanceof Error ? error.message : 'invalid JSON',
    };
  }
}

/** Array.isArray without the `any[]` it narrows to. */
export function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** A scalar field as text (ids, names, timestamps), or the fallback. */
export function scalarText(value: unknown, fallback: string): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : fallback;
}
