// The gather step's artifact check: the current digest of every project file a deciding PASS
// recorded as an artifact, then core/gate/artifact-stale.ts marks the drifted ones STALE.
import type { World } from '../../core/world/world.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { recordedArtifacts, withArtifactStale } from '../../core/gate/status/artifact-stale.ts';
import { sha256Hex } from '../../core/hash.ts';
import { UsageError } from '../../core/errors.ts';
import { formatEvaluateCommand } from '../../core/next/next-command.ts';

export async function withArtifactCauses(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
  io: World,
): Promise<ControlStatus[]> {
  const byHash = new Map<string, StoredEntry>();
  const paths = new Set<string>();
  const wanted = new Set(
    statuses.flatMap((s) => Object.values(s.stages).map((st) => st.entry ?? '')),
  );
  for (const stored of entries) {
    if (!wanted.has(stored.hash)) continue;
    const recorded = recordedArtifacts(stored);
    if (recorded.length === 0) continue;
    byHash.set(stored.hash, stored);
    for (const a of recorded) paths.add(a.path);
  }
  if (paths.size === 0) return [...statuses];
  const current = new Map<string, string | undefined>();
  for (const path of paths) current.set(path, await digestNow(plane, path, io));
  return withArtifactStale(statuses, byHash, current).map((s, i) =>
    s === statuses[i] || s.stages.self.next !== undefined
      ? s
      : {
          ...s,
          stages: {
            ...s.stages,
            self: { ...s.stages.self, next: formatEvaluateCommand({ control: s.control }) },
          },
        },
  );
}

/** The file's digest now; undefined when it is gone, outside the root or not a readable file. */
async function digestNow(plane: Plane, path: string, io: World): Promise<string | undefined> {
  if ((await io.statPath(plane.root, path)) !== 'file') return undefined;
  try {
    return sha256Hex(await io.readFile(plane.root, path));
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}
