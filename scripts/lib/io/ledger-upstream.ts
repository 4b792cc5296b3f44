// The append-only check every reader of the ledger gets by default when the branch has an upstream:
// the ledger as it was at the fork point with the upstream (`git merge-base HEAD @{upstream}`) must
// be a byte prefix of the ledger now. The fork point, not the upstream tip, so a branch that is
// merely behind its upstream (new segments there, not here yet) is not reported as a rewrite.
import type { LedgerFinding, LedgerSnapshot } from '../core/ledger/types.ts';
import type { PlaneLocation } from '../core/plane/plane.ts';
import { runGit } from './git.ts';
import { compareWithBaseRef } from './ledger-base.ts';
import { ledgerRel } from './ledger-store.ts';

/** The upstream the ledger was compared with: its name and the fork-point commit used. */
export interface UpstreamCheck {
  /** The upstream as git names it, e.g. `origin/main`. */
  ref: string;
  /** The commit the ledger had to extend (the merge base of HEAD and the upstream). */
  commit: string;
}

/** The current branch's upstream and fork point, or undefined when there is none. */
export async function findUpstream(root: string): Promise<UpstreamCheck | undefined> {
  const named = await runGit(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'], {
    cwd: root,
  });
  const ref = named.stdout.toString('utf8').trim();
  if (named.code !== 0 || ref === '') return undefined;
  const fork = await runGit(['merge-base', 'HEAD', '@{upstream}'], { cwd: root });
  const commit = fork.stdout.toString('utf8').trim();
  if (fork.code !== 0 || commit === '') return undefined;
  return { ref, commit };
}

/** Findings of the append-only comparison of `snapshot` with the ledger at `check.commit`. */
export async function checkAgainstUpstream(
  plane: PlaneLocation,
  snapshot: LedgerSnapshot,
  check: UpstreamCheck,
): Promise<LedgerFinding[]> {
  const compared = await compareWithBaseRef(plane.root, ledgerRel(plane), snapshot, check.commit);
  const label = `${check.ref} (fork point ${check.commit.slice(0, 7)})`;
  return compared.findings.map((f) => ({
    ...f,
    message: f.message.split(check.commit).join(label),
  }));
}
