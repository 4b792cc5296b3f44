// The auditor's report model (references/report.md). Every verdict comes from the functions behind
// `status --json` and `claim` (computeStatuses, decideClaim): the report re-implements none of
// them. Pure: the ledger, its verification findings, bindings and evidence objects come in as values.
import { computeStatuses, CONTROL_STATUSES } from '../gate/compute-status.ts';
import type { ControlStatus, ControlStatusValue } from '../gate/compute-status.ts';
import { decideClaim, type ClaimDecision } from '../gate/decide-claim.ts';
import { parseClaimBody } from '../gate/parse-body.ts';
import type { ClaimBody } from '../gate/bodies.ts';
import { isRequiredAt } from '../gate/select-controls.ts';
import type { RequirementFile } from '../knowledge/build-trace-graph.ts';
import type { LedgerFinding, StoredEntry, SubjectBinding, Actor } from '../ledger/types.ts';
import type { Manifest, Maturity, Registry } from '../plane/types.ts';
import { collectTraceFindings, type EvidenceObject } from './collect-trace-findings.ts';
import type { TraceFindings } from './collect-trace-findings.ts';
import { summarizeLedger, type LedgerSummary } from './summarize-ledger.ts';
import { buildTraceability, type Traceability } from './build-traceability.ts';

export interface ReportInput {
  manifest: Manifest;
  registry: Registry;
  /** Current binding of every registry control. */
  subjects: ReadonlyMap<string, SubjectBinding>;
  /** The valid entries of the ledger, ledger order (even when verification found problems). */
  entries: readonly StoredEntry[];
  /** verifyLedger's findings: any finding means the ledger cannot be trusted. */
  findings: readonly LedgerFinding[];
  checkedLines: number;
  segments: number;
  /** Evidence objects of trace controls' latest runs, keyed by digest. */
  objects: ReadonlyMap<string, EvidenceObject>;
  requirementFiles: readonly RequirementFile[];
  now: Date;
  /** Timeline rows kept in full; older entries are only counted. */
  maxEntries: number;
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
  };
  /** Same meaning as `status --json`'s ok: every required control is PASS or NOT_APPLICABLE. */
  isReady: boolean;
  /** Counts over the required controls, as `status --json` reports them. */
  counts: Record<ControlStatusValue, number>;
  controls: ReportControl[];
  /** What a project and a release claim would get if made now (nothing is recorded). */
  claimsNow: ClaimDecision[];
  granted: GrantedClaim[];
  grantedTotal: number;
  ledger: LedgerSummary;
  traceability: Traceability;
  traceFindings: TraceFindings;
}

const MAX_FINDINGS = 200;
const MAX_GRANTED = 50;
const MAX_TRACE_FINDINGS = 500;

export function buildReport(input: ReportInput): ReportModel {
  const { manifest, registry } = input;
  const target = manifest.profile.target_maturity;
  const statuses = computeStatuses({
    controls: registry.controls,
    subjects: input.subjects,
    entries: input.entries,
    now: input.now,
    authorities: manifest.authorities,
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
  const granted = collectGranted(input.entries);
  return {
    generatedAt: input.now.toISOString(),
    project: manifest.project.name,
    ledgerId: manifest.ledger_id,
    target,
    integrity: {
      ok: input.findings.length === 0,
      findings: input.findings.slice(0, MAX_FINDINGS),
      totalFindings: input.findings.length,
      checkedLines: input.checkedLines,
      segments: input.segments,
    },
    isReady: required.every((s) => s.status === 'PASS' || s.status === 'NOT_APPLICABLE'),
    counts,
    controls,
    claimsNow: (['project', 'release'] as const).map((scope) =>
      decideClaim({ scope, target, manifest, statuses: required }),
    ),
    granted: granted.slice(0, MAX_GRANTED),
    grantedTotal: granted.length,
    ledger: summarizeLedger(input.entries, input.maxEntries),
    traceability: buildTraceability(registry, input.requirementFiles, controls, target),
    traceFindings: collectTraceFindings(registry, input.entries, input.objects, MAX_TRACE_FINDINGS),
  };
}

/** Claim entries with a well-formed body, latest first. */
function collectGranted(entries: readonly StoredEntry[]): GrantedClaim[] {
  const granted: GrantedClaim[] = [];
  for (const { entry, hash } of entries) {
    if (entry.kind !== 'claim') continue;
    const body = parseClaimBody(entry.body);
    if (body === undefined) continue;
    granted.push({ time: entry.time, actor: entry.actor, tree: entry.subject.tree, hash, body });
  }
  return granted.reverse().sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}
