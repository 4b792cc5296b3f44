// A sentence of the final reply that claims something (tests pass, build green, committed) must
// rest on the session's own last run of a matching call: that run succeeded, and it happened
// before the reply. The pack says what counts as a claim (`claim`, less `hedge`) and as a run
// (`last`), so an owner extends both in YAML.
import { compileRegex, compileWhere } from '../condition.ts';
import type { Pattern, Where } from '../condition.ts';
import type { SelectorSpec } from '../pack.ts';
import { readPath } from '../path.ts';
import { compileSelector } from '../selector.ts';
import type { View } from '../selector.ts';
import { defineRule, seqsOf } from './define-rule.ts';

interface Run {
  call: View;
  /** The completion, once the result arrived. */
  done?: View;
}

interface RunState {
  latest?: Run;
  /** The latest run that passed (for `pick: any`). */
  passed?: View;
}

const QUOTE_MAX = 160;
const SHOW_MAX = 80;
const EXCERPT_MAX = 120;
/** Only the head of a huge output is searched for the excerpt line. */
const EXCERPT_SCAN = 64 * 1024;

/** Sentences of a reply: split at sentence ends (Latin and CJK) and line breaks. */
export function sentencesOf(text: string): string[] {
  return (
    text
      // the CJK marks 。！？； written as escapes: the bundle is ASCII only (bin/build-dist.mjs)
      .split(/(?<=[.!?\u3002\uff01\uff1f\uff1b;])\s+|(?<=[\u3002\uff01\uff1f\uff1b])|\n+/)
      .map((s) =>
        s
          .replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((s) => s !== '')
  );
}

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

function textOfData(data: unknown): string {
  if (typeof data === 'string') return data.slice(0, EXCERPT_SCAN);
  if (data === undefined || data === null) return '';
  try {
    return JSON.stringify(data).slice(0, EXCERPT_SCAN);
  } catch {
    return '';
  }
}

/** The line of a result worth quoting: the first matching `excerpt`, else the first non-empty. */
function excerptOf(view: View, excerpt: Pattern | undefined): string {
  const lines = textOfData(view.data)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const line = (excerpt === undefined ? undefined : lines.find((l) => excerpt.test(l))) ?? lines[0];
  return line === undefined ? '(no output)' : clip(line, EXCERPT_MAX);
}

export const finalClaimRule = defineRule<{
  claim: string | string[];
  hedge?: string | string[];
  last: SelectorSpec;
  pick?: 'latest' | 'any';
  failedWhen?: Where;
  what?: string;
  show?: string;
  excerpt?: string;
  /** The Stop hook adds the plane's control commands to `last` (see withControlCommands). */
  controlCommands?: boolean;
}>({
  type: 'final_claim',
  describe:
    'a sentence of the final reply matching `claim` (and no `hedge`) needs the last run matching `last` before it to have succeeded',
  compile(spec, report) {
    const claims = [spec.claim].flat().map(compileRegex);
    const hedges = [spec.hedge ?? []].flat().map(compileRegex);
    const runs = compileSelector(spec.last, 'any');
    const failedWhen = spec.failedWhen === undefined ? undefined : compileWhere(spec.failedWhen);
    const excerpt = spec.excerpt === undefined ? undefined : compileRegex(spec.excerpt);
    const pick = spec.pick ?? 'latest';
    const what = spec.what ?? 'matching call';
    let current: RunState = {};
    let frozen: RunState | undefined;
    /** true passed, false failed, null undecidable. */
    const outcome = (done: View): boolean | null => {
      if (done.ok === false) return false;
      if (failedWhen !== undefined && failedWhen(done) === true) return false;
      return done.ok === true ? true : null;
    };
    const name = (call: View): string => {
      const shown =
        spec.show === undefined
          ? undefined
          : readPath(call, spec.show).find((v) => typeof v === 'string' || Array.isArray(v));
      const text = Array.isArray(shown) ? shown.map(String).join(' ') : shown;
      return clip(
        typeof text === 'string' && text.trim() !== '' ? text.trim() : (call.name ?? 'the call'),
        SHOW_MAX,
      );
    };
    return {
      wants: (shape) => shape.event === 'assistant.message' || runs.mayMatch(shape),
      see(view) {
        if (view.event === 'assistant.message') {
          frozen = current;
          return;
        }
        if (view.kind === 'call') {
          if (!runs.needsResult && runs.test(view) === 'yes')
            current = { ...current, latest: { call: view } };
          return;
        }
        if (view.kind !== 'completion') return;
        const latest = current.latest;
        let run: Run | undefined;
        if (runs.needsResult) {
          if (runs.test(view) === 'yes') run = { call: view, done: view };
        } else if (latest !== undefined && latest.done === undefined) {
          if (latest.call.seq === view.seq) run = { call: latest.call, done: view };
        }
        if (run === undefined) return;
        const passed = outcome(view) === true ? view : current.passed;
        current = passed === undefined ? { latest: run } : { latest: run, passed };
      },
      finish({ final }) {
        if (final === undefined) return;
        const quote = sentencesOf(final.content ?? '').find(
          (s) => claims.some((c) => c.test(s)) && !hedges.some((h) => h.test(s)),
        );
        if (quote === undefined) return;
        const state = frozen ?? current;
        const said = `"${clip(quote, QUOTE_MAX)}"`;
        const at = [final.seq];
        if (pick === 'any' && state.passed !== undefined) return;
        const run = state.latest;
        if (run === undefined)
          return report.fail(`${said} — but no ${what} ran in the session before it`, at, [], {
            quote,
          });
        const callName = name(run.call);
        const call = `${callName} (call ${run.call.callId ?? `seq ${run.call.seq}`})`;
        const extra = {
          quote,
          callName,
          ...(run.call.callId === undefined ? {} : { callId: run.call.callId }),
        };
        if (run.done === undefined)
          return report.fail(`${said} — but ${call} has no result`, at, [run.call.seq], extra);
        const passed = outcome(run.done);
        if (passed === true) return;
        const evidence = seqsOf(run.done);
        if (passed === null)
          return report.unknown(
            `${said} — but whether ${call} succeeded is undecidable`,
            at,
            evidence,
            extra,
          );
        report.fail(
          `${said} — but ${call} failed: ${excerptOf(run.done, excerpt)}`,
          at,
          evidence,
          extra,
        );
      },
    };
  },
});
