// What is actually known about a signing key behind a "signed" result: pinned by the auditor's
// trust file, or registered in the manifest by a commit (its author as git records it) that is or
// is not on the upstream a reviewer merged. "Registered" alone says nothing about who reviewed it.
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { firstCommitAdding, isAncestor } from '../git.ts';
import type { UpstreamCheck } from '../../core/ports.ts';

export interface KeyProvenance {
  authority: string;
  keyid: string;
  /** e.g. "registered on origin/main by alice (commit 1a2b3c4)". */
  text: string;
}

/** The signing keys of the signed deciding results among `statuses`, once each. */
function signingKeys(statuses: readonly ControlStatus[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const status of statuses) {
    for (const stage of Object.values(status.stages)) {
      const keyid = stage.actor?.keyid;
      if (stage.strength === 'signed' && keyid !== undefined && stage.signing?.keyless !== true)
        keys.set(keyid, stage.actor!.authority);
    }
  }
  return keys;
}

async function describeOne(
  plane: Plane,
  keyid: string,
  upstream: UpstreamCheck | undefined,
): Promise<string> {
  const manifest = plane.manifestPath.slice(plane.root.length + 1);
  const added = await firstCommitAdding(plane.root, keyid, manifest);
  if (added === undefined)
    return 'registered in the working tree only (never committed, unreviewed)';
  const { commit, author } = added;
  const short = commit.slice(0, 7);
  if (upstream === undefined)
    return `registered by ${author} in commit ${short} (no upstream: nobody is known to have reviewed it)`;
  return (await isAncestor(plane.root, commit, upstream.commit))
    ? `registered on ${upstream.ref} by ${author} (commit ${short})`
    : `registered in this change by ${author} (commit ${short}, not on ${upstream.ref}: unreviewed)`;
}

/** Where each signing key came from; with a trust file, only that it is pinned there. */
export async function describeKeyProvenance(
  plane: Plane,
  statuses: readonly ControlStatus[],
  options: { trustFile?: string | undefined; upstream?: UpstreamCheck | undefined },
): Promise<KeyProvenance[]> {
  const out: KeyProvenance[] = [];
  for (const [keyid, authority] of signingKeys(statuses)) {
    const text =
      options.trustFile === undefined
        ? await describeOne(plane, keyid, options.upstream)
        : `pinned in trust file ${options.trustFile}`;
    out.push({ authority, keyid, text });
  }
  return out;
}
