// One verified read of the ledger per plane within one decision: the task's scope, the statuses,
// the Stop hook's loop count and a view's later scopes share it. The world itself reads and checks
// the ledger afresh on every read (cli/world/open-world.ts), so a verb that appends between two
// reads sees its own appends.
import type { World } from '../../core/world/world.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

/** `io` whose readEntries reads and verifies the ledger once per plane. */
export function readEntriesOnce<T extends World>(io: T): T {
  const read = new Map<Plane, Promise<StoredEntry[]>>();
  return {
    ...io,
    readEntries: (plane: Plane) => {
      let entries = read.get(plane);
      if (entries === undefined) read.set(plane, (entries = io.readEntries(plane)));
      return entries;
    },
  };
}
