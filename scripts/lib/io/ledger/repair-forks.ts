// `proofgate verify --repair`: records every unacknowledged forked position (two writers that
// appended one seq with one prev, see core/ledger/acknowledge-forks.ts) in a `note`, under the
// lock. The later line is copied verbatim into the note (and stored as an evidence object whose
// digest is the line's own hash); the segment itself is never rewritten.
import { hostname } from 'node:os';
import {
  FORK_REPAIR,
  acknowledgedForks,
  findForkedLines,
} from '../../core/ledger/acknowledge-forks.ts';
import { parseLedger, textOf } from '../../core/ledger/parse-ledger.ts';
import { writerSegmentBase } from '../../core/ledger/segment-name.ts';
import { readCloneId } from '../repo/clone-id.ts';
import { readGitState } from '../repo/git-state.ts';
import { loadSigner } from '../keys/keys.ts';
import { DEFAULT_LOCK_TIMEOUT_MS, withLedgerLock } from './ledger-lock.ts';
import { appendLocked, ledgerIdOf, readLedger } from './ledger-store.ts';
import { readMetaSubject } from '../subject/meta-subject.ts';
import { createObjectStore } from './objects.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { RepairedFork } from '../../core/world/ledger-port.ts';

/** Twins up to this size are copied into the note's body too, not only into the object. */
const MAX_INLINE_TWIN = 256 * 1024;

export async function repairForks(
  plane: Plane,
  authorityId: string,
  env: Readonly<Record<string, string | undefined>>,
  time: string,
): Promise<RepairedFork[]> {
  const git = await readGitState(plane.root);
  const ledgerId = ledgerIdOf(plane.manifest);
  const actor = {
    label: 'proofgate verify --repair',
    authority: authorityId,
    context: `local:${hostname()}`,
  };
  const signer = loadSigner(plane, authorityId, env);
  const subject = await readMetaSubject(plane);
  const store = createObjectStore(plane);
  return withLedgerLock(git.commonDir, DEFAULT_LOCK_TIMEOUT_MS, async () => {
    const base = writerSegmentBase(readCloneId(git.commonDir), git.branch);
    const snapshot = await readLedger(plane);
    const parsed = parseLedger(snapshot);
    const done = acknowledgedForks(parsed.entries);
    const open = findForkedLines(parsed).filter((f) => !done.has(`${f.file}:${f.line}:${f.hash}`));
    const repaired: RepairedFork[] = [];
    for (const fork of open) {
      const segment = snapshot.segments.find((s) => s.name === fork.segment)!;
      const bytes = segment.lines[fork.line - 1]!;
      const digest = await store.put(bytes);
      const body = {
        repair: FORK_REPAIR,
        file: fork.file,
        line: fork.line,
        seq: fork.seq,
        line_sha256: fork.hash,
        ...(bytes.length <= MAX_INLINE_TWIN ? { line_text: textOf(bytes) } : {}),
      };
      const draft = { kind: 'note' as const, time, actor, subject, body, objects: [digest] };
      appendLocked(plane, ledgerId, base, draft, signer);
      repaired.push({ file: fork.file, line: fork.line, seq: fork.seq, lineSha256: fork.hash });
    }
    return repaired;
  });
}
