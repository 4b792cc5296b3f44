// Names what made a result STALE when the code moved: uncommitted or untracked files (by path) or
// a change since the result. Reads git only when some stage is STALE for its code.
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import {
  filesWrittenByRun,
  trackedRewrittenByRun,
  nameStaleCause,
  untrackedAdvice,
  type RunWindow,
  subjectPaths,
  type WorktreeFacts,
} from '../../core/gate/status/stale-cause.ts';
import { quoteArg } from '../../core/next/next-command.ts';
import { AUDIT_STAGES, type StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

async function readFacts(
  plane: Plane,
  { git, subject }: Pick<World, 'git' | 'subject'>,
): Promise<WorktreeFacts | undefined> {
  try {
    // The status the current subject binding was computed from, when this process computed one:
    // the causes then describe exactly the tree the verdict judged.
    const top = (await git.findRepositoryPaths(plane.root)).top;
    const state = git.takeBoundState(top) ?? (await git.readWorktreeState(top));
    if (state === undefined) return undefined;
    const commit = state.head;
    // Changed in the working tree or only in the index: both are uncommitted.
    const changed = [...new Set([...state.dirty, ...state.staged])];
    // An untracked skill file identical to this version's is in neither tree; a tracked one that
    // now differs from HEAD is a real difference (HEAD's copy was bound) and is named.
    const skill = new Set(subject.installedSkillExcludes(plane.root));
    const own = changed.filter((p) => !(skill.has(p) && state.untracked.includes(p)));
    const dirty = subjectPaths(own, subject.subjectExcludes(plane, [])).sort();
    // A clean working tree is HEAD's subject tree, which the STALE result did not judge: only a
    // dirty one needs HEAD's tree to tell "uncommitted changes" from "changed since".
    const untracked = dirty.filter((p) => state.untracked.includes(p));
    const tracked = dirty.filter((p) => !state.untracked.includes(p));
    return {
      dirty,
      untracked: git.modifiedTimes(plane.root, untracked),
      tracked: git.modifiedTimes(plane.root, tracked),
      headTree:
        commit === undefined || dirty.length === 0
          ? undefined
          : await subject.namingSubjectTree(plane, commit),
      headCommit: commit?.slice(0, 7),
    };
  } catch {
    // Naming the cause is a courtesy: the STALE verdict stands without it.
    return undefined;
  }
}

/** When a run entry's command ran: its time minus its duration, to its time; else undefined. */
function runWindow(stored: StoredEntry): RunWindow | undefined {
  const body = stored.entry.body as { duration_ms?: unknown };
  if (stored.entry.kind !== 'run' || typeof body.duration_ms !== 'number') return undefined;
  const end = Date.parse(stored.entry.time);
  return { start: end - body.duration_ms, end };
}

/**
 * The adopt command that declares `paths` as the outputs of a control adopt filled (a scanned
 * candidate or a person's command); undefined for a control written by hand in the registry.
 */
function declareOutputs(plane: Plane, id: string, paths: readonly string[]): string | undefined {
  const control = plane.registry.controls.find((c) => c.id === id);
  if (control?.execution.type !== 'command') return undefined;
  // --ignore-outputs: the same command appends the .gitignore lines that keep them out of commits
  const outputs = `${paths.map((p) => `--outputs ${quoteArg(p)}`).join(' ')} --ignore-outputs`;
  const source = control.source ?? '';
  if (source.startsWith('adopted:')) return `proofgate adopt ${source.slice(8)} ${outputs}`;
  if (source.startsWith('manual:'))
    return `proofgate adopt --fills ${id} ${outputs} -- ${control.execution.argv.map(quoteArg).join(' ')}`;
  return undefined;
}

/**
 * A run that rewrote tracked files: not repeatable as it is. The choice: untrack them and declare
 * them as the command's outputs (then they stale nothing), or make the command leave them alone.
 */
function rewroteTracked(
  plane: Plane,
  id: string,
  stage: ControlStatus['stages']['self'],
  named: string,
  paths: readonly string[],
): ControlStatus['stages']['self'] {
  const files = paths.map(quoteArg).join(' ');
  const declare = declareOutputs(plane, id, paths);
  const then = declare === undefined ? 'then declare them in its outputs' : `then ${declare}`;
  return {
    ...stage,
    reason: `${named}; the command rewrote tracked file(s) ${paths.join(', ')} while it ran, so no result of it (nor of any control bound to them) can stay current: either they are its outputs (untrack them: git rm --cached -- ${files}; ${then}), or the command is not repeatable as it is and must leave them alone`,
    next: `git rm --cached -- ${files}`,
  };
}

export async function withStaleCauses(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
  world: Pick<World, 'git' | 'subject'>,
): Promise<ControlStatus[]> {
  const isCodeStale = (reason: string) => reason.startsWith('no result for the current code');
  const stale = statuses.filter((s) =>
    Object.values(s.stages).some((st) => st.status === 'STALE' && isCodeStale(st.reason)),
  );
  if (stale.length === 0) return [...statuses];
  const facts = await readFacts(plane, world);
  if (facts === undefined) return [...statuses];
  const treeOf = new Map(entries.map((e) => [e.hash, e.entry.subject.tree]));
  const windowOf = new Map(entries.map((e) => [e.hash, runWindow(e)]));
  return statuses.map((s) => {
    if (!stale.includes(s)) return s;
    const stages = { ...s.stages };
    for (const stage of AUDIT_STAGES) {
      const st = s.stages[stage];
      const tree = st.entry === undefined ? undefined : treeOf.get(st.entry);
      if (st.status !== 'STALE' || tree === undefined) continue;
      const named = nameStaleCause(st.reason, tree, facts);
      const rewritten = trackedRewrittenByRun(named, windowOf.get(st.entry ?? ''), facts);
      if (rewritten !== undefined) {
        stages[stage] = rewroteTracked(plane, s.control, st, named, rewritten);
        continue;
      }
      const sources = plane.registry.controls.find((c) => c.id === s.control)?.inputs ?? [];
      const written = filesWrittenByRun(named, windowOf.get(st.entry ?? ''), facts, sources);
      const reason = written === undefined ? (untrackedAdvice(named, facts) ?? named) : named;
      const declare = written === undefined ? undefined : declareOutputs(plane, s.control, written);
      stages[stage] =
        declare === undefined
          ? { ...st, reason }
          : {
              ...st,
              reason: `${reason}; they were written while the run ran: if the command writes them, declare them as its outputs (or commit them if they are yours)`,
              next: declare,
            };
    }
    const reason = s.reason === s.stages.self.reason ? stages.self.reason : s.reason;
    return { ...s, stages, reason };
  });
}
