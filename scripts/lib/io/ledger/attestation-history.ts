// What git history says about the age of attestations, so that the writer's clock alone cannot
// keep one alive: the committer time of the commit that first contained each attest line (git
// blame on its segment file), and HEAD's committer time, a floor under the verifier's "now".
import type { AttestationHistory } from '../../core/gate/status/attestation-age.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { blameCommits, headCommitTime } from '../git.ts';

const ZERO_COMMIT = /^0+$/;

/** Final line number → committer time of the commit it comes from (`git blame`). */
async function blameLines(
  root: string,
  file: string,
  lines: readonly number[],
): Promise<Map<number, Date>> {
  const { commitOf, timeOf } = await blameCommits(root, file, lines);
  const found = new Map<number, Date>();
  for (const [line, sha] of commitOf) {
    const seconds = timeOf.get(sha);
    if (!ZERO_COMMIT.test(sha) && seconds !== undefined) found.set(line, new Date(seconds * 1000));
  }
  return found;
}

export async function readAttestationHistory(
  plane: Plane,
  entries: readonly StoredEntry[],
): Promise<AttestationHistory> {
  const byFile = new Map<string, StoredEntry[]>();
  for (const stored of entries) {
    if (stored.entry.kind !== 'attest') continue;
    byFile.set(stored.file, [...(byFile.get(stored.file) ?? []), stored]);
  }
  const committedAt = new Map<string, Date>();
  // HEAD's time only bounds attestation ages: without attestations, no git process at all.
  if (byFile.size === 0) return { committedAt };
  for (const [file, list] of byFile) {
    const times = await blameLines(
      plane.root,
      file,
      list.map((s) => s.line),
    );
    for (const stored of list) {
      const at = times.get(stored.line);
      if (at !== undefined) committedAt.set(stored.hash, at);
    }
  }
  const head = await headCommitTime(plane.root);
  return { committedAt, ...(head === undefined ? {} : { headTime: head }) };
}
