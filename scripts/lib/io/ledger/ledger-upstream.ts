// The append-only check every reader of the ledger gets by default when the branch has an upstream:
// the ledger as it was at the fork point with the upstream (`git merge-base HEAD @{upstream}`) must
// be a byte prefix of the ledger now. The fork point, not the upstream tip, so a branch that is
// merely behind its upstream (new segments there, not here yet) is not reported as a rewrite.
import { ContextCollector } from '../../core/ledger/verify-context.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import { UsageError } from '../../core/errors.ts';
import { forkPoint } from '../git.ts';
import { proveBase } from './ledger-base.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { currentSegmentFiles } from './verify-ledger-files.ts';
import { takeBaseProbe } from '../repo/base-probe.ts';

/**
 * The current branch's upstream and fork point, or undefined when there is none. `consumer` names
 * the caller when a verb started the probe ahead (base-probe.ts startBaseProbe).
 */
export async function findUpstream(
  root: string,
  consumer = 'ledger',
): Promise<UpstreamCheck | undefined> {
  return (await takeBaseProbe(root, consumer)).upstream;
}

/**
 * `--base <ref>`: the ledger must extend `ref` as it does an upstream (at the fork point of HEAD
 * and `ref`). A ref git cannot resolve, or one with no common history, is a usage error.
 */
export async function findBaseFork(root: string, ref: string): Promise<UpstreamCheck> {
  const commit = await forkPoint(root, ref);
  if (commit === undefined) {
    throw new UsageError(
      'BAD_VALUE',
      `--base ${ref}: not a git ref with history in common with HEAD`,
      {
        where: '--base',
        expected: 'a git ref such as origin/main',
        next: 'fetch the base branch first (git fetch origin main), or name another ref',
      },
    );
  }
  return { ref, commit };
}

/**
 * Findings of the append-only proof against the ledger at `check.commit`: every segment there must
 * still exist and be a byte prefix of the current file (hashed as a git blob, read once).
 */
export async function checkAgainstUpstream(
  plane: PlaneLocation,
  check: UpstreamCheck,
): Promise<LedgerFinding[]> {
  const rel = ledgerRel(plane);
  const proof = await proveBase(
    plane.root,
    rel,
    check.commit,
    currentSegmentFiles(plane),
    new ContextCollector(),
  );
  const label = `${check.ref} (fork point ${check.commit.slice(0, 7)})`;
  return proof.findings.map((f) => ({
    ...f,
    message: f.message.split(check.commit).join(label),
  }));
}
