// A test file's teeth: the assertions it makes and the markers that skip, focus or postpone its
// tests, each with its line, counted per language on the masked source (mask-source.ts), so an
// `expect(` in a comment or a string is never one. A pattern list, not a parser: an assertion
// helper of the project's own (`checkTotal(x)`) is not seen, and `expect(true).toBe(true)` counts
// like any other assertion (only a mutant that survives catches a vacuous one).
import { maskSource } from './mask-source.ts';
import { findSwallowingTries } from './swallowing-try.ts';
import type { TestLanguage } from './test-language.ts';

export interface Tooth {
  /** 1-based line in the text it was found in. */
  line: number;
  /** What was matched, e.g. `expect(`, `.skip`, `@pytest.mark.xfail`. */
  kind: string;
  /** The line as written, trimmed. */
  text: string;
  /** A marker: the test it applies to, when the line or the next definition names it. */
  name?: string;
}

export interface Teeth {
  assertions: Tooth[];
  markers: Tooth[];
}

interface Patterns {
  assertions: readonly RegExp[];
  markers: readonly RegExp[];
  /** A marker naming no test on its line names the definition that follows (or encloses) it. */
  definition?: RegExp;
}

const AVA = [
  'is',
  'not',
  'true',
  'false',
  'truthy',
  'falsy',
  'deepEqual',
  'notDeepEqual',
  'like',
  'throws',
  'throwsAsync',
  'notThrows',
  'notThrowsAsync',
  'regex',
  'notRegex',
  'snapshot',
  'equal',
  'notEqual',
  'strictEqual',
  'notStrictEqual',
  'deepStrictEqual',
  'ok',
  'notOk',
  'same',
  'notSame',
  'match',
  'fail',
].join('|');

const PATTERNS: Record<TestLanguage, Patterns> = {
  js: {
    assertions: [
      /\bassert(?:\s*\.\s*\w+)*\s*\(/g,
      /\bexpect(?:\s*\.\s*\w+)*\s*\(/g,
      new RegExp(`\\bt\\s*\\.\\s*(?:${AVA})\\s*\\(`, 'g'),
      /\.\s*should\b/g,
    ],
    markers: [
      /\b(?:it|test|describe|suite|context|bench)(?:\s*\.\s*\w+)*?\s*\.\s*(?:skip|only|todo|skipIf|runIf|fails)\b/g,
      /\bx(?:it|describe|test|context)\s*\(/g,
      /\bf(?:it|describe)\s*\(/g,
      /[{,]\s*(?:skip|todo|only)\s*(?=[,}]|:(?!\s*(?:false|0|null|undefined)\b))/g,
      /\bt\s*\.\s*(?:skip|todo|runOnly)\s*\(/g,
    ],
  },
  python: {
    assertions: [
      /(?<![\w.])assert\b(?!\s*=)/g,
      /\bself\s*\.\s*(?:assert\w*|fail\w*)\s*\(/g,
      /\.\s*assert_\w+\s*\(/g,
      /\bpytest\s*\.\s*(?:raises|warns)\s*\(/g,
    ],
    markers: [
      /\bpytest\s*\.\s*mark\s*\.\s*(?:skip|skipif|xfail)\b/g,
      /\bpytest\s*\.\s*(?:skip|xfail|importorskip)\s*\(/g,
      /@\s*unittest\s*\.\s*(?:skip|skipIf|skipUnless|expectedFailure)\b/g,
      /\bself\s*\.\s*skipTest\s*\(/g,
      // Expecting the assertion's own failure inverts the test (weigh-teeth: on a base test only).
      /\bpytest\s*\.\s*raises\s*\(\s*AssertionError\b/g,
    ],
    definition: /\bdef\s+(\w+)/,
  },
  rust: {
    assertions: [/\b(?:debug_)?assert\w*!\s*[([{]/g],
    // #[should_panic] inverts a test: weigh-teeth counts it only on a test the base had.
    markers: [/#\s*\[\s*ignore\b/g, /#\s*\[\s*should_panic\b/g],
    definition: /\bfn\s+(\w+)/,
  },
  go: {
    assertions: [
      /\b(?:t|tb|b|f)\s*\.\s*(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(/g,
      /\b(?:require|assert)\s*\.\s*\w+\s*\(/g,
    ],
    markers: [/\b(?:t|tb|b)\s*\.\s*(?:Skip|Skipf|SkipNow)\s*\(/g],
    definition: /\bfunc\s+(Test\w+|Benchmark\w+|Fuzz\w+)/,
  },
};

/** The assertions and markers of one test file's text. */
export function countTeeth(text: string, language: TestLanguage): Teeth {
  const masked = maskSource(text, language);
  const starts = lineStarts(masked);
  const lines = text.split('\n');
  const patterns = PATTERNS[language];
  const find = (list: readonly RegExp[], named: boolean): Tooth[] => {
    const found: Tooth[] = [];
    for (const pattern of list)
      for (const m of masked.matchAll(pattern)) {
        const line = lineOf(starts, m.index);
        const written = lines[line - 1] ?? '';
        const kind = m[0]
          .replace(/\s+/g, '')
          .replace(/[([{]$/, '')
          .replace(/^[{,](\w+)$/, '{ $1 }')
          .replace(/^#\[(\w+)$/, '#[$1]')
          .replace(/\(AssertionError$/, '(AssertionError)');
        const name = named ? nameOf(lines, line, patterns.definition, language) : undefined;
        found.push({
          line,
          kind,
          text: written.trim(),
          ...(name === undefined ? {} : { name }),
        });
      }
    return found.sort((a, b) => a.line - b.line);
  };
  const assertions = find(patterns.assertions, false);
  const markers = find(patterns.markers, true);
  if (language === 'js') markers.push(...swallowed(masked, starts, lines, assertions));
  return { assertions, markers: markers.sort((a, b) => a.line - b.line) };
}

/** A marker for each try/catch that swallows an assertion (JS/TS), named by its test. */
function swallowed(
  masked: string,
  starts: readonly number[],
  lines: readonly string[],
  assertions: readonly Tooth[],
): Tooth[] {
  const found: Tooth[] = [];
  for (const t of findSwallowingTries(masked)) {
    const first = lineOf(starts, t.from);
    const last = lineOf(starts, t.to);
    if (!assertions.some((a) => a.line >= first && a.line <= last)) continue;
    const line = lineOf(starts, t.at);
    const name = enclosingTest(lines, line);
    found.push({
      line,
      kind: 'try/catch',
      text: (lines[line - 1] ?? '').trim(),
      ...(name === undefined ? {} : { name }),
    });
  }
  return found;
}

function enclosingTest(lines: readonly string[], line: number): string | undefined {
  for (let i = line - 1; i >= 0; i--) {
    const m = /\b(?:it|test)\s*(?:\.\s*\w+\s*)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/.exec(
      lines[i] ?? '',
    );
    if (m?.[2] !== undefined) return m[2];
  }
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * The test a marker applies to: the first string literal on its line (`test.skip('sub below
 * zero'`), else the next definition within a few lines (a decorator, `#[ignore]`), else the
 * enclosing one (Go's `t.Skip` inside `func TestX`).
 */
function nameOf(
  lines: readonly string[],
  line: number,
  definition: RegExp | undefined,
  language: TestLanguage,
): string | undefined {
  const written = lines[line - 1] ?? '';
  if (language === 'js') {
    const literal = /(['"`])((?:\\.|(?!\1).)*)\1/.exec(written);
    if (literal !== null && literal[2] !== undefined && literal[2] !== '') return literal[2];
    return undefined;
  }
  if (definition === undefined) return undefined;
  const at = (i: number) => definition.exec(lines[i] ?? '')?.[1];
  const ahead = () => {
    for (let i = line - 1; i < Math.min(lines.length, line + 5); i++) if (at(i)) return at(i);
    return undefined;
  };
  const around = () => {
    for (let i = line - 1; i >= 0; i--) if (at(i)) return at(i);
    return undefined;
  };
  // A decorator or an attribute marks the definition below it; a call, the one it is in.
  return /^\s*(?:@|#\s*\[)/.test(written) ? (ahead() ?? around()) : (around() ?? ahead());
}
