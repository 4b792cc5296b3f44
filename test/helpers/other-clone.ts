// The next entry in `dir` is written as from another clone: the clone-id file is made to describe
// another checkout, so the next append draws a fresh clone id, hence its own segment and origin
// (scripts/lib/io/repo/clone-id.ts renews the id of a copied `.git`). For tests whose auditor works in
// a clone of its own but that are about something else; test/e2e/independence-origin.test.ts
// clones for real.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function asAnotherClone(dir: string): void {
  const file = join(dir, '.git', 'proofgate', 'clone-id');
  mkdirSync(join(dir, '.git', 'proofgate'), { recursive: true });
  writeFileSync(file, '00000000\nino:0 /another/clone\n');
}
