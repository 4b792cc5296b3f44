// Reading OTLP/JSON for the otel-genai adapter: attribute values, the spans of every known
// export shape in start-time order, and status codes in both their numeric and named spellings.
import { asArray, asRecord, asString, isList, scalarText } from './shared.ts';
import type { Rec } from './shared.ts';

function attrValue(value: unknown): unknown {
  const v = asRecord(value);
  if (v === undefined) return undefined;
  if ('stringValue' in v) return v['stringValue'];
  if ('boolValue' in v) return v['boolValue'];
  if ('intValue' in v) return Number(v['intValue']);
  if ('doubleValue' in v) return v['doubleValue'];
  if ('arrayValue' in v) return asArray(asRecord(v['arrayValue'])?.['values']).map(attrValue);
  if ('kvlistValue' in v) return attributesOf(asRecord(v['kvlistValue'])?.['values']);
  return undefined;
}

/** `[{key, value: {stringValue|intValue|…}}]` as a plain record. */
export function attributesOf(list: unknown): Rec {
  const out: Rec = {};
  for (const raw of asArray(list)) {
    const kv = asRecord(raw);
    const key = asString(kv?.['key']);
    if (key !== undefined) out[key] = attrValue(kv?.['value']);
  }
  return out;
}

/**
 * Resource spans of any OTLP/JSON shape: current (`resourceSpans[].scopeSpans[]`), pre-1.0
 * (`instrumentationLibrarySpans[]`), and Tempo/Jaeger exports (`batches[]` in place of
 * `resourceSpans`).
 */
export function resourceSpansOf(document: unknown): readonly unknown[] {
  const rec = asRecord(document);
  return isList(rec?.['resourceSpans']) ? rec['resourceSpans'] : asArray(rec?.['batches']);
}

/** Every span of the document, ordered by start time; spans starting together keep file order. */
export function spansOf(document: unknown): Rec[] {
  const spans: Rec[] = [];
  for (const resource of resourceSpansOf(document)) {
    const res = asRecord(resource);
    const scopes = isList(res?.['scopeSpans'])
      ? res['scopeSpans']
      : asArray(res?.['instrumentationLibrarySpans']);
    for (const scope of scopes) {
      for (const span of asArray(asRecord(scope)?.['spans'])) spans.push(asRecord(span) ?? {});
    }
  }
  const start = (s: Rec): bigint => {
    try {
      return BigInt(scalarText(s['startTimeUnixNano'], '0'));
    } catch {
      return 0n;
    }
  };
  return spans
    .map((span, i) => ({ span, i, t: start(span) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i))
    .map((x) => x.span);
}

/** Status code as a number: OTLP writes 0/1/2, exporters such as Tempo write the enum names. */
export function statusCode(value: unknown): number {
  if (typeof value === 'number') return value;
  const byName: Record<string, number> = {
    STATUS_CODE_UNSET: 0,
    STATUS_CODE_OK: 1,
    STATUS_CODE_ERROR: 2,
    UNSET: 0,
    OK: 1,
    ERROR: 2,
  };
  return typeof value === 'string' ? (byName[value.toUpperCase()] ?? Number(value)) || 0 : 0;
}
