// HEAD's subject tree, with which a STALE result's cause is worded ("uncommitted changes" when the
// result judged HEAD), is remembered in the git dir by commit (io/subject/commit-subject.ts
// namingSubjectTree): a stop that blocks again on the same commit asks git nothing for it. The
// entry only words the cause: a forged one changes the wording, never the verdict.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passedGateRepo, staleReason, type GateRepo } from '../helpers/gate-repo.ts';

let r: GateRepo;
beforeAll(async () => {
  r = await passedGateRepo();
});
afterAll(() => r.remove());

const STORE = (): string => join(r.dir, '.git', 'proofgate-naming-trees.json');

describe("the cause's HEAD tree is remembered, and words the cause only", () => {
  it('remembered once computed; a forged entry rewords the cause, the claim is still refused', async () => {
    r.write('src/app.js', 'export const x = 2;\n');
    expect(await staleReason(r)).toContain('the working tree has uncommitted changes: src/app.js');
    const store = JSON.parse(readFileSync(STORE(), 'utf8')) as {
      entries: { key: string; tree: string }[];
    };
    expect(store.entries).toHaveLength(1);
    // The agent writes another tree for HEAD: the cause now reads as a change since the result.
    store.entries[0]!.tree = '0'.repeat(40);
    writeFileSync(STORE(), JSON.stringify(store));
    expect(await staleReason(r)).toContain('code changed since the result');
    expect((await r.run(['claim', '--control', 'tests'])).code).toBe(1); // refused
    // An entry that is no tree id reads as none: computed again, and the wording is back.
    store.entries[0]!.tree = 'not a tree';
    writeFileSync(STORE(), JSON.stringify(store));
    expect(await staleReason(r)).toContain('the working tree has uncommitted changes: src/app.js');
  });

  it('another commit is another entry', async () => {
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'edit');
    r.write('src/app.js', 'export const x = 3;\n');
    expect(await staleReason(r)).toContain('code changed since the result');
    const store = JSON.parse(readFileSync(STORE(), 'utf8')) as { entries: unknown[] };
    expect(store.entries).toHaveLength(2);
  });
});
