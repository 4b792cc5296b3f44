// The auditor's report model (references/report.md). Every verdict comes from the functions behind
// `status --json` and `claim` (computeStatuses, decideVerdict): the report re-implements none of
// them, so its "if claimed now" and open items are the claim's own. Pure: the ledger, its verification findings, bindings and evidence objects come in as values.
import { findUnprovenStops, type UnprovenStop } from '../hook/hook-notes.ts';
import type { AttestationHistory } from '../gate/status/attestation-age.ts';
import { countVerified, describeVerified } from '../ledger/describe-verified.ts';
import type { VerifiedCounts } from '../ledger/describe-verified.ts';
import { computeStatuses, CONTROL_STATUSES } from '../gate/status/compute-status.ts';
import type { ControlStatus, ControlStatusValue } from '../gate/status/compute-status.ts';
import { requiredStages, type ClaimDecision } from '../gate/claim/decide-claim.ts';
import type { RulesReport } from '../gate/claim/base-rules.ts';
import { decideVerdict } from '../verdict/decide-verdict.ts';
import { parseClaimBody } from '../gate/entries/parse-body.ts';
import { inLedgerOrder, supersededClaims } from '../gate/claim/superseded-claims.ts';
import { LedgerOrder } from '../ledger/ledger-order.ts';
import type { ClaimBody } from '../gate/entries/bodies.ts';
import { isRequiredAt } from '../gate/select/select-controls.ts';
import type { RequirementFile } from '../knowledge/build-requirement-graph.ts';
import { AUDIT_STAGES } from '../ledger/types.ts';
import type {
  Actor,
  AuditStage,
  LedgerFinding,
  StoredEntry,
  SubjectBinding,
} from '../ledger/types.ts';
import { CLAIM_SCOPES, type Manifest, type Maturity, type Registry } from '../plane/types.ts';
import { collectTraceFindings, type EvidenceObject } from './collect-trace-findings.ts';
import type { TraceFindings } from './collect-trace-findings.ts';
import { evidenceViews, type EvidenceView } from './evidence-views.ts';
import { summarizeLedger, timelineEntries, type LedgerSummary } from './summarize-ledger.ts';
import { buildRequirementChains, type RequirementChains } from './build-requirement-chains.ts';
import { buildStatusPicture, type StatusPicture } from './status-picture.ts';
import { claimAge, headOf, trustStatement, type ClaimAge, type HeadFacts } from './report-head.ts';
import type { ReportHead, TrustStatement } from './report-head.ts';
import type { TrustCounts } from '../trust/apply-trust.ts';

export interface ReportInput {
  manifest: Manifest;
  registry: Registry;
  /**
   * The registry as declared, when `registry` had to be narrowed to the controls required at the
   * target (a control above it binds nothing): claim decides over the declared one.
   */
  declaredRegistry?: Registry;
  /** Current binding of every registry control. */
  subjects: ReadonlyMap<string, SubjectBinding>;
  /** The valid entries of the ledger, ledger order (even when verification found problems). */
  entries: readonly StoredEntry[];
  /** The ledger order of `entries`, when the gather step decided claims in it already. */
  order?: LedgerOrder;
  /** verifyLedger's findings: any finding means the ledger cannot be trusted. */
  findings: readonly LedgerFinding[];
  /** Every finding, listed or not (the list may be capped); default the list's length. */
  findingCount?: number;
  checkedLines: number;
  segments: number;
  /** The upstream the ledger was proven to extend byte for byte, when it was compared with one. */
  upstream?: { ref: string; commit: string };
  /** Subject tree id → the recent commit whose tree minus the plane's storage it is. */
  commitOf?: ReadonlyMap<string, string>;
  /** What the verification checked: entries, signed entries, seals. */
  counts?: VerifiedCounts;
  /** The trusted checkpoint the read started from (only the lines after it were checked). */
  checkpoint?: { entry: string; covered: number };
  /**
   * Evidence objects keyed by digest: those of trace controls' latest runs, and those of the
   * entries the timeline lists (see reportTimeline); others are named but not embedded.
   */
  objects: ReadonlyMap<string, EvidenceObject>;
  requirementFiles: readonly RequirementFile[];
  now: Date;
  /** Commit times behind attestation ages (as status reads them). */
  history?: AttestationHistory;
  /** Timeline rows kept in full; older entries are only counted. */
  maxEntries: number;
  /**
   * The task, project and release decisions `claim` makes now under its rules (the upstream branch's),
   * decided by the gather step when the ledger verifies; else decided here over the input.
   */
  claimsNow?: { decisions: ClaimDecision[]; rules?: RulesReport };
  /** HEAD and its latest commits, when the plane is a git repository with a commit. */
  head?: HeadFacts;
  /** The `--trust` file the keys came from, as the user named it, and what it pins. */
  trustFile?: TrustCounts;
}

export interface ReportControl extends ControlStatus {
  maturity: Maturity;
  /** Required at the target maturity, i.e. one of the controls `status` reports. */
  isRequired: boolean;
}

interface GrantedClaim {
  time: string;
  actor: Actor;
  tree: string;
  hash: string;
  body: ClaimBody;
  /** A later granted claim of the same scope covering all of this one's controls. */
  supersededBy?: string;
  /** Where its code stands against HEAD: an old claim is history, not the current state. */
  age?: ClaimAge;
}

export interface ReportModel {
  generatedAt: string;
  project: string;
  ledgerId: string;
  target: Maturity;
  integrity: {
    ok: boolean;
    /** At most MAX_FINDINGS, sorted by file and line. */
    findings: LedgerFinding[];
    totalFindings: number;
    checkedLines: number;
    segments: number;
    upstream?: { ref: string; commit: string };
    /** What an intact verdict rests on, derived from what was checked. */
    verified: string;
    /** The trusted checkpoint the read started from: checkedLines are the lines after it. */
    checkpoint?: { entry: string; covered: number };
  };
  /** Same meaning as `status --json`'s ok: every required control is PASS or NOT_APPLICABLE. */
  isReady: boolean;
  /**
   * The audit stages some claim scope of the manifest requires (its `policies.claims`); a stage no
   * scope requires (third_party below the maturities that ask for it) is shown as not required.
   */
  stagesRequired: AuditStage[];
  /** Counts over the required controls, as `status --json` reports them. */
  counts: Record<ControlStatusValue, number>;
  controls: ReportControl[];
  /**
   * What a task, a project and a release claim would get if made now (nothing is recorded): the
   * same decision as `claim`, `readiness`, `query blockers`, `next` and (the task, with no task
   * named: every required control) the Stop hook.
   */
  claimsNow: ClaimDecision[];
  /** The auditor's `--trust` file the keys came from; absent: the repository's own keys. */
  trustRoot?: TrustCounts;
  /** Where the rules of those decisions came from, as `claim` says it. */
  rules?: RulesReport;
  granted: GrantedClaim[];
  grantedTotal: number;
  ledger: LedgerSummary;
  /** Subject tree id → commit, for the trees shown (see ReportInput.commitOf). */
  commitOf: ReadonlyMap<string, string>;
  /** What each evidence object of a listed entry looks like on the page. */
  evidence: Map<string, EvidenceView>;
  traceability: RequirementChains;
  traceFindings: TraceFindings;
  /** Stops the Stop hook let through without proof that no later granted claim covers. */
  unprovenStops: UnprovenStop[];
  /** HEAD's commit and trees, shown at the top. */
  head: ReportHead;
  /** Where the keys came from, and how many entries are signed by whom. */
  trust: TrustStatement;
  /** Each control's results on each code version over time (bounded). */
  picture: StatusPicture;
}

const MAX_FINDINGS = 200;
const MAX_GRANTED = 50;
const MAX_TRACE_FINDINGS = 500;

export function buildReport(input: ReportInput): ReportModel {
  const { manifest, registry } = input;
  const target = manifest.profile.target_maturity;
  const order = input.order ?? new LedgerOrder(input.entries);
  const statuses = computeStatuses({
    controls: registry.controls,
    subjects: input.subjects,
    entries: input.entries,
    order,
    now: input.now,
    manifest,
    maturity: target,
    authorities: manifest.authorities,
    ...(input.history === undefined ? {} : { history: input.history }),
  });
  const controls = statuses.map((status, i): ReportControl => {
    const control = registry.controls[i]!;
    return {
      ...status,
      maturity: control.required_from_maturity,
      isRequired: isRequiredAt(control, target),
    };
  });
  const required = controls.filter((c) => c.isRequired);
  const counts = Object.fromEntries(CONTROL_STATUSES.map((s) => [s, 0])) as Record<
    ControlStatusValue,
    number
  >;
  for (const c of required) counts[c.status] += 1;
  const granted = collectGranted(input.entries, order);
  const pinned = supportingOf(granted.slice(0, MAX_GRANTED));
  const timeline = timelineEntries(input.entries, input.maxEntries, pinned, order);
  const listed = timeline.map((e) => e.entry);
  const commitOf = input.commitOf ?? new Map<string, string>();
  const head = headOf(input.head, input.subjects);
  const rules = input.claimsNow?.rules;
  return {
    generatedAt: input.now.toISOString(),
    project: manifest.project.name,
    ledgerId: manifest.ledger_id,
    target,
    integrity: {
      ok: (input.findingCount ?? input.findings.length) === 0,
      findings: input.findings.slice(0, MAX_FINDINGS),
      totalFindings: input.findingCount ?? input.findings.length,
      checkedLines: input.checkedLines,
      segments: input.segments,
      ...(input.upstream === undefined ? {} : { upstream: input.upstream }),
      verified: describeVerified(input.counts ?? countVerified(input.entries)),
      ...(input.checkpoint === undefined ? {} : { checkpoint: input.checkpoint }),
    },
    isReady: required.every((s) => s.status === 'PASS' || s.status === 'NOT_APPLICABLE'),
    stagesRequired: AUDIT_STAGES.filter((stage) =>
      CLAIM_SCOPES.some((scope) => requiredStages(manifest, scope).includes(stage)),
    ),
    counts,
    controls,
    claimsNow: input.claimsNow?.decisions ?? decideClaimsNow(input, required),
    ...(input.claimsNow?.rules === undefined ? {} : { rules: input.claimsNow.rules }),
    granted: granted
      .slice(0, MAX_GRANTED)
      .map((g) => ({ ...g, age: claimAge(g.tree, head, commitOf, input.head) })),
    grantedTotal: granted.length,
    ledger: summarizeLedger(input.entries, timeline),
    evidence: evidenceViews(listed, input.objects),
    commitOf,
    traceability: buildRequirementChains(registry, input.requirementFiles, controls, target),
    traceFindings: collectTraceFindings(
      registry,
      input.entries,
      input.objects,
      MAX_TRACE_FINDINGS,
      order,
    ),
    unprovenStops: findUnprovenStops(input.entries, order),
    head,
    trust: trustStatement(input.entries, input.manifest, rules, input.trustFile?.name),
    ...(input.trustFile === undefined ? {} : { trustRoot: input.trustFile }),
    picture: buildStatusPicture(input.entries, order, controls, commitOf),
  };
}

/** The task, project and release claims over exactly what `claim` gathers: the required controls. */
function decideClaimsNow(input: ReportInput, required: readonly ReportControl[]): ClaimDecision[] {
  const ids = new Set(required.map((c) => c.control));
  const gathered = {
    target: input.manifest.profile.target_maturity,
    statuses: required,
    entries: input.entries,
    subjects: new Map([...input.subjects].filter(([id]) => ids.has(id))),
  };
  const plane = { manifest: input.manifest, registry: input.declaredRegistry ?? input.registry };
  return CLAIM_SCOPES.map((scope) => {
    const { warnings: _warnings, ...decision } = decideVerdict(scope, plane, gathered);
    return decision;
  });
}

/** Every entry hash the claims cite as support. */
function supportingOf(claims: readonly GrantedClaim[]): Set<string> {
  return new Set(claims.flatMap((c) => c.body.supporting));
}

/**
 * The entries the report lists in full (the latest `maxEntries` and every entry a listed granted
 * claim cites): the gather step loads exactly their evidence objects.
 */
export function reportTimeline(
  entries: readonly StoredEntry[],
  maxEntries: number,
  order: LedgerOrder = new LedgerOrder(entries),
): StoredEntry[] {
  const pinned = supportingOf(collectGranted(entries, order).slice(0, MAX_GRANTED));
  return timelineEntries(entries, maxEntries, pinned, order).map((e) => e.entry);
}

/** Claim entries with a well-formed body, latest first in ledger order, each marked when a later one supersedes it. */
function collectGranted(entries: readonly StoredEntry[], order: LedgerOrder): GrantedClaim[] {
  const granted: GrantedClaim[] = [];
  for (const { entry, hash } of entries) {
    if (entry.kind !== 'claim') continue;
    const body = parseClaimBody(entry.body);
    if (body === undefined) continue;
    granted.push({ time: entry.time, actor: entry.actor, tree: entry.subject.tree, hash, body });
  }
  // Ledger order, not the writers' clocks, decides which claim is latest and which supersedes.
  const superseded = supersededClaims(granted, order);
  const latestFirst = inLedgerOrder(granted, order).reverse();
  return latestFirst.map((claim) => {
    const later = superseded.get(claim.hash);
    return later === undefined ? claim : { ...claim, supersededBy: later };
  });
}
