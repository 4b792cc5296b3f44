// Control definitions changed since a base ref, and the release authority's approval of them. A
// change to what a control runs moves the gate itself, so a project or release claim made against a
// base needs every changed definition approved by name and digest: a `note` entry of type
// `definition_approval`, by an authority registered for release_authority (never an agent).
import { digestJson } from '../../hash.ts';
import type { StoredEntry } from '../../ledger/types.ts';
import type { Control, Manifest } from '../../plane/types.ts';
import type { Unresolved } from '../../reach/reach.ts';
import type { ClaimDecision } from './decide-claim.ts';
import { hasRegisteredKey, signedByOwnKey, writtenBeforeKey } from './owner-decisions.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';

export const APPROVAL_NOTE_TYPE = 'definition_approval';

export interface DefinitionChange {
  control: string;
  change: 'added' | 'changed' | 'removed';
  /** The command at the base and now (command-like executions only). */
  before?: string[];
  after?: string[];
  /** What an approval must name: the current definition's digest, or the removal's. */
  digest: string;
  /** Its `outputs` differ: what every subject binding leaves out moves, for every control. */
  touchesSubject?: true;
  /** What it runs moved (its reach, core/reach/): one line per file or script that changed. */
  reach?: string[];
  /** What of the reach now could not be resolved. */
  unresolved?: Unresolved[];
}

/** A control whose reach differs between the base and now (flows/claim/reach-changes.ts). */
export interface ReachChange {
  control: string;
  lines: string[];
  /** The digest of the reach now (core/reach/diff-reach.ts digestReach). */
  reach: string;
  unresolved?: Unresolved[];
}

/** The digest an approval of a definition together with its reach names. */
export function reachApprovalDigest(definition: string, reach: string): string {
  return digestJson({ definition, reach });
}

/**
 * The definition changes with the reach changes folded in: a control whose reach moved is a
 * changed definition, and its approval must name the reach now (`reachApprovalDigest`).
 */
export function withReachChanges(
  changes: readonly DefinitionChange[],
  reach: readonly ReachChange[],
  current: readonly Control[],
): DefinitionChange[] {
  const merged = new Map(changes.map((c) => [c.control, c]));
  for (const moved of reach) {
    const control = current.find((c) => c.id === moved.control);
    if (control === undefined) continue;
    const known = merged.get(moved.control);
    if (known !== undefined && known.change !== 'changed') continue;
    const argv = argvOf(control.execution);
    merged.set(moved.control, {
      ...(known ?? {
        control: moved.control,
        change: 'changed' as const,
        ...(argv === undefined ? {} : { before: argv, after: argv }),
      }),
      digest: reachApprovalDigest(definitionDigest(control), moved.reach),
      reach: moved.lines,
      ...(moved.unresolved === undefined ? {} : { unresolved: moved.unresolved }),
    });
  }
  return [...merged.values()].sort((a, b) => a.control.localeCompare(b.control));
}

/**
 * A control as read from the base registry. What decides a verdict is compared: the command, the
 * inputs and outputs, whether it applies, from which maturity it is required and what evidence a
 * result must carry. Title and owner describe the control and are not compared.
 */
export interface BaseControl {
  id: string;
  execution: unknown;
  inputs?: unknown;
  outputs?: unknown;
  applies?: unknown;
  required_from_maturity?: unknown;
  evidence_required?: unknown;
}

function decisiveDigest(control: BaseControl): string {
  const { execution, inputs, outputs, applies, required_from_maturity: from } = control;
  return digestJson({
    execution: execution ?? null,
    inputs: inputs ?? null,
    outputs: outputs ?? null,
    applies: applies ?? null,
    required_from_maturity: from ?? null,
    evidence_required: control.evidence_required ?? [],
  });
}

function outputsDiffer(a: BaseControl | undefined, b: BaseControl | undefined): boolean {
  return digestJson(a?.outputs ?? []) !== digestJson(b?.outputs ?? []);
}

export interface ApprovalBody {
  type: typeof APPROVAL_NOTE_TYPE;
  /** `reach`: the digest of what the control reaches as approved (a reach change needs it). */
  approvals: { control: string; digest: string; reach?: string }[];
  note?: string;
}

function argvOf(execution: unknown): string[] | undefined {
  if (typeof execution !== 'object' || execution === null) return undefined;
  const argv = (execution as { argv?: unknown }).argv;
  return Array.isArray(argv) && argv.every((a) => typeof a === 'string') ? argv : undefined;
}

/** The digest an approval of `id`'s removal names. */
export function removalDigest(id: string): string {
  return digestJson({ removed: id });
}

/** The digest an approval of `control`'s current definition names (the subject's control digest). */
export function definitionDigest(control: Control): string {
  return digestJson(control);
}

/** Every control whose decisive definition was added, changed or removed between the base and now. */
export function diffDefinitions(
  base: readonly BaseControl[],
  current: readonly Control[],
): DefinitionChange[] {
  const before = new Map(base.map((c) => [c.id, c]));
  const changes: DefinitionChange[] = [];
  for (const control of current) {
    const old = before.get(control.id);
    if (old !== undefined && decisiveDigest(old) === decisiveDigest(control)) continue;
    const after = argvOf(control.execution);
    const was = old === undefined ? undefined : argvOf(old.execution);
    changes.push({
      control: control.id,
      change: old === undefined ? 'added' : 'changed',
      ...(was === undefined ? {} : { before: was }),
      ...(after === undefined ? {} : { after }),
      digest: definitionDigest(control),
      ...(outputsDiffer(old, control) ? { touchesSubject: true as const } : {}),
    });
  }
  const now = new Set(current.map((c) => c.id));
  for (const old of base) {
    if (now.has(old.id)) continue;
    const was = argvOf(old.execution);
    changes.push({
      control: old.id,
      change: 'removed',
      ...(was === undefined ? {} : { before: was }),
      digest: removalDigest(old.id),
      ...(outputsDiffer(old, undefined) ? { touchesSubject: true as const } : {}),
    });
  }
  return changes.sort((a, b) => a.control.localeCompare(b.control));
}

/** Whether `authority` may approve definitions: registered for release_authority and not an agent. */
export function mayApprove(authority: string, manifest: Manifest): boolean {
  const found = manifest.authorities.find((a) => a.id === authority);
  return (
    found !== undefined && found.kind !== 'agent' && found.stages.includes('release_authority')
  );
}

/**
 * `control@digest` for every approval recorded by an authority that may approve; with `signed`
 * (from engineering_ready up), or when the approver has a registered key, only approvals signed
 * by that authority's registered key count: an approval is a decision in the approver's name.
 * Keys apply forward: an unsigned approval written before the approver's key entry still counts
 * without `signed`.
 */
export function approvedDefinitions(
  entries: readonly StoredEntry[],
  manifest: Manifest,
  signed = false,
): Set<string> {
  const approved = new Set<string>();
  let order: LedgerOrder | undefined;
  // Keys apply forward: an unsigned approval written before its approver's key entry still counts
  // where an unsigned one does (below engineering_ready).
  const beforeKey = (stored: StoredEntry): boolean =>
    writtenBeforeKey(
      stored.hash,
      stored.entry.actor.authority,
      entries,
      (order ??= new LedgerOrder(entries)),
    );
  for (const stored of entries) {
    const { entry } = stored;
    if (entry.kind !== 'note' || entry.body['type'] !== APPROVAL_NOTE_TYPE) continue;
    if (!mayApprove(entry.actor.authority, manifest)) continue;
    const mustSign =
      signed ||
      (hasRegisteredKey(entry.actor.authority, manifest) &&
        (entry.actor.keyid !== undefined || !beforeKey(stored)));
    if (mustSign && !signedByOwnKey(entry.actor, manifest)) continue;
    const list = entry.body['approvals'];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
      const { control, digest, reach } = item as Record<string, unknown>;
      if (typeof control !== 'string' || typeof digest !== 'string') continue;
      approved.add(`${control}@${digest}`);
      if (typeof reach === 'string')
        approved.add(`${control}@${reachApprovalDigest(digest, reach)}`);
    }
  }
  return approved;
}

/** The changes no valid approval names with their current digest. */
export function unapprovedChanges(
  changes: readonly DefinitionChange[],
  entries: readonly StoredEntry[],
  manifest: Manifest,
  signed = false,
): DefinitionChange[] {
  const approved = approvedDefinitions(entries, manifest, signed);
  return changes.filter((c) => !approved.has(`${c.control}@${c.digest}`));
}

/** One line describing a change, e.g. `build changed: [npm,test] -> [sh,-c,...]`. */
export function describeChange(change: DefinitionChange): string {
  const show = (argv: string[] | undefined) => (argv === undefined ? '' : JSON.stringify(argv));
  if (change.reach !== undefined) {
    const argv =
      show(change.before) === show(change.after)
        ? ''
        : ` ${show(change.before)} -> ${show(change.after)};`;
    const open = (change.unresolved ?? []).map(
      (u) => `${u.what} ${u.why}${u.fix === undefined ? '' : `: ${u.fix}`}`,
    );
    return `${change.control} changed${argv} what it runs: ${change.reach.join('; ')}${open.length === 0 ? '' : `; unresolved: ${open.join('; ')}`}`;
  }
  if (change.change === 'added') return `${change.control} added ${show(change.after)}`.trim();
  if (change.change === 'removed') return `${change.control} removed ${show(change.before)}`.trim();
  return `${change.control} changed ${show(change.before)} -> ${show(change.after)}`.trim();
}

/** The changes since a base, each marked approved or not, as a claim reports them. */
export interface DefinitionReport {
  base: string;
  /** Approvals count only when signed by the approver's registered key (engineering_ready up). */
  signed?: true;
  changes: (DefinitionChange & { approved: boolean })[];
}

export function reportDefinitions(
  base: string,
  changes: readonly DefinitionChange[],
  entries: readonly StoredEntry[],
  manifest: Manifest,
  signed = false,
): DefinitionReport {
  const missing = new Set(
    unapprovedChanges(changes, entries, manifest, signed).map((c) => c.control),
  );
  return {
    base,
    ...(signed ? { signed: true as const } : {}),
    changes: changes.map((c) => ({ ...c, approved: !missing.has(c.control) })),
  };
}

/** The release authority a refusal can name (the first registered one), for the next command. */
function releaseAuthority(manifest: Manifest): string {
  return manifest.authorities.find((a) => mayApprove(a.id, manifest))?.id ?? '<release authority>';
}

/**
 * A project or release claim is refused while a changed definition lacks approval. A task claim
 * is refused only by changes to its own controls (`claimed`) or to what every subject leaves out;
 * without `claimed` it only lists the changes.
 */
export function withDefinitionApprovals(
  decision: ClaimDecision,
  report: DefinitionReport,
  manifest: Manifest,
  claimed?: readonly string[],
): ClaimDecision {
  const own = claimed === undefined ? undefined : new Set(claimed);
  const missing = report.changes.filter(
    (c) =>
      !c.approved &&
      (decision.scope !== 'task' ||
        (own !== undefined && (own.has(c.control) || c.touchesSubject === true))),
  );
  if (missing.length === 0) return decision;
  const approver = releaseAuthority(manifest);
  const next = `proofgate authority approve ${missing.map((c) => `--control ${c.control}`).join(' ')} --authority-id ${approver}`;
  const { body: _body, ...refused } = decision;
  return {
    ...refused,
    granted: false,
    verdict: `REFUSED [${decision.scope}] ${missing.length} control definition(s) changed since ${report.base} without the release authority's approval${decision.granted ? '' : `; ${decision.verdict}`}`,
    blockers: [
      ...decision.blockers,
      ...missing.map((c) => ({
        control: c.control,
        stage: 'release_authority' as const,
        status: 'TODO' as const,
        reason: `definition ${describeChange(c)} since ${report.base}: not approved (digest ${c.digest.slice(0, 12)})${report.signed === true ? `; at ${decision.target} an approval counts only when signed by a key registered to ${approver} at the base` : ''}`,
        next,
      })),
    ],
  };
}
