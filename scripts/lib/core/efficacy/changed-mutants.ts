// Changed code must be caught (references/evaluate.md "Changed-line mutants"): `evaluate --run`
// plants a few mutants in the lines a change touched since the trusted base and records, per test
// control, which ones its tests killed (an `efficacy` entry of method `mutate:changed`, bound to
// the control's subject). The verdict only reads those entries: a surviving mutant refuses a task
// claim, and so does a test control with no such result for the code as it is. The policy is read
// under the deciding rules (the base's), so turning it off in the change does not weaken it.
import { isKnown } from '../inventory/inventory.ts';
import { isTestCommand } from '../inventory/read-inventory.ts';
import { LedgerOrder } from '../ledger/ledger-order.ts';
import type { StoredEntry, SubjectBinding } from '../ledger/types.ts';
import type { Manifest } from '../plane/types.ts';
import type { RunDetails } from '../gate/entries/bodies.ts';
import { parseRunBody } from '../gate/entries/parse-body.ts';
import type { ControlStatus } from '../gate/status/compute-status.ts';
import { withBlockers, type ClaimBlocker, type ClaimDecision } from '../gate/claim/decide-claim.ts';
import { formatEvaluateCommand } from '../next/next-command.ts';
import { CHANGED_METHOD, parseEfficacyBody, type SurvivedMutant } from './efficacy-status.ts';

/** A test control whose last run took this long or more is mutated only when the policy says so. */
export const SLOW_RUN_MS = 60_000;
/** Mutants per test control when the manifest says nothing. */
export const DEFAULT_CHANGED_MUTANTS = 3;

export interface ChangedMutantPolicy {
  /** Mutants per test control; 0: off. */
  max: number;
  /** Whether controls whose last run took SLOW_RUN_MS or more are mutated too. */
  slowControls: boolean;
}

/** `policies.changed_mutants` of `manifest`, defaults filled in. */
export function changedMutantPolicy(manifest: Manifest): ChangedMutantPolicy {
  const policy = manifest.policies.changed_mutants;
  return {
    max: policy?.max ?? DEFAULT_CHANGED_MUTANTS,
    slowControls: policy?.slow_controls === true,
  };
}

/** A command run whose mutants the check asks for: it runs tests (by its command or its summary). */
export function isTestRun(run: Pick<RunDetails, 'execution' | 'argv' | 'inventory'>): boolean {
  if (run.execution !== 'command') return false;
  const counted = run.inventory !== undefined && isKnown(run.inventory) && run.inventory.ran > 0;
  return counted || isTestCommand(run.argv ?? []);
}

/** Whether mutants apply to a test control whose last run took `durationMs`, and why, in words. */
export function mutantsApply(
  durationMs: number,
  policy: ChangedMutantPolicy,
): { on: boolean; why: string } {
  const took = `its last run took ${formatSeconds(durationMs)}`;
  if (policy.max === 0)
    return { on: false, why: 'off by policy (policies.changed_mutants.max: 0)' };
  if (durationMs < SLOW_RUN_MS) return { on: true, why: `on by default: ${took}, under 60 s` };
  if (policy.slowControls)
    return { on: true, why: `on by policy (policies.changed_mutants.slow_controls): ${took}` };
  return {
    on: false,
    why: `off: ${took}, 60 s or more (policies.changed_mutants.slow_controls: true turns it on)`,
  };
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** `src/calc.js:2 \`a < b\` → \`a >= b\``: where a mutant was planted and what it changed. */
export function describeMutant(m: SurvivedMutant): string {
  const where = `${m.file}:${m.line}`;
  if (m.before === undefined || m.after === undefined) return `${where} ${m.operator}`;
  return `${where} \`${m.before}\` → \`${m.after === '' ? '(removed)' : m.after}\``;
}

/** One claimed test control: what the check found for it. */
export interface ChangedMutantLine {
  control: string;
  /** Whether the check applied to it, and why (policy, last run's duration). */
  applied: boolean;
  why: string;
  /** The recorded result on the current code: sites, planted, killed; absent when none. */
  sites?: number;
  mutants?: number;
  killed?: number;
  survived?: SurvivedMutant[];
  /** Hash of the efficacy entry that decided. */
  entry?: string;
}

export interface ChangedMutantsReport {
  /** The base ref the changed lines are counted from. */
  base: string;
  controls: ChangedMutantLine[];
}

export interface ChangedMutantsRequest {
  statuses: readonly ControlStatus[];
  entries: readonly StoredEntry[];
  /** Current subject binding per control (the code the verdict judges). */
  subjects: ReadonlyMap<string, SubjectBinding>;
  /** The trusted base: its ref (for the words) and commit (the entries must be counted from it). */
  base: { ref: string; commit: string };
  /** The deciding rules' manifest (the base's): its policy applies, never the change's. */
  manifest: Manifest;
  order?: LedgerOrder;
}

/** The blockers of a task's changed-line mutants, with the report of what applied and why. */
export function judgeChangedMutants(request: ChangedMutantsRequest): {
  blockers: ClaimBlocker[];
  report?: ChangedMutantsReport;
} {
  const policy = changedMutantPolicy(request.manifest);
  const tests = currentTestRuns(request.statuses, request.entries);
  if (tests.size === 0) return { blockers: [] };
  const order = request.order ?? new LedgerOrder(request.entries);
  const recorded = latestChangedResults(request, order);
  const blockers: ClaimBlocker[] = [];
  const lines: ChangedMutantLine[] = [];
  for (const [control, durationMs] of tests) {
    const { on, why } = mutantsApply(durationMs, policy);
    if (!on) {
      lines.push({ control, applied: false, why });
      continue;
    }
    const found = recorded.get(control);
    const next = formatEvaluateCommand({ control });
    if (found === undefined) {
      lines.push({ control, applied: true, why });
      blockers.push({
        control,
        stage: 'self',
        status: 'TODO',
        reason: `changed code not yet mutated: no changed-line mutant result of ${control} for this code since ${request.base.ref}`,
        next,
      });
      continue;
    }
    const { body, hash } = found;
    const asked = Math.min(policy.max, body.sites ?? 0);
    lines.push({
      control,
      applied: true,
      why,
      sites: body.sites ?? 0,
      mutants: body.mutants,
      killed: body.killed,
      survived: body.survived,
      entry: hash,
    });
    for (const mutant of body.survived)
      blockers.push({
        control,
        stage: 'self',
        status: 'FAIL',
        reason: `changed code not caught: ${describeMutant(mutant)} survives ${control}`,
        next: `make ${control}'s tests check that line (fix the tests, not the gate), then ${next}`,
      });
    if (body.mutants < asked)
      blockers.push({
        control,
        stage: 'self',
        status: 'TODO',
        reason: `changed code under-mutated: ${body.mutants} of ${asked} changed-line mutants planted (the rules ask for up to ${policy.max})`,
        next: `${next} (without --max-mutants)`,
      });
  }
  return { blockers, report: { base: request.base.ref, controls: lines } };
}

/** Claimed controls whose current PASS is a test run: id → that run's duration. */
function currentTestRuns(
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
): Map<string, number> {
  const current = new Map<string, string>();
  for (const s of statuses) {
    const self = s.stages.self;
    if (s.execution === 'command' && s.status === 'PASS' && self.entry !== undefined)
      current.set(self.entry, s.control);
  }
  const tests = new Map<string, number>();
  if (current.size === 0) return tests;
  for (const stored of entries) {
    const control = current.get(stored.hash);
    if (control === undefined || stored.entry.kind !== 'run') continue;
    const body = parseRunBody(stored.entry.body);
    if (body !== undefined && isTestRun(body)) tests.set(control, body.duration_ms);
  }
  return tests;
}

/**
 * Per control, the latest changed-line mutant entry bound to its current subject (the same tree,
 * control definition and inputs) and counted from the base commit; older code or another base
 * decides nothing.
 */
function latestChangedResults(
  request: ChangedMutantsRequest,
  order: LedgerOrder,
): Map<string, { body: NonNullable<ReturnType<typeof parseEfficacyBody>>; hash: string }> {
  const latest = new Map<
    string,
    { body: NonNullable<ReturnType<typeof parseEfficacyBody>>; hash: string; rank: number }
  >();
  for (const stored of request.entries) {
    if (stored.entry.kind !== 'efficacy' || stored.entry.body.method !== CHANGED_METHOD) continue;
    const body = parseEfficacyBody(stored.entry.body);
    if (body === undefined || body.base !== request.base.commit) continue;
    const subject = request.subjects.get(body.control);
    if (subject === undefined || !sameSubject(stored.entry.subject, subject)) continue;
    const rank = order.rank(stored.hash);
    const seen = latest.get(body.control);
    // Of two at one rank (no writer saw the other) the one with more survivors decides.
    const worse =
      seen !== undefined && rank === seen.rank && body.survived.length > seen.body.survived.length;
    if (seen === undefined || rank > seen.rank || worse)
      latest.set(body.control, { body, hash: stored.hash, rank });
  }
  return new Map([...latest].map(([id, { body, hash }]) => [id, { body, hash }]));
}

function sameSubject(recorded: SubjectBinding, current: SubjectBinding): boolean {
  return (
    recorded.tree === current.tree &&
    recorded.control === current.control &&
    recorded.inputs === current.inputs
  );
}

/** The refusal's summary after `REFUSED [task] <n>`. */
export const CHANGED_WHAT =
  'blocker(s): changed code the tests do not catch (changed-line mutants)';

/** `decided` refused by the task's changed-line mutants (a survivor, no result, too few planted). */
export function withChangedMutants<T extends { decision: ClaimDecision }>(
  decided: T,
  request: ChangedMutantsRequest,
): T & { mutants?: ChangedMutantsReport } {
  const { blockers, report } = judgeChangedMutants(request);
  if (report === undefined) return decided;
  return {
    ...decided,
    decision: withBlockers(decided.decision, blockers, CHANGED_WHAT),
    mutants: report,
  };
}
