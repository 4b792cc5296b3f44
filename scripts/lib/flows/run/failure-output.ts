// The last lines of a failing run's stored output, read for the FAIL lines of evaluate, status
// and claim: the reader sees why it failed without opening the evidence object.
import type { World } from '../../core/world/world.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import { findEntries } from '../../core/gate/entries/find-entries.ts';
import type { FailureOutput } from '../../core/gate/output/failure-lines.ts';
import type { RedactionRules } from '../../core/redact/secret-values.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';

export async function readFailureOutput(
  plane: Plane,
  io: World,
  object: string | undefined,
  rules: RedactionRules,
): Promise<FailureOutput | undefined> {
  if (object === undefined) return undefined;
  const bytes = await io.objects(plane).get(object);
  if (bytes === undefined) return undefined;
  // Loaded only when a failing output is quoted: redaction loads the large secret-shape rules.
  const { failureTail } = await import('../../core/gate/output/read-output.ts');
  const tail = failureTail(new TextDecoder().decode(bytes), rules);
  return tail.length === 0 ? undefined : { object, tail };
}

/** Statuses whose deciding self result is a FAIL get the end of that run's output. */
export async function withFailureOutputs(
  plane: Plane,
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
  io: World,
  rules: RedactionRules,
): Promise<ControlStatus[]> {
  const byHash = findEntries(
    entries,
    statuses.flatMap((s) => (s.stages.self.entry === undefined ? [] : [s.stages.self.entry])),
  );
  return Promise.all(
    statuses.map(async (s) => {
      const self = s.stages.self;
      if (s.status !== 'FAIL' || self.status !== 'FAIL' || self.entry === undefined) return s;
      const stored = byHash.get(self.entry);
      if (stored === undefined || stored.entry.kind !== 'run') return s;
      const output = await readFailureOutput(plane, io, stored.entry.storage.objects[0], rules);
      return output === undefined ? s : { ...s, output };
    }),
  );
}
