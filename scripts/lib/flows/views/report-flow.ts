// The gather step of `proofgate report`: the plane, current bindings, the ledger with the findings
// of the integrity check `verify --full` and every verdict run (kept, not thrown: the report must show a tampered ledger, not refuse to), the
// trace controls' evidence objects and optional requirement files.
import type { World } from '../../core/world/world.ts';
import { relative, resolve } from 'node:path';
import { ConfigError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { selectRequired } from '../../core/gate/select/select-controls.ts';
import { parseRequirementFile } from '../../core/knowledge/parse-requirements.ts';
import type { StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import { LedgerOrder } from '../../core/ledger/ledger-order.ts';
import type { Registry, ClaimScope } from '../../core/plane/types.ts';
import { reportTimeline, type ReportInput } from '../../core/report/build-report.ts';
import { shownObjects } from '../../core/report/evidence-views.ts';
import { latestTraceRuns, type EvidenceObject } from '../../core/report/collect-trace-findings.ts';
import { pictureTrees } from '../../core/report/status-picture.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { LoadedTrust } from '../../core/trust/trust-file.ts';
import { applyTrust, countTrust } from '../../core/trust/apply-trust.ts';
import type { Context } from '../../core/context.ts';
import type { ClaimBlocker, ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import type { ControlStatusValue } from '../../core/gate/status/compute-status.ts';
import type { RulesReport } from '../../core/gate/claim/base-rules.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { readViewRules } from '../claim/trusted-rules.ts';
import type { TrustedCheckpoint } from '../../core/world/ledger-port.ts';

export interface GatherReportOptions {
  root: string;
  requirements: readonly string[];
  now: Date;
  maxEntries: number;
  /** Skip the default append-only comparison with the branch's upstream. */
  noBase: boolean;
  /** `--base <ref>`: compare with this ref's fork point, and decide under its rules. */
  base?: string;
  /** The auditor's trust root: keys from it; every difference is shown as a finding. */
  trust?: LoadedTrust | undefined;
}

/** What `proofgate report` returns once the page is written (references/report.md). */
export interface ReportResult {
  /** Absolute path of the written page. */
  file: string;
  bytes: number;
  /** The ledger passed every check of `verify --full`. */
  isIntact: boolean;
  /** The upstream the ledger was proven to extend, when there is one (and no --no-base). */
  upstream?: { ref: string; commit: string };
  findings: number;
  /** The same count under the name every verb's --json uses (the integrity check's findings). */
  findingCount: number;
  /** Every required control is PASS or NOT_APPLICABLE and a project claim now would be granted. */
  isReady: boolean;
  counts: Record<ControlStatusValue, number>;
  /** `claim` verdicts for task, project and release if made now. */
  claims: string[];
  /** The running proofgate is modified (verify's TOOL_MODIFIED): the report exits 3. */
  gateModified?: true;
  /**
   * What is open, per claim scope: the blockers `claim`, `readiness`, `query blockers` and `next`
   * name (none, and not granted, when the ledger does not verify).
   */
  open: { scope: ClaimScope; granted: boolean; blockers: ClaimBlocker[] }[];
  /** Where the rules of those claim decisions came from, as `claim` says it. */
  rules?: RulesReport;
  entries: number;
  /** The auditor's `--trust` file the keys came from; absent: the repository's own keys. */
  trustFile?: string;
  /** Unproven stops no later granted claim covers (references/hook.md), one warning each. */
  unprovenStops: string[];
}

/** `gate`: the real world under `options.trust` (built by the caller); its ledger read is not used. */
export async function gatherReport(
  options: GatherReportOptions,
  ctx: Context,
  gate: World,
): Promise<ReportInput> {
  const { git, ledger, subject, planeFiles, trustFiles } = gate;
  const own = planeFiles.loadPlane(options.root);
  const trust = options.trust;
  const distrust = trust === undefined ? [] : trustFiles.checkTrust(own, trust);
  const plane = trust === undefined ? own : applyTrust(own, trust);
  const { registry, subjects } = await bindControls(plane, subject);
  const upstream = options.noBase
    ? undefined
    : options.base === undefined
      ? await ledger.findUpstream(options.root)
      : await ledger.findBaseFork(options.root, options.base);
  const anchor = upstream === undefined ? undefined : ledger.anchorOfUpstream(upstream);
  const clock = { clock: { now: () => options.now } };
  // From the newest trusted checkpoint as the verdicts read it (its retained lines and the suffix,
  // only the suffix checked), with no --trust file (whose keys the checkpoint was not judged by).
  const fast =
    trust === undefined
      ? await ledger.readFromCheckpoint(plane, anchor, clock, undefined)
      : undefined;
  // Else, or on any finding, the one integrity check every verdict runs (io/ledger/ledger-integrity.ts),
  // every line read and its findings kept.
  const { entries, report: verified } =
    fast ?? (await ledger.readWholeVerified(plane, { anchor, leading: distrust }, clock));
  // No verdict is decided over a ledger that does not verify (the page says so instead).
  const decided =
    verified.findingCount === 0
      ? await claimsUnderRules(plane, entries, ctx, gate, trust, options.base)
      : undefined;
  const claimsNow = decided?.claimsNow;
  // Every view reads the entries the decisions read, in the ledger order they were decided in:
  // one read, one order, one index of results (the statuses below reuse the decisions').
  const parsed = decided?.read ?? { entries, order: new LedgerOrder(entries) };
  const store = ledger.createObjectStore(plane);
  const objects = new Map<string, EvidenceObject>();
  const reviews = [...latestTraceRuns(registry, parsed.entries, parsed.order).values()].flatMap(
    ({ review }) => (review === undefined ? [] : [review]),
  );
  const timeline = reportTimeline(parsed.entries, options.maxEntries, parsed.order);
  const listed = shownObjects(timeline);
  // The trees shown: the timeline's, the picture's columns and every claim's (how far behind).
  const commitOf = await subject.findSubjectCommits(
    plane,
    new Set([...timeline.map((e) => e.entry.subject.tree), ...pictureTrees(parsed.entries)]),
    HISTORY_SEARCHED,
  );
  const head = await git.readHeadFacts(options.root, HISTORY_SEARCHED);
  for (const digest of new Set([...reviews, ...listed])) {
    const data = await store.get(digest);
    objects.set(
      digest,
      data === undefined ? 'missing' : sha256Hex(data) === digest ? data : 'corrupt',
    );
  }
  return {
    manifest: plane.manifest,
    registry,
    ...(registry === plane.registry ? {} : { declaredRegistry: plane.registry }),
    subjects,
    entries: parsed.entries,
    order: parsed.order,
    findings: verified.findings,
    findingCount: verified.findingCount,
    checkedLines: verified.checkedLines,
    segments: verified.segments,
    ...(upstream === undefined ? {} : { upstream }),
    commitOf,
    counts: verified.counts,
    ...(fast === undefined ? {} : { checkpoint: checkpointNote(fast.checkpoint) }),
    objects,
    history: await ledger.readAttestationHistory(plane, parsed.entries),
    requirementFiles: options.requirements.map((p) => {
      const shown = relative(options.root, resolve(options.root, p)).split('\\').join('/');
      return parseRequirementFile(planeFiles.readYamlFile(resolve(options.root, p), shown), shown);
    }),
    now: options.now,
    maxEntries: options.maxEntries,
    ...(claimsNow === undefined ? {} : { claimsNow }),
    ...(head === undefined ? {} : { head }),
    ...(trust === undefined ? {} : { trustFile: countTrust(trust) }),
  };
}

/** Commits of HEAD searched for the code of the entries shown (how many commits behind). */
const HISTORY_SEARCHED = 1000;

/** Where the report's read started: the checkpoint seal and the lines it covers. */
function checkpointNote(checkpoint: TrustedCheckpoint): { entry: string; covered: number } {
  const { seal, body } = checkpoint;
  const covered = Object.values(body.segments).reduce((sum, s) => sum + s.lines, 0);
  return { entry: `${seal.file}:${seal.index + 1}`, covered };
}

/**
 * The task, project and release claims as `claim` would decide them now, under its rules (the
 * upstream branch's, the --trust file's keys), over the ledger just verified: it is not read again.
 * The report has no task: its task is the one the Stop hook decides when no task names controls
 * (no --control, environment variable or task file), every required control; in ai_brownfield a
 * plain task claim is refused outside a campaign, as `claim` refuses it.
 */
async function claimsUnderRules(
  plane: Plane,
  entries: readonly StoredEntry[],
  ctx: Context,
  gate: World,
  trust: LoadedTrust | undefined,
  base: string | undefined,
): Promise<{
  claimsNow: NonNullable<ReportInput['claimsNow']>;
  read?: { entries: StoredEntry[]; order: LedgerOrder };
}> {
  const atBase = await readViewRules(gate, plane, trust, base);
  const io: World = {
    ...gate,
    readEntries: () => Promise.resolve([...entries]),
    // The integrity check above proved the working ledger extends the one committed at HEAD.
    proveCommitted: () => Promise.resolve([]),
  };
  const project = await decideClaimNow(plane, atBase, { scope: 'project', ids: [] }, ctx, io);
  const reuse = project.gathered === undefined ? {} : { reuse: project.gathered };
  const release = await decideClaimNow(
    plane,
    atBase,
    { scope: 'release', ids: [], ...reuse },
    ctx,
    io,
  );
  const task = await decideClaimNow(plane, atBase, { scope: 'task', ids: [], ...reuse }, ctx, io);
  // As the report decides them itself: the verdicts and blockers, not decideVerdict's warnings.
  const decisions = [task.decision, project.decision, release.decision].map((decided) => {
    const { warnings: _warnings, ...decision } = decided as ClaimDecision & { warnings?: string[] };
    return decision;
  });
  const read = project.gathered?.gathered;
  return {
    claimsNow: { decisions, ...(project.rules === undefined ? {} : { rules: project.rules }) },
    ...(read === undefined ? {} : { read: { entries: read.entries, order: read.order } }),
  };
}

/**
 * Bindings of every registry control. A control above the target whose inputs match nothing
 * would make that fail; status never binds those, so the report then falls back to the controls
 * required at the target, exactly the set `status` reports.
 */
async function bindControls(
  plane: Plane,
  subject: World['subject'],
): Promise<{ registry: Registry; subjects: Map<string, SubjectBinding> }> {
  try {
    return {
      registry: plane.registry,
      subjects: await subject.computeSubjects(plane, plane.registry.controls),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const required = selectRequired(
      plane.registry.controls,
      plane.manifest.profile.target_maturity,
    );
    if (required.length === plane.registry.controls.length) throw error;
    return {
      registry: { ...plane.registry, controls: required },
      subjects: await subject.computeSubjects(plane, required),
    };
  }
}
