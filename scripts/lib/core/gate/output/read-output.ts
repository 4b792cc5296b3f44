// Reading a stored output without scrolling through it: the last lines (where a test runner prints
// its failures) or the lines matching a pattern. Pure; the text is redacted again on the way out,
// so an object stored before a secret was known still never shows it.
import type { Pattern } from '../../trace/condition.ts';
import { redactText } from '../../redact/redact.ts';
import type { RedactionRules } from '../../redact/secret-values.ts';

export interface OutputLine {
  /** 1-based line number in the stored object. */
  number: number;
  text: string;
}

export interface OutputSelection {
  /** Lines in the object (a final newline does not start another). */
  total: number;
  lines: OutputLine[];
  /** Lines that matched (grep) or were asked for (tail) but were not shown. */
  omitted: number;
}

/** How a FAIL line quotes its output: a few last lines, each short. */
const FAIL_TAIL_LINES = 5;
const FAIL_LINE_CHARS = 200;

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function cutLine(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface SelectOptions {
  tail?: number;
  grep?: Pattern;
  rules: RedactionRules;
}

/** Lines of `text` selected by grep, then tail; redacted, whole (what --json prints). */
export function selectOutput(text: string, options: SelectOptions): OutputSelection {
  const all = splitLines(text).map((line, i) => ({ number: i + 1, text: line }));
  let picked = options.grep === undefined ? all : all.filter((l) => options.grep!.test(l.text));
  if (options.tail !== undefined) picked = picked.slice(Math.max(0, picked.length - options.tail));
  return {
    total: all.length,
    omitted: 0,
    lines: picked.map((l) => ({ number: l.number, text: redactText(l.text, options.rules) })),
  };
}

/**
 * For a person: the last lines that fit in `maxBytes`, each cut to `maxChars`. The end is kept
 * because that is where a failing run says why; what does not fit is counted in `omitted`.
 */
export function fitFromEnd(
  selection: OutputSelection,
  maxBytes: number,
  maxChars: number,
): OutputSelection {
  const kept: OutputLine[] = [];
  let used = 0;
  for (let i = selection.lines.length - 1; i >= 0; i--) {
    const line = selection.lines[i]!;
    const text = cutLine(line.text, maxChars);
    const size = new TextEncoder().encode(text).length + 12;
    if (used + size > maxBytes) break;
    kept.unshift({ number: line.number, text });
    used += size;
  }
  return {
    total: selection.total,
    lines: kept,
    omitted: selection.omitted + selection.lines.length - kept.length,
  };
}

/** The last non-blank lines of a failing output, for a FAIL line (bounded, redacted). */
export function failureTail(text: string, rules: RedactionRules): string[] {
  const lines = splitLines(text).filter((l) => l.trim() !== '');
  return lines
    .slice(Math.max(0, lines.length - FAIL_TAIL_LINES))
    .map((l) => cutLine(redactText(l, rules), FAIL_LINE_CHARS));
}
