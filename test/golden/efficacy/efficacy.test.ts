// Golden transcripts of `proofgate efficacy` with a seeded patch (quick: one run on the clean copy
// and one on the mutant): a command control that catches the defect (OK), a file control whose
// required file the patch deletes (JSON), a control that does not read the patched file (the
// mutant survives, exit 1), and --mutate on a file control (exit 2).
import { afterEach, expect, test } from 'vitest';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const CHECK = `const { readFileSync } = require('node:fs');
process.exit(readFileSync('src/app.js', 'utf8').includes('x = 1') ? 0 : 1);
`;

const PATCH_APP = `diff --git a/src/app.js b/src/app.js
--- a/src/app.js
+++ b/src/app.js
@@ -1 +1 @@
-export const x = 1;
+export const x = 2;
`;

const PATCH_NOTES = `diff --git a/NOTES.md b/NOTES.md
deleted file mode 100644
--- a/NOTES.md
+++ /dev/null
@@ -1 +0,0 @@
-release notes
`;

function repo(): GoldenRepo {
  const r = makeGoldenRepo(
    [
      { id: 'tests', execution: '{ type: command, argv: [node, check.js] }' },
      { id: 'notes', execution: '{ type: file, path: NOTES.md, condition: exists }' },
    ],
    {
      files: {
        'check.js': CHECK,
        'NOTES.md': 'release notes\n',
        'app.patch': PATCH_APP,
        'notes.patch': PATCH_NOTES,
      },
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

test('a seeded defect caught by a command control and by a file control', async () => {
  const r = repo();
  const app = ['efficacy', '--control', 'tests', '--patch', 'app.patch'];
  await expect(r.transcript(app)).toMatchFileSnapshot('./caught.md');
  const notes = ['efficacy', '--control', 'notes', '--patch', 'notes.patch', '--json'];
  await expect(r.transcript(notes)).toMatchFileSnapshot('./caught-file-json.md');
});

test('a defect the control does not see, and --mutate on a file control', async () => {
  const r = repo();
  const survived = ['efficacy', '--control', 'notes', '--patch', 'app.patch'];
  await expect(r.transcript(survived)).toMatchFileSnapshot('./survived.md');
  const mutate = ['efficacy', '--control', 'notes', '--mutate', 'all'];
  await expect(r.transcript(mutate)).toMatchFileSnapshot('./refused-mutate-file.md');
});
