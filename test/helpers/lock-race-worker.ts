// Spawned by the lock race (test/helpers/lock-race.ts): for each trial, waits for the start
// signal, spins until the shared start instant, appends one entry, and reports done.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import { draft } from './ledger-repo.ts';

const [root = '', sync = '', worker = '0', trials = '0', code = ''] = process.argv.slice(2);
type Append = (plane: Plane, d: unknown, o: object) => Promise<unknown>;
const store = (await import(
  pathToFileURL(join(code, 'scripts/lib/io/ledger/ledger-store.ts')).href
)) as {
  appendEntry: Append;
};
const planes = (await import(pathToFileURL(join(code, 'scripts/lib/io/plane/plane.ts')).href)) as {
  loadPlane: (root: string) => Plane;
};
const plane = planes.loadPlane(root);
const pause = new Int32Array(new SharedArrayBuffer(4));

for (let trial = 0; trial < Number(trials); trial++) {
  const go = join(sync, `go-${trial}`);
  while (!existsSync(go)) Atomics.wait(pause, 0, 0, 1);
  const startAt = Number(readFileSync(go, 'utf8'));
  while (Date.now() < startAt) Atomics.wait(pause, 0, 0, 0);
  await store.appendEntry(plane, draft(trial, { body: { worker: Number(worker), trial } }), {
    manifest: plane.manifest,
    lockTimeoutMs: 60_000,
  });
  writeFileSync(join(sync, `done-${trial}-${worker}`), '');
}
