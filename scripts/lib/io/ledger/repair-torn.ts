// `proofgate verify --repair-torn`: under the lock, removes an unterminated last line that a killed
// writer left, and records what was removed in a `note` entry. It refuses when the tail is a
// complete canonical entry (only its newline is missing: that is not a crash we can tell apart) or
// when HEAD's committed copy of the segment already contains the bytes (they are history).
import { closeSync, fsyncSync, openSync, ftruncateSync } from 'node:fs';
import { IntegrityError } from '../../core/errors.ts';
import { decodeLine } from '../../core/ledger/parse-ledger.ts';
import { writerSegmentBase } from '../../core/ledger/segment-name.ts';
import { defaultExecutionContext } from '../host/default-context.ts';
import { objectSize } from '../git.ts';
import { loadSigner } from '../keys/keys.ts';
import { readCloneId } from '../repo/clone-id.ts';
import { readGitState } from '../repo/git-state.ts';
import { DEFAULT_LOCK_TIMEOUT_MS, withLedgerLock } from './ledger-lock.ts';
import { appendLocked, ledgerDir, ledgerIdOf } from './ledger-store.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { measureTornTail, readSegmentTails } from './ledger-tails.ts';

type TornTail = ReturnType<typeof measureTornTail>;
import { readMetaSubject } from '../subject/meta-subject.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { SegmentTail, RepairedTail } from '../../core/world/ledger-port.ts';

async function committedSize(root: string, file: string): Promise<number> {
  return (await objectSize(root, `HEAD:${file}`)) ?? 0;
}

async function checkRepairable(
  plane: Plane,
  tail: SegmentTail,
  torn: TornTail,
  file: string,
): Promise<void> {
  const refuse = (message: string, next: string): never => {
    throw new IntegrityError('TORN_LINE', message, { where: file, next });
  };
  // A torn tail over the line cap was not read into memory; it cannot be an entry anyway.
  if (tail.tornBytes !== undefined && decodeLine(tail.tornTail).entry !== undefined) {
    refuse(
      `the unterminated last line of ${file} is a complete canonical entry`,
      `inspect it; if it is genuine, append the missing newline by hand ("printf '\\n' >> ${file}")`,
    );
  }
  if ((await committedSize(plane.root, file)) > torn.start) {
    refuse(
      `the torn bytes of ${file} are already committed on HEAD`,
      'they are history now: restore the segment from git and investigate instead',
    );
  }
}

/** Repairs every torn segment; the note is recorded (and signed, if keyed) by `authorityId`. */
export async function repairTornTails(
  plane: Plane,
  authorityId: string,
  env: Readonly<Record<string, string | undefined>>,
  time: string,
): Promise<RepairedTail[]> {
  const git = await readGitState(plane.root);
  if (!readSegmentTails(ledgerDir(plane)).some((t) => t.tornBytes !== 0)) return [];
  const ledgerId = ledgerIdOf(plane.manifest);
  const actor = {
    label: 'proofgate verify --repair-torn',
    authority: authorityId,
    context: defaultExecutionContext(),
  };
  const signer = loadSigner(plane, authorityId, env);
  const subject = await readMetaSubject(plane);
  const rel = ledgerRel(plane);
  return withLedgerLock(git.commonDir, DEFAULT_LOCK_TIMEOUT_MS, async () => {
    const base = writerSegmentBase(readCloneId(git.commonDir), git.branch);
    const torn = readSegmentTails(ledgerDir(plane))
      .filter((t) => t.tornBytes !== 0)
      .map((tail) => ({ tail, torn: measureTornTail(tail.path) }));
    for (const { tail, torn: cut } of torn)
      await checkRepairable(plane, tail, cut, `${rel}/${tail.name}.jsonl`);
    const repaired: RepairedTail[] = [];
    for (const { tail, torn: cut } of torn) {
      const fd = openSync(tail.path, 'r+');
      try {
        ftruncateSync(fd, cut.start);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      repaired.push({
        file: `${rel}/${tail.name}.jsonl`,
        removedBytes: cut.bytes,
        removedSha256: cut.sha256,
      });
    }
    for (const fix of repaired) {
      const body = {
        repair: 'torn-line',
        file: fix.file,
        removed_bytes: fix.removedBytes,
        removed_sha256: fix.removedSha256,
      };
      appendLocked(plane, ledgerId, base, { kind: 'note', time, actor, subject, body }, signer);
    }
    return repaired;
  });
}
