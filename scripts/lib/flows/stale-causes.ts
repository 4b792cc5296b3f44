// Names what made a result STALE when the code moved: uncommitted or untracked files (by path) or
// a change since the result. Reads git only when some stage is STALE for its code.
import type { ControlStatus } from '../core/gate/compute-status.ts';
import { nameStaleCause, subjectPaths, type WorktreeFacts } from '../core/gate/stale-cause.ts';
import { AUDIT_STAGES, type StoredEntry } from '../core/ledger/types.ts';
import type { Plane } from '../core/plane/plane.ts';
import { commitSubjectTree, resolveCommit, subjectExcludes } from '../io/commit-subject.ts';
import { readWorktreeState } from '../io/worktree-state.ts';

async function readFacts(plane: Plane): Promise<WorktreeFacts | undefined> {
  try {
    const state = await readWorktreeState(plane.root);
    if (state === undefined) return undefined;
    const commit = await resolveCommit(plane.root, 'HEAD');
    const dirty = subjectPaths(state.dirty, subjectExcludes(plane)).sort();
    // A clean working tree is HEAD's subject tree, which the STALE result did not judge: only a
    // dirty one needs HEAD's tree to tell "uncommitted changes" from "changed since".
    return {
      dirty,
      headTree:
        commit === undefined || dirty.length === 0
          ? undefined
          : await commitSubjectTree(plane, commit),
      headCommit: commit?.slice(0, 7),
    };
  } catch {
    // Naming the cause is a courtesy: the STALE verdict stands without it.
    return undefined;
  }
}

export async function withStaleCauses(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
): Promise<ControlStatus[]> {
  const isCodeStale = (reason: string) => reason.startsWith('no result for the current code');
  const stale = statuses.filter((s) =>
    Object.values(s.stages).some((st) => st.status === 'STALE' && isCodeStale(st.reason)),
  );
  if (stale.length === 0) return [...statuses];
  const facts = await readFacts(plane);
  if (facts === undefined) return [...statuses];
  const treeOf = new Map(entries.map((e) => [e.hash, e.entry.subject.tree]));
  return statuses.map((s) => {
    if (!stale.includes(s)) return s;
    const stages = { ...s.stages };
    for (const stage of AUDIT_STAGES) {
      const st = s.stages[stage];
      const tree = st.entry === undefined ? undefined : treeOf.get(st.entry);
      if (st.status !== 'STALE' || tree === undefined) continue;
      stages[stage] = { ...st, reason: nameStaleCause(st.reason, tree, facts) };
    }
    const reason = s.reason === s.stages.self.reason ? stages.self.reason : s.reason;
    return { ...s, stages, reason };
  });
}
