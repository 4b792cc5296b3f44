// The rules a trust file pins beside the keys (references/trust.md "Pinned rules"): the manifest's
// profile, scope and policies (required stages per scope, maturity, evidence and instruction
// policies) as one digest, and each control definition's digest. Under `--trust`, a rule that
// differs from the file is a finding (exit 3) unless the release authority the file pins approved
// it, by digest, in a signed `definition_approval` note: then it is an authorized change. Pure.
import { digestJson } from '../hash.ts';
import type { LedgerFinding, StoredEntry } from '../ledger/types.ts';
import type { Manifest } from '../plane/types.ts';
import type { Control } from '../plane/types.ts';
import { approvedDefinitions } from '../gate/claim/definition-approval.ts';
import { definitionDigest, removalDigest } from '../gate/claim/definition-diff.ts';

/** The approval id of the manifest's rules (profile, scope, policies) in a definition approval. */
export const POLICIES_ID = '@policies';

export interface PinnedRules {
  /** Digest of the manifest's profile, scope and policies: what an approval of them names. */
  policies: string;
  /** Each control's definition digest (what `authority approve --control` names). */
  controls: Record<string, string>;
}

/** One rule that differs from the trust file's, and the digest an approval of it must name. */
export interface RuleChange {
  /** `@policies`, or a control id. */
  id: string;
  change: 'added' | 'changed' | 'removed';
  digest: string;
}

/** The digest of what the manifest decides beside its authorities. */
export function policiesDigest(manifest: Manifest): string {
  // As JSON has them: a key whose value is undefined is absent, never a canonicalisation error.
  const rules = { profile: manifest.profile, scope: manifest.scope, policies: manifest.policies };
  return digestJson(JSON.parse(JSON.stringify(rules)) as unknown);
}

export function pinRules(manifest: Manifest, controls: readonly Control[]): PinnedRules {
  const pinned: Record<string, string> = {};
  for (const control of [...controls].sort((a, b) => a.id.localeCompare(b.id)))
    pinned[control.id] = definitionDigest(control);
  return { policies: policiesDigest(manifest), controls: pinned };
}

/** Every rule of the repository that differs from the pinned ones. */
export function compareRules(
  pinned: PinnedRules,
  manifest: Manifest,
  controls: readonly Control[],
): RuleChange[] {
  const changes: RuleChange[] = [];
  const policies = policiesDigest(manifest);
  if (policies !== pinned.policies)
    changes.push({ id: POLICIES_ID, change: 'changed', digest: policies });
  const present = new Set<string>();
  for (const control of controls) {
    present.add(control.id);
    const digest = definitionDigest(control);
    const was = pinned.controls[control.id];
    if (was === digest) continue;
    changes.push({ id: control.id, change: was === undefined ? 'added' : 'changed', digest });
  }
  for (const id of Object.keys(pinned.controls))
    if (!present.has(id)) changes.push({ id, change: 'removed', digest: removalDigest(id) });
  return changes.sort((a, b) => a.id.localeCompare(b.id));
}

function describe(change: RuleChange): string {
  const what =
    change.id === POLICIES_ID
      ? "the manifest's profile, scope or policies"
      : `control ${change.id}`;
  return `${what} ${change.change === 'changed' ? 'differ' : `${change.change}`} from trust file`;
}

/**
 * The rule changes split by approval. `manifest` is the trusted one (its authorities from the
 * trust file), so only an approval signed by a key the file pins for a release authority counts.
 */
export function judgeRuleChanges(
  changes: readonly RuleChange[],
  entries: readonly StoredEntry[],
  manifest: Manifest,
  places: { trustFile: string; manifestFile: string },
): { findings: LedgerFinding[]; authorized: RuleChange[] } {
  if (changes.length === 0) return { findings: [], authorized: [] };
  const approved = approvedDefinitions(entries, manifest, true);
  const findings: LedgerFinding[] = [];
  const authorized: RuleChange[] = [];
  for (const change of changes) {
    if (approved.has(`${change.id}@${change.digest}`)) {
      authorized.push(change);
      continue;
    }
    findings.push({
      file: places.manifestFile,
      line: 0,
      code: 'RULES_CHANGED',
      message: `${describe(change)} ${places.trustFile} (digest ${change.digest.slice(0, 12)}…), not approved by a release authority the file pins`,
    });
  }
  return { findings, authorized };
}

/** One line per authorized change, for the verdicts that show them. */
export function describeAuthorized(change: RuleChange): string {
  return `${change.id === POLICIES_ID ? 'policies' : change.id} ${change.change} since the trust file, approved by its release authority (digest ${change.digest.slice(0, 12)}…)`;
}
