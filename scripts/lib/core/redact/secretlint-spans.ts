// Vendor token shapes from secretlint's recommended preset (MIT), a maintained rule set, run
// synchronously through its rule API on a string. Every scanner rule reports the ranges it found;
// the ranges and the literal values the rule names in its report are redacted. Rules that do
// anything but scan are left out: `filter-comments` would let the text itself switch redaction off
// with a `secretlint-disable` comment. The rules' patterns are bounded and were measured on 1 MB
// adversarial inputs (test/bench/redact.bench.ts).
import { rules } from '@secretlint/secretlint-rule-preset-recommend';

interface RuleReport {
  range: readonly [number, number];
}

interface RuleSource {
  content: string;
  contentType: 'text';
  ext: string;
  filePath?: string;
}

interface RuleContext {
  sharedOptions: Record<string, never>;
  report(descriptor: RuleReport): void;
  ignore(): void;
  createTranslator(): (messageId: string, props?: Record<string, unknown>) => string;
}

interface RuleCreator {
  meta: { id: string };
  create(
    context: RuleContext,
    options: Record<string, unknown>,
  ): { file?: (s: RuleSource) => void };
}

/** Rules that report nothing of their own: they hide other rules' findings. */
const NOT_SCANNERS = new Set(['@secretlint/secretlint-rule-filter-comments']);
/** Per-rule options: AWS access key ids (AKIA…) are only looked for when asked. */
const OPTIONS: Readonly<Record<string, Record<string, unknown>>> = {
  '@secretlint/secretlint-rule-aws': { enableIDScanRule: true },
};
/** A value a report names shorter than this (or with spaces) is a label, not the secret. */
const MIN_NAMED_LENGTH = 8;
/** How far past a reported range the value the report names is looked for first. */
const NAMED_WINDOW = 4096;

/** What the rules found in the text being scanned; the handlers below report into it. */
const found = { text: '', spans: [] as [number, number][], named: [] as string[] };

/**
 * Some rules report the whole match where the secret is one group of it (the AWS secret access
 * key: the range starts at the key's name), so the value the report names is covered too, where it
 * stands from the range's start on. It is looked for near the range first; only a value found
 * nowhere near scans on, and such a value needs a window's worth of text before it.
 */
function coverNamed(start: number): void {
  const { text } = found;
  for (const value of found.named) {
    const near = text.slice(start, start + NAMED_WINDOW + value.length).indexOf(value);
    const at = near !== -1 ? start + near : text.indexOf(value, start);
    if (at !== -1) found.spans.push([at, at + value.length]);
  }
  found.named = [];
}

const context: RuleContext = {
  sharedOptions: {},
  report: ({ range }) => {
    found.spans.push([range[0], range[1]]);
    coverNamed(range[0]);
  },
  ignore: () => undefined,
  createTranslator: () => (messageId, props) => {
    for (const value of Object.values(props ?? {}))
      if (typeof value === 'string' && value.length >= MIN_NAMED_LENGTH && !/\s/.test(value))
        found.named.push(value);
    return messageId;
  },
};

/** The scanner rules' file handlers, created once: they keep no state between files. */
const HANDLERS = (rules as unknown as readonly RuleCreator[])
  .filter((r) => !NOT_SCANNERS.has(r.meta.id))
  .flatMap((r) => r.create(context, OPTIONS[r.meta.id] ?? {}).file ?? []);

/** The ranges of `text` secretlint's recommended rules hold for secrets, sorted and merged. */
function findSecretlintSpans(text: string): [number, number][] {
  found.text = text;
  found.spans = [];
  found.named = [];
  const source: RuleSource = { content: text, contentType: 'text', ext: '' };
  for (const file of HANDLERS) file(source);
  const spans = found.spans;
  found.text = '';
  return mergeSpans(spans);
}

function mergeSpans(spans: [number, number][]): [number, number][] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** `text` with every span secretlint finds replaced by `[REDACTED]`. */
export function redactSecretlintSpans(text: string): string {
  const spans = findSecretlintSpans(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [a, b] of spans) {
    out += `${text.slice(at, a)}[REDACTED]`;
    at = b;
  }
  return out + text.slice(at);
}
