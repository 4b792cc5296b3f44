// The task handoff (references/handoff.md): what the next session or role needs to pick a task up,
// derived from the claim decisions (flows/claim/claim-now.ts decideClaimNow) and never read back as a
// fact. Every field is re-derivable, so `--check` re-derives it and names each field that differs.
import { digestJson, sha256Hex } from '../hash.ts';
import type { ClaimBlocker, ClaimDecision } from '../gate/claim/decide-claim.ts';
import type { ControlStatus } from '../gate/status/compute-status.ts';
import type { SubjectBinding } from '../ledger/types.ts';
import type { Maturity } from '../plane/types.ts';

/** Bumped when a field changes meaning: an older pair is then stale, never misread. */
export const HANDOFF_VERSION = 1;

export interface HandoffBlocker {
  /** `BLK-<16 hex>`: the digest of what the blocker says, stable while it holds. */
  id: string;
  control: string;
  stage: string;
  status: string;
  reason: string;
  next?: string;
}

export interface HandoffReadiness {
  scope: 'task' | 'merge' | 'release';
  ready: boolean;
  verdict: string;
  blockers: string[];
}

export interface HandoffBinding {
  control: string;
  status: string;
  tree: string;
  manifest: string;
  registry: string;
  control_definition?: string;
  inputs?: string;
}

export interface HandoffPayload {
  handoff_version: number;
  task: { id: string; controls: string[] };
  target: Maturity;
  /** Where the deciding rules came from, as claim says it. */
  rules: string;
  readiness: HandoffReadiness[];
  blockers: HandoffBlocker[];
  bindings: HandoffBinding[];
  /**
   * The binding the human notes were written with (the Markdown marker's task and subject), as
   * `--write` recorded it: not derived, so `diffHandoff` leaves it to the notes check, which
   * refuses a marker that names anything else (handoff-markdown.ts `checkNotesMarker`).
   */
  notes?: NotesBinding;
}

/** The task and subject a notes marker names (`<!-- proofgate:notes task=… subject=… -->`). */
export interface NotesBinding {
  task: string;
  subject: string;
}

export interface HandoffDecisions {
  task: { id: string; controls: readonly string[] };
  target: Maturity;
  rules: string;
  scopes: { scope: HandoffReadiness['scope']; decision: ClaimDecision }[];
  statuses: readonly ControlStatus[];
  subjects: ReadonlyMap<string, SubjectBinding>;
}

export function blockerId(b: ClaimBlocker): string {
  const said = { control: b.control, stage: b.stage, status: b.status, reason: b.reason };
  return `BLK-${sha256Hex(JSON.stringify(said)).slice(0, 16)}`;
}

export function buildHandoffPayload(d: HandoffDecisions): HandoffPayload {
  const blockers = new Map<string, HandoffBlocker>();
  const readiness = d.scopes.map(({ scope, decision }) => {
    const ids = decision.blockers.map((b) => {
      const id = blockerId(b);
      blockers.set(id, {
        id,
        control: b.control,
        stage: b.stage,
        status: b.status,
        reason: b.reason,
        ...(b.next === undefined ? {} : { next: b.next }),
      });
      return id;
    });
    return { scope, ready: decision.granted, verdict: decision.verdict, blockers: ids };
  });
  const bindings = d.statuses
    .flatMap((s): HandoffBinding[] => {
      const subject = d.subjects.get(s.control);
      if (subject === undefined) return [];
      const binding: HandoffBinding = {
        control: s.control,
        status: s.status,
        tree: subject.tree,
        manifest: subject.manifest,
        registry: subject.registry,
        ...(subject.control === undefined ? {} : { control_definition: subject.control }),
        ...(subject.inputs === undefined ? {} : { inputs: subject.inputs }),
      };
      return [binding];
    })
    .sort((a, b) => a.control.localeCompare(b.control));
  return {
    handoff_version: HANDOFF_VERSION,
    task: { id: d.task.id, controls: [...d.task.controls].sort() },
    target: d.target,
    rules: d.rules,
    readiness,
    // By control and stage, so the order does not move when a reason's wording (a duration) does.
    blockers: [...blockers.values()].sort(
      (a, b) =>
        a.control.localeCompare(b.control) ||
        a.stage.localeCompare(b.stage) ||
        a.id.localeCompare(b.id),
    ),
    bindings,
  };
}

const FIELDS = [
  'handoff_version',
  'task',
  'target',
  'rules',
  'readiness',
  'blockers',
  'bindings',
] as const;

/**
 * The fields of a stored payload (parsed JSON, agent-writable) that differ from the derived one,
 * plus `(extra field) <name>` for any field the payload does not have. `notes` is not derived:
 * the notes check compares it with the Markdown marker. Empty: the handoff holds.
 */
export function diffHandoff(stored: unknown, derived: HandoffPayload): string[] {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    return ['(not a JSON object)'];
  const record = stored as Record<string, unknown>;
  const differ: string[] = FIELDS.filter((f) => !(f in record) || !sameJson(record[f], derived[f]));
  const extra = Object.keys(record)
    .filter((k) => !(FIELDS as readonly string[]).includes(k) && k !== 'notes')
    .map((k) => `(extra field) ${k}`);
  return [...differ, ...extra];
}

/** A stored notes binding, when it is one well-formed. */
export function readNotesBinding(value: unknown): NotesBinding | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { task, subject } = value as Record<string, unknown>;
  if (typeof task !== 'string' || typeof subject !== 'string') return undefined;
  return Object.keys(value).length === 2 ? { task, subject } : undefined;
}

/** A stored value that cannot even be canonicalised (a float, say) differs. */
function sameJson(stored: unknown, derived: unknown): boolean {
  try {
    return digestJson(stored) === digestJson(derived);
  } catch {
    return false;
  }
}
