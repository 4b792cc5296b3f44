// Conditions of `where` and `okWhen`: a literal (equality), "/regex/flags", or an operator object.
// Returns null when the value is missing: "cannot tell" is never silently true or false.
import { RE2JS } from 're2js';
import { FANS_OUT, readPath, readSingle } from './path.ts';

type Scalar = string | number | boolean | null;
interface ConditionOps {
  eq?: Scalar;
  ne?: Scalar;
  in?: Scalar[];
  lt?: number;
  lte?: number;
  gt?: number;
  gte?: number;
  match?: string;
  type?: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  exists?: boolean;
  not?: Condition;
}
type Condition = Scalar | ConditionOps;
export type Where = Record<string, Condition>;

/** A compiled pack pattern: matching is linear in the input, whatever the pattern. */
export interface Pattern {
  test(text: string): boolean;
}

const regexCache = new Map<string, Pattern>();

export function isRegexLiteral(text: string): boolean {
  return /^\/.*\/[dgimsuy]*$/s.test(text) && text.length >= 2;
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

/**
 * Compiles "/body/flags" once with RE2 (the re2js port): matching time is linear in the text,
 * so no pattern in a pack, however written, can backtrack catastrophically on a long command or
 * reply. RE2 has no backreferences or lookahead; those fail here, at pack load, with the pattern
 * named. Lookbehind is supported (non-capturing groups only). `g`, `y`, `u` and `d` do not change
 * whether a string matches and are ignored.
 */
export function compileRegex(text: string): Pattern {
  const cached = regexCache.get(text);
  if (cached !== undefined) return cached;
  const end = text.lastIndexOf('/');
  const body = text.slice(1, end);
  // The lookbehind-capable matcher is slower; only patterns that use lookbehind pay for it.
  let flags = /\(\?<[=!]/.test(body) ? RE2JS.LOOKBEHINDS : 0;
  for (const flag of text.slice(end + 1)) flags |= FLAG_BITS[flag] ?? 0;
  const compiled = RE2JS.compile(body, flags);
  const pattern: Pattern = { test: (value) => compiled.test(value) };
  regexCache.set(text, pattern);
  return pattern;
}

/** A `*`/`?` glob over a whole name (tool aliases and selectors), linear like every pattern. */
export function compileGlob(glob: string): Pattern {
  const body = glob
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\*?]/g, '\\$&')))
    .join('');
  return compileRegex(`/^${body}$/s`);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function testOne(value: unknown, condition: Condition): boolean {
  if (condition === null || typeof condition !== 'object') {
    if (typeof condition === 'string' && isRegexLiteral(condition)) {
      return (
        (typeof value === 'string' || typeof value === 'number') &&
        compileRegex(condition).test(String(value))
      );
    }
    return value === condition;
  }
  const num = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const ops = condition;
  if ('eq' in ops && value !== ops.eq) return false;
  if ('ne' in ops && value === ops.ne) return false;
  if (ops.in !== undefined && !ops.in.some((v) => v === value)) return false;
  if (ops.lt !== undefined && !(num !== undefined && num < ops.lt)) return false;
  if (ops.lte !== undefined && !(num !== undefined && num <= ops.lte)) return false;
  if (ops.gt !== undefined && !(num !== undefined && num > ops.gt)) return false;
  if (ops.gte !== undefined && !(num !== undefined && num >= ops.gte)) return false;
  if (ops.type !== undefined && typeOf(value) !== ops.type) return false;
  if (
    ops.match !== undefined &&
    !(typeof value === 'string' && compileRegex(ops.match).test(value))
  )
    return false;
  if (ops.not !== undefined && testOne(value, ops.not)) return false;
  return true;
}

/** true/false when decidable; null when the path is missing and the condition needs a value. */
function testCondition(root: unknown, path: string, condition: Condition): boolean | null {
  const single = readSingle(root, path);
  if (single !== FANS_OUT) {
    // The one-value case of the list below, without allocating the list (runs per event).
    const found = single !== undefined;
    if (condition !== null && typeof condition === 'object' && condition.exists !== undefined) {
      if (found !== condition.exists) return false;
      if (!found) return true;
    }
    return found ? testOne(single, condition) : null;
  }
  const values = readPath(root, path);
  if (condition !== null && typeof condition === 'object' && condition.exists !== undefined) {
    if (values.length > 0 !== condition.exists) return false;
    if (values.length === 0) return true;
  }
  if (values.length === 0) return null;
  return values.some((v) => testOne(v, condition));
}

const entriesCache = new WeakMap<Where, [string, Condition][]>();

/** All conditions must hold: false beats null (one definite miss decides), null beats true. */
export function testWhere(root: unknown, where: Where | undefined): boolean | null {
  if (where === undefined) return true;
  let entries = entriesCache.get(where);
  if (entries === undefined) {
    entries = Object.entries(where);
    entriesCache.set(where, entries);
  }
  let result: boolean | null = true;
  for (const [path, condition] of entries) {
    const one = testCondition(root, path, condition);
    if (one === false) return false;
    if (one === null) result = null;
  }
  return result;
}
