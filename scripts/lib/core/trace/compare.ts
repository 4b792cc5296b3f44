// `trace compare`: the same pack over a baseline set of traces and a new set, grouped by what
// recorded them (model, prompt digest, Skill version, tool versions). A rule whose outcome got
// worse from baseline to new (a higher failure rate, or at equal failures a higher rate of
// undecidable outcomes) is a regression.
import type { RecordedWith } from './events.ts';
import type { Outcome } from './pack.ts';
import type { TraceVerdict } from './evaluate.ts';

export interface ComparedTrace {
  file: string;
  verdict?: TraceVerdict;
  error?: { code: string; message: string };
}

export type Tally = Record<Outcome, number>;

export interface VersionGroup {
  set: 'baseline' | 'new';
  /** What recorded the traces of this group; `{}` when the sources did not say. */
  versions: RecordedWith;
  traces: string[];
  rules: Record<string, Tally>;
}

export interface Regression {
  rule: string;
  baseline: Tally & { traces: number };
  new: Tally & { traces: number };
  /** e.g. "fail 0/3 → 2/3". */
  change: string;
}

export interface CompareResult {
  pack: string;
  groups: VersionGroup[];
  regressions: Regression[];
  /** Traces that could not be judged; any makes the comparison inconclusive (exit 2). */
  errors: { set: 'baseline' | 'new'; file: string; code: string; message: string }[];
}

const empty = (): Tally => ({ pass: 0, fail: 0, unknown: 0 });

/** A stable key for a versions record (sorted tool names). */
export function versionKey(v: RecordedWith): string {
  const tools = Object.entries(v.tools ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([v.model ?? null, v.promptSha256 ?? null, v.skillVersion ?? null, tools]);
}

function tallyRules(traces: readonly ComparedTrace[]): Map<string, Tally & { traces: number }> {
  const byRule = new Map<string, Tally & { traces: number }>();
  for (const t of traces) {
    for (const rule of t.verdict?.rules ?? []) {
      const tally = byRule.get(rule.id) ?? { ...empty(), traces: 0 };
      tally[rule.outcome]++;
      tally.traces++;
      byRule.set(rule.id, tally);
    }
  }
  return byRule;
}

function groupsOf(set: 'baseline' | 'new', traces: readonly ComparedTrace[]): VersionGroup[] {
  const groups = new Map<string, VersionGroup>();
  for (const t of traces) {
    if (t.verdict === undefined) continue;
    const versions = t.verdict.header.recordedWith ?? {};
    const key = versionKey(versions);
    const group = groups.get(key) ?? { set, versions, traces: [], rules: {} };
    group.traces.push(t.file);
    for (const rule of t.verdict.rules) {
      const tally = (group.rules[rule.id] ??= empty());
      tally[rule.outcome]++;
    }
    groups.set(key, group);
  }
  return [...groups.values()];
}

const rate = (n: number, of: number): number => (of === 0 ? 0 : n / of);

export function compareTraceSets(
  pack: string,
  baseline: readonly ComparedTrace[],
  next: readonly ComparedTrace[],
): CompareResult {
  const before = tallyRules(baseline);
  const after = tallyRules(next);
  const regressions: Regression[] = [];
  for (const [rule, now] of after) {
    const was = before.get(rule) ?? { ...empty(), traces: 0 };
    const failWas = rate(was.fail, was.traces);
    const failNow = rate(now.fail, now.traces);
    const unknownWorse =
      failNow === failWas && rate(now.unknown, now.traces) > rate(was.unknown, was.traces);
    if (failNow > failWas || unknownWorse) {
      const what = failNow > failWas ? 'fail' : 'unknown';
      regressions.push({
        rule,
        baseline: was,
        new: now,
        change: `${what} ${was[what]}/${was.traces} → ${now[what]}/${now.traces}`,
      });
    }
  }
  const errors = [
    ...baseline.map((t) => ({ set: 'baseline' as const, t })),
    ...next.map((t) => ({ set: 'new' as const, t })),
  ]
    .filter(({ t }) => t.error !== undefined)
    .map(({ set, t }) => ({
      set,
      file: t.file,
      code: t.error?.code ?? 'ERROR',
      message: t.error?.message ?? '',
    }));
  return {
    pack,
    groups: [...groupsOf('baseline', baseline), ...groupsOf('new', next)],
    regressions: regressions.sort((a, b) => a.rule.localeCompare(b.rule)),
    errors,
  };
}
