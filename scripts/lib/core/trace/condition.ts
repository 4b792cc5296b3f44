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

type Test = (value: unknown) => boolean;

/**
 * A condition as one function, built once per pack: only the operators present are checked,
 * in the order written here. Regexes still compile at first use (a pattern under a path that
 * never occurs is never compiled, as before).
 */
function compileCondition(condition: Condition): Test {
  if (condition === null || typeof condition !== 'object') {
    if (typeof condition === 'string' && isRegexLiteral(condition)) {
      let pattern: Pattern | undefined;
      return (value) =>
        (typeof value === 'string' || typeof value === 'number') &&
        (pattern ??= compileRegex(condition)).test(String(value));
    }
    return (value) => value === condition;
  }
  const ops = condition;
  const checks: Test[] = [];
  const numeric = (test: (num: number) => boolean): Test => {
    return (value) => typeof value === 'number' && Number.isFinite(value) && test(value);
  };
  if ('eq' in ops) checks.push((value) => value === ops.eq);
  if ('ne' in ops) checks.push((value) => value !== ops.ne);
  const list = ops.in;
  if (list !== undefined) checks.push((value) => list.some((v) => v === value));
  const { lt, lte, gt, gte, type, match, not } = ops;
  if (lt !== undefined) checks.push(numeric((num) => num < lt));
  if (lte !== undefined) checks.push(numeric((num) => num <= lte));
  if (gt !== undefined) checks.push(numeric((num) => num > gt));
  if (gte !== undefined) checks.push(numeric((num) => num >= gte));
  if (type !== undefined) checks.push((value) => typeOf(value) === type);
  if (match !== undefined) {
    let pattern: Pattern | undefined;
    checks.push(
      (value) => typeof value === 'string' && (pattern ??= compileRegex(match)).test(value),
    );
  }
  if (not !== undefined) {
    const inner = compileCondition(not);
    checks.push((value) => !inner(value));
  }
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

interface CompiledCondition {
  path: string;
  exists: boolean | undefined;
  test: Test;
}

/** true/false when decidable; null when the path is missing and the condition needs a value. */
function testCondition(root: unknown, { path, exists, test }: CompiledCondition): boolean | null {
  const single = readSingle(root, path);
  if (single !== FANS_OUT) {
    // The one-value case of the list below, without allocating the list (runs per event).
    const found = single !== undefined;
    if (exists !== undefined) {
      if (found !== exists) return false;
      if (!found) return true;
    }
    return found ? test(single) : null;
  }
  const values = readPath(root, path);
  if (exists !== undefined) {
    if (values.length > 0 !== exists) return false;
    if (values.length === 0) return true;
  }
  if (values.length === 0) return null;
  return values.some(test);
}

export type WhereTest = (root: unknown) => boolean | null;

/** All conditions must hold: false beats null (one definite miss decides), null beats true. */
export function compileWhere(where: Where | undefined): WhereTest {
  if (where === undefined) return () => true;
  const conditions = Object.entries(where).map(([path, condition]): CompiledCondition => ({
    path,
    exists: condition !== null && typeof condition === 'object' ? condition.exists : undefined,
    test: compileCondition(condition),
  }));
  return (root) => {
    let result: boolean | null = true;
    for (const condition of conditions) {
      const one = testCondition(root, condition);
      if (one === false) return false;
      if (one === null) result = null;
    }
    return result;
  };
}

const compiledWheres = new WeakMap<Where, WhereTest>();

/** `compileWhere`, compiled once per `where` object. */
export function testWhere(root: unknown, where: Where | undefined): boolean | null {
  if (where === undefined) return true;
  let test = compiledWheres.get(where);
  if (test === undefined) {
    test = compileWhere(where);
    compiledWheres.set(where, test);
  }
  return test(root);
}
