// The top of the auditor's report: which code HEAD is, where the keys behind "signed" came from
// and who signed how many entries, and how far behind HEAD each granted claim's code is (an old
// claim is history, never the current state). Pure: git facts come in from the gather step.
import { identityIdOf } from '../ledger/keyless.ts';
import type { StoredEntry, SubjectBinding } from '../ledger/types.ts';
import type { Manifest } from '../plane/types.ts';
import type { RulesReport } from '../gate/claim/base-rules.ts';

/** HEAD as git names it, and the latest commits of HEAD (newest first, HEAD itself at 0). */
export interface HeadFacts {
  commit: string;
  /** git's own tree id of the HEAD commit. */
  gitTree: string;
  recent: readonly string[];
}

export interface ReportHead {
  commit?: string;
  gitTree?: string;
  /** The subject tree the controls bind now (the working tree minus the plane's storage). */
  tree?: string;
}

export interface Signer {
  keyid: string;
  /** Who the key or identity is registered to in the manifest, or that it is not registered. */
  who: string;
  entries: number;
}

export interface TrustStatement {
  /** Where the keys and authorities deciding the claims came from. */
  source: string;
  entries: number;
  signed: number;
  signers: Signer[];
}

/** Where a granted claim's code stands against HEAD. */
export type ClaimAge =
  | { kind: 'head' }
  | { kind: 'behind'; commits: number; commit: string }
  | { kind: 'older'; searched: number };

export function headOf(
  facts: HeadFacts | undefined,
  subjects: ReadonlyMap<string, SubjectBinding>,
): ReportHead {
  const tree = subjects.values().next().value?.tree;
  return {
    ...(facts === undefined ? {} : { commit: facts.commit, gitTree: facts.gitTree }),
    ...(tree === undefined ? {} : { tree }),
  };
}

/** Which registered authority a key id or keyless identity id belongs to. */
function registeredTo(manifest: Manifest): Map<string, string> {
  const owners = new Map<string, string>();
  for (const a of manifest.authorities) {
    for (const k of a.keys ?? []) owners.set(k.keyid, `key registered to ${a.id}`);
    for (const i of a.identities ?? [])
      owners.set(identityIdOf(i), `Sigstore identity ${i.subject} of ${a.id}`);
  }
  return owners;
}

function sourceOf(rules: RulesReport | undefined, trustFile: string | undefined): string {
  if (trustFile !== undefined) return `the auditor's trust file ${trustFile} (--trust)`;
  if (rules === undefined) return "this working tree's manifest";
  if (rules.from === 'base')
    return `the manifest of ${rules.base ?? 'the base'} at ${rules.commit?.slice(0, 12) ?? '?'} (keys registered in unpushed commits do not count)`;
  return `this working tree's own manifest (${rules.reason ?? 'no upstream branch'})`;
}

export function trustStatement(
  entries: readonly StoredEntry[],
  manifest: Manifest,
  rules: RulesReport | undefined,
  trustFile: string | undefined,
): TrustStatement {
  const owners = registeredTo(manifest);
  const counts = new Map<string, number>();
  let signed = 0;
  for (const { entry } of entries) {
    if (entry.sigs === undefined || entry.sigs.length === 0) continue;
    signed += 1;
    for (const sig of entry.sigs) counts.set(sig.keyid, (counts.get(sig.keyid) ?? 0) + 1);
  }
  const signers = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 20)
    .map(([keyid, n]) => ({
      keyid,
      who: owners.get(keyid) ?? 'not registered in the manifest',
      entries: n,
    }));
  return { source: sourceOf(rules, trustFile), entries: entries.length, signed, signers };
}

export function claimAge(
  tree: string,
  head: ReportHead,
  commitOf: ReadonlyMap<string, string>,
  facts: HeadFacts | undefined,
): ClaimAge {
  if (head.tree !== undefined && tree === head.tree) return { kind: 'head' };
  const commit = commitOf.get(tree);
  const behind = commit === undefined || facts === undefined ? -1 : facts.recent.indexOf(commit);
  if (commit !== undefined && behind >= 0) return { kind: 'behind', commits: behind, commit };
  return { kind: 'older', searched: facts?.recent.length ?? 0 };
}
