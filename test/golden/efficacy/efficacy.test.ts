// Golden transcripts of `proofgate efficacy` with a seeded patch (quick: one run on the clean copy
// and one on the mutant): a command control that catches the defect (OK), a file control whose
// required file the patch deletes (JSON), a control that does not read the patched file (the
// mutant survives, exit 1), --mutate on a file control (exit 2), an imported mutation report
// (and one of other code, exit 2), and the ways left when no operator finds a site.
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
      // its inputs hold Go only (without inputs, the tracked JS here would have sites)
      { id: 'gotests', execution: '{ type: command, argv: [node, check.js] }', inputs: ['go/**'] },
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

// A mutation-testing-report-schema report in the shape Stryker writes, about src/app.js as it is.
const REPORT = JSON.stringify({
  schemaVersion: '1.0',
  thresholds: { high: 80, low: 60 },
  projectRoot: '/home/dev/project',
  framework: { name: 'StrykerJS', version: '9.6.1' },
  config: { testRunner: 'command', commandRunner: { command: 'npm test' } },
  files: {
    'src/app.js': {
      language: 'javascript',
      source: 'export const x = 1;\n',
      mutants: [
        { id: '1', mutatorName: 'NumericLiteral', status: 'Killed', location: { start: { line: 1, column: 18 }, end: { line: 1, column: 19 } } },
        { id: '2', mutatorName: 'NumericLiteral', status: 'Timeout', location: { start: { line: 1, column: 18 }, end: { line: 1, column: 19 } } },
        { id: '3', mutatorName: 'StringLiteral', status: 'Survived', location: { start: { line: 1, column: 1 }, end: { line: 1, column: 20 } } },
        { id: '4', mutatorName: 'BlockStatement', status: 'CompileError', location: { start: { line: 1, column: 1 }, end: { line: 1, column: 20 } } },
      ],
    },
  },
});

test('an imported mutation report: labelled imported and with its tool command; refused once the code changed', async () => {
  const r = repo();
  r.write('mutation.json', REPORT);
  const imported = ['efficacy', '--control', 'tests', '--from-report', 'mutation.json'];
  await expect(r.transcript(imported)).toMatchFileSnapshot('./imported-report.md');
  r.write('src/app.js', 'export const x = 3;\n');
  await expect(r.transcript(imported)).toMatchFileSnapshot('./refused-report-other-code.md');
});

test('no mutation site (JS without one, Go that no operator reads): the ways left are a patch or a report', async () => {
  const r = repo();
  r.write('go/app.go', 'package app\n\nfunc One() int { return 1 }\n');
  const go = ['efficacy', '--control', 'gotests', '--mutate', 'all'];
  await expect(r.transcript(go)).toMatchFileSnapshot('./no-site.md');
});
