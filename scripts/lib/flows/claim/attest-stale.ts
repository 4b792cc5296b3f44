// An attestation that went STALE because files among its control's inputs changed names them:
// the attestation's tree against the current subject tree, limited to the control's inputs.
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { namePaths } from '../../core/gate/status/stale-cause.ts';
import type { StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

/** The reason describeStale gives an attestation whose inputs changed. */
const ATTEST_INPUTS = /^no result for the current inputs: the attestation by (\S+) judged inputs/;

export async function withAttestationCauses(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
  subjects: ReadonlyMap<string, SubjectBinding>,
  world: Pick<World, 'git'>,
): Promise<ControlStatus[]> {
  const treeOf = new Map(entries.map((e) => [e.hash, e.entry.subject.tree]));
  return Promise.all(
    statuses.map(async (s) => {
      const self = s.stages.self;
      const by = ATTEST_INPUTS.exec(self.reason)?.[1];
      const from = self.entry === undefined ? undefined : treeOf.get(self.entry);
      const to = subjects.get(s.control)?.tree;
      const inputs = plane.registry.controls.find((c) => c.id === s.control)?.inputs;
      if (self.status !== 'STALE' || by === undefined || from === undefined || to === undefined)
        return s;
      if (inputs === undefined) return s;
      const changed = await namedChanges(world, plane.root, from, to, inputs);
      if (changed === undefined) return s;
      const reason = `no result for the current inputs: the attestation by ${by} judged ${s.control}'s inputs before ${namePaths(changed)} changed; it needs a new attestation whatever its age`;
      return {
        ...s,
        stages: { ...s.stages, self: { ...self, reason } },
        reason: s.reason === self.reason ? reason : s.reason,
      };
    }),
  );
}

// Naming is a courtesy: the STALE verdict stands without it (a pruned tree, a git error).
async function namedChanges(
  { git }: Pick<World, 'git'>,
  root: string,
  from: string,
  to: string,
  inputs: readonly string[],
): Promise<string[] | undefined> {
  try {
    if (!(await git.hasObject(root, from))) return undefined;
    const changed = await git.listChangedPaths(root, from, to, {
      excludes: [],
      includes: [...inputs],
    });
    return changed.length === 0 ? undefined : changed;
  } catch {
    return undefined;
  }
}
