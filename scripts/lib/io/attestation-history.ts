// What git history says about the age of attestations, so that the writer's clock alone cannot
// keep one alive: the committer time of the commit that first contained each attest line (git
// blame on its segment file), and HEAD's committer time, a floor under the verifier's "now".
import type { AttestationHistory } from '../core/gate/status/attestation-age.ts';
import type { StoredEntry } from '../core/ledger/types.ts';
import type { Plane } from '../core/plane/plane.ts';
import { runGit } from './git.ts';

const ZERO_COMMIT = /^0+$/;

async function headTime(root: string): Promise<Date | undefined> {
  const log = await runGit(['log', '-1', '--format=%ct', 'HEAD'], { cwd: root });
  const seconds = Number(log.stdout.toString('utf8').trim());
  return log.code === 0 && Number.isSafeInteger(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : undefined;
}

/** Final line number → committer time, from `git blame --porcelain` of the given lines. */
async function blameLines(
  root: string,
  file: string,
  lines: readonly number[],
): Promise<Map<number, Date>> {
  const ranges = lines.flatMap((n) => ['-L', `${n},${n}`]);
  const blame = await runGit(['blame', '--porcelain', ...ranges, '--', file], { cwd: root });
  const found = new Map<number, Date>();
  if (blame.code !== 0) return found;
  const times = new Map<string, number>();
  const lineOf = new Map<number, string>();
  let commit: string | undefined;
  for (const text of blame.stdout.toString('utf8').split('\n')) {
    const header = /^([0-9a-f]{40,64}) \d+ (\d+)/.exec(text);
    if (header !== null) {
      commit = header[1]!;
      lineOf.set(Number(header[2]), commit);
      continue;
    }
    const time = /^committer-time (\d+)$/.exec(text);
    if (time !== null && commit !== undefined) times.set(commit, Number(time[1]));
  }
  for (const [line, sha] of lineOf) {
    const seconds = times.get(sha);
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
  const head = await headTime(plane.root);
  return { committedAt, ...(head === undefined ? {} : { headTime: head }) };
}
