// An attestation that went STALE because the code it judged changed names the files: the
// attestation's tree against the current subject tree, limited to the control's inputs if any.
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { namePaths } from '../../core/gate/status/stale-cause.ts';
import type { StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';

/** The reasons describeStale gives an attestation whose inputs, or whose tree, changed. */
const ATTEST_INPUTS = /^no result for the current inputs: the attestation by (\S+) judged inputs/;
const ATTEST_TREE = /^no attestation for the current code: the attestation by (\S+) judged tree/;

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
      const by = (ATTEST_INPUTS.exec(self.reason) ?? ATTEST_TREE.exec(self.reason))?.[1];
      const from = self.entry === undefined ? undefined : treeOf.get(self.entry);
      const to = subjects.get(s.control)?.tree;
      const inputs = plane.registry.controls.find((c) => c.id === s.control)?.inputs;
      if (self.status !== 'STALE' || by === undefined || from === undefined || to === undefined)
        return s;
      const changed = await namedChanges(world, plane.root, from, to, inputs);
      if (changed === undefined) return s;
      const reason =
        inputs === undefined
          ? `no attestation for the current code: the attestation by ${by} judged the tree before ${namePaths(changed)} changed; it binds what it judged (not the next task), so it needs a new attestation whatever its age`
          : `no result for the current inputs: the attestation by ${by} judged ${s.control}'s inputs before ${namePaths(changed)} changed; it needs a new attestation whatever its age`;
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
  inputs: readonly string[] | undefined,
): Promise<string[] | undefined> {
  try {
    if (!(await git.hasObject(root, from))) return undefined;
    const changed = await git.listChangedPaths(
      root,
      from,
      to,
      inputs === undefined ? { excludes: [] } : { excludes: [], includes: [...inputs] },
    );
    return changed.length === 0 ? undefined : changed;
  } catch {
    return undefined;
  }
}
