// `trace compare`: the same pack over a baseline set of traces and a new set, grouped by what
// recorded them (model, prompt digest, Skill version, agent CLI version, tool versions). A rule
// whose failure rate (or, failures not significantly higher, rate of undecidable outcomes) is
// higher in the new set by Fisher's exact test at `alpha` is a regression; a higher rate that
// chance explains is reported as not significant. Each regression names the new version groups
// that moved and how their versions differ from the baseline's.
import type { RecordedWith } from './events.ts';
import { fisherGreater } from './fisher.ts';
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

/** A new version group whose rate of the outcome is above the baseline's. */
export interface MovedGroup {
  versions: RecordedWith;
  /** e.g. "fail 9/10". */
  change: string;
  /** Fisher's exact test of this group against the whole baseline. */
  p: number;
  /** How its versions differ from every baseline group, e.g. "model a → b". */
  differs: string[];
}

export interface Regression {
  rule: string;
  /** The outcome whose rate rose. */
  outcome: 'fail' | 'unknown';
  baseline: Tally & { traces: number };
  new: Tally & { traces: number };
  /** e.g. "fail 0/3 → 2/3". */
  change: string;
  /** One-sided Fisher's exact test, new rate > baseline rate. */
  p: number;
  /** The new groups above the baseline rate, most significant first. */
  groups: MovedGroup[];
}

export interface CompareResult {
  pack: string;
  /** The significance test and threshold: a regression needs p < alpha. */
  test: { name: string; alpha: number };
  groups: VersionGroup[];
  regressions: Regression[];
  /** Rules whose rate rose by no more than chance explains (p ≥ alpha): not regressions. */
  notSignificant: Regression[];
  /** Traces that could not be judged; any makes the comparison inconclusive (exit 2). */
  errors: { set: 'baseline' | 'new'; file: string; code: string; message: string }[];
}

const empty = (): Tally => ({ pass: 0, fail: 0, unknown: 0 });

/** A stable key for a versions record (sorted tool names). */
export function versionKey(v: RecordedWith): string {
  const tools = Object.entries(v.tools ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    v.model ?? null,
    v.promptSha256 ?? null,
    v.skillVersion ?? null,
    v.cliVersion ?? null,
    tools,
  ]);
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

const FIELDS: [keyof Omit<RecordedWith, 'tools'>, string][] = [
  ['model', 'model'],
  ['promptSha256', 'prompt'],
  ['skillVersion', 'skill'],
  ['cliVersion', 'cli'],
];

/** The versions of `group` that no baseline group has: "model a → b", "tool x 1 → 2". */
function differences(group: RecordedWith, baseline: readonly VersionGroup[]): string[] {
  const out: string[] = [];
  const note = (
    label: string,
    now: string | undefined,
    was: (v: RecordedWith) => string | undefined,
  ) => {
    const before = [...new Set(baseline.map((g) => was(g.versions) ?? 'not recorded'))];
    const value = now ?? 'not recorded';
    if (!before.includes(value)) out.push(`${label} ${before.join('|')} → ${value}`);
  };
  for (const [field, label] of FIELDS) note(label, group[field], (v) => v[field]);
  const names = new Set([
    ...Object.keys(group.tools ?? {}),
    ...baseline.flatMap((g) => Object.keys(g.versions.tools ?? {})),
  ]);
  for (const name of [...names].sort())
    note(`tool ${name}`, group.tools?.[name], (v) => v.tools?.[name]);
  return out;
}

function movedGroups(
  rule: string,
  outcome: 'fail' | 'unknown',
  was: Tally & { traces: number },
  newGroups: readonly VersionGroup[],
  baselineGroups: readonly VersionGroup[],
): MovedGroup[] {
  const moved: MovedGroup[] = [];
  for (const g of newGroups) {
    const tally = g.rules[rule];
    if (tally === undefined) continue;
    const traces = tally.pass + tally.fail + tally.unknown;
    if (rate(tally[outcome], traces) <= rate(was[outcome], was.traces)) continue;
    moved.push({
      versions: g.versions,
      change: `${outcome} ${tally[outcome]}/${traces}`,
      p: fisherGreater(was[outcome], was.traces, tally[outcome], traces),
      differs: differences(g.versions, baselineGroups),
    });
  }
  return moved.sort((a, b) => a.p - b.p);
}

export const COMPARE_TEST = "Fisher's exact test, one-sided (new rate > baseline rate)";

export function compareTraceSets(
  pack: string,
  baseline: readonly ComparedTrace[],
  next: readonly ComparedTrace[],
  alpha: number,
): CompareResult {
  const before = tallyRules(baseline);
  const after = tallyRules(next);
  const baselineGroups = groupsOf('baseline', baseline);
  const newGroups = groupsOf('new', next);
  const regressions: Regression[] = [];
  const notSignificant: Regression[] = [];
  for (const [rule, now] of after) {
    const was = before.get(rule) ?? { ...empty(), traces: 0 };
    const worse = (outcome: 'fail' | 'unknown'): Regression | undefined => {
      if (rate(now[outcome], now.traces) <= rate(was[outcome], was.traces)) return undefined;
      return {
        rule,
        outcome,
        baseline: was,
        new: now,
        change: `${outcome} ${was[outcome]}/${was.traces} → ${now[outcome]}/${now.traces}`,
        p: fisherGreater(was[outcome], was.traces, now[outcome], now.traces),
        groups: movedGroups(rule, outcome, was, newGroups, baselineGroups),
      };
    };
    const fail = worse('fail');
    const unknown = fail !== undefined && fail.p < alpha ? undefined : worse('unknown');
    const found =
      fail !== undefined && fail.p < alpha
        ? fail
        : unknown !== undefined && unknown.p < alpha
          ? unknown
          : (fail ?? unknown);
    if (found === undefined) continue;
    (found.p < alpha ? regressions : notSignificant).push(found);
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
  const byRule = (a: Regression, b: Regression): number => a.rule.localeCompare(b.rule);
  return {
    pack,
    test: { name: COMPARE_TEST, alpha },
    groups: [...baselineGroups, ...newGroups],
    regressions: regressions.sort(byRule),
    notSignificant: notSignificant.sort(byRule),
    errors,
  };
}
