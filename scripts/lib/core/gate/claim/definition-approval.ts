// Control definitions changed since a base ref, and the release authority's approval of them. A
// change to what a control runs moves the gate itself, so a project or release claim made against a
// base needs every changed definition approved by name and digest: a `note` entry of type
// `definition_approval`, by an authority registered for release_authority (never an agent).
import type { StoredEntry } from '../../ledger/types.ts';
import type { Manifest } from '../../plane/types.ts';
import type { ClaimDecision } from './decide-claim.ts';
import { describeChange, reachApprovalDigest, type DefinitionChange } from './definition-diff.ts';
import { hasRegisteredKey, signedByOwnKey, writtenBeforeKey } from './owner-decisions.ts';
import { LedgerOrder } from '../../ledger/ledger-order.ts';

export const APPROVAL_NOTE_TYPE = 'definition_approval';

export interface ApprovalBody {
  type: typeof APPROVAL_NOTE_TYPE;
  /** `reach`: the digest of what the control reaches as approved (a reach change needs it). */
  approvals: { control: string; digest: string; reach?: string }[];
  note?: string;
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
