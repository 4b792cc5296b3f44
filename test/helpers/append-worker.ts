// Spawned by the concurrency test: appends `count` entries to the ledger at `root`.
import { appendEntry } from '../../scripts/lib/io/ledger/ledger-store.ts';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { draft } from './ledger-repo.ts';

const [root = '', count = '0', worker = '0'] = process.argv.slice(2);
const plane = loadPlane(root);
for (let i = 0; i < Number(count); i++) {
  await appendEntry(plane, draft(i, { body: { worker: Number(worker), i } }), {
    manifest: plane.manifest,
    lockTimeoutMs: 60_000,
  });
}
