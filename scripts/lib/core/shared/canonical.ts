// RFC 8785 (JSON Canonicalization Scheme) restricted to the values a ledger may hold: null,
// booleans, safe integers, strings without lone surrogates, arrays and plain objects. Floats are
// refused rather than formatted (see ARCHITECTURE.md), which sidesteps RFC 8785 §3.2.2.3.
import { UsageError } from '../errors.ts';

class CanonicalError extends UsageError {}

function fail(path: string, message: string): never {
  throw new CanonicalError('BAD_INPUT', `cannot canonicalise ${path || '/'}: ${message}`, {
    where: path || '/',
    expected: 'null, boolean, safe integer, string without lone surrogates, array or plain object',
  });
}

// A lone surrogate has no UTF-8 encoding, so two different strings would hash alike.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function serialise(value: unknown, path: string, parts: string[]): void {
  if (value === null) return void parts.push('null');
  switch (typeof value) {
    case 'boolean':
      return void parts.push(value ? 'true' : 'false');
    case 'number':
      if (!Number.isSafeInteger(value)) fail(path, `number ${String(value)} is not a safe integer`);
      return void parts.push(Object.is(value, -0) ? '0' : String(value));
    case 'string':
      if (LONE_SURROGATE.test(value)) fail(path, 'string contains a lone surrogate');
      // RFC 8785 §3.2.2.2: string serialisation is ECMAScript JSON.stringify's.
      return void parts.push(JSON.stringify(value));
    case 'object':
      break;
    default:
      fail(path, `${typeof value} is not JSON`);
  }
  if (Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(',');
      serialise(item, `${path}/${index}`, parts);
    });
    return void parts.push(']');
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) fail(path, 'only plain objects are JSON');
  const record = value as Record<string, unknown>;
  // RFC 8785 §3.2.3: members sorted by their names as arrays of UTF-16 code units.
  const keys = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  parts.push('{');
  keys.forEach((key, index) => {
    const item = record[key];
    if (item === undefined) fail(`${path}/${key}`, 'undefined is not JSON');
    if (LONE_SURROGATE.test(key)) fail(`${path}/${key}`, 'key contains a lone surrogate');
    if (index > 0) parts.push(',');
    parts.push(JSON.stringify(key), ':');
    serialise(item, `${path}/${escapePointer(key)}`, parts);
  });
  parts.push('}');
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The RFC 8785 canonical JSON text of `value`; throws CanonicalError on anything else. */
export function canonicalize(value: unknown): string {
  const parts: string[] = [];
  serialise(value, '', parts);
  return parts.join('');
}
