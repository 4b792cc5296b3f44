// Binding an imported mutation report to the current code, and labelling the test command it
// ran (references/efficacy.md "Imported reports"). The report must describe exactly the sources
// in the working tree: every reported file's source equal to the current file (the
// mutation-testing schema carries it), or every mutant's diff applying to the current file as it
// stands (cargo-mutants writes one per mutant). Anything else is a report about other code.
import type { MutationReport } from './mutation-report.ts';

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

/** The file a cargo-mutants diff changes (its `--- ` line), or undefined. */
export function diffTarget(diff: string): string | undefined {
  const line = diff.split('\n').find((l) => l.startsWith('--- '));
  return line?.slice(4).replace(/^a\//, '').trim() || undefined;
}

/** Why `diff` does not apply to `current` as it stands, or undefined when every hunk matches. */
export function diffMismatch(diff: string, current: string): string | undefined {
  const have = current.split('\n');
  const lines = diff.split('\n');
  let hunks = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const hunk = HUNK.exec(lines[i] ?? '');
    if (hunk === null) continue;
    hunks += 1;
    const start = Number(hunk[1]);
    const old: string[] = [];
    for (let j = i + 1; j < lines.length && !HUNK.test(lines[j] ?? ''); j += 1) {
      const l = lines[j] ?? '';
      if (l.startsWith(' ') || l.startsWith('-')) old.push(l.slice(1));
      else if (l !== '' && !l.startsWith('+') && !l.startsWith('\\')) break;
    }
    const at = Math.max(0, start - 1);
    const found = have.slice(at, at + old.length);
    const differs = old.findIndex((l, k) => l !== found[k]);
    if (differs >= 0) return `line ${at + differs + 1} differs from the code the report ran on`;
  }
  return hunks === 0 ? 'the diff has no hunk' : undefined;
}

/** Why a reported source is not the current file, or undefined when they are identical. */
export function sourceMismatch(reported: string, current: string | undefined): string | undefined {
  if (current === undefined) return 'the file is not in the working tree';
  if (reported === current) return undefined;
  const a = reported.split('\n');
  const b = current.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  return `line ${(line < 0 ? a.length : line) + 1} differs from the code the report ran on`;
}

export type TestCommandMatch = 'same' | 'other' | 'unknown';

const base = (arg: string): string => arg.split(/[\\/]/).at(-1) ?? arg;

/**
 * Whether the tool ran the control's command: `same` when the tool's test argv holds the
 * control's argv in order (program compared by name; tools add flags such as `--package`),
 * `other` when it ran something else (or a non-command test runner), `unknown` when the report
 * does not say.
 */
export function matchTestCommand(
  report: MutationReport,
  controlArgv: readonly string[],
): TestCommandMatch {
  if (report.testRunner !== undefined) return 'other';
  const tool = report.testArgv;
  if (tool === undefined || tool.length === 0) return 'unknown';
  const want = controlArgv.map((a, i) => (i === 0 ? base(a) : a));
  const have = tool.map((a, i) => (i === 0 ? base(a) : a));
  if (want[0] !== have[0]) return 'other';
  let k = 0;
  for (const arg of have) if (arg === want[k]) k += 1;
  return k === want.length ? 'same' : 'other';
}

/** How the tool ran its tests, for the label of an import that used another command. */
export function toolTestCommand(report: MutationReport): string {
  if (report.testRunner !== undefined) return `the ${report.testRunner} test runner`;
  return report.testArgv === undefined ? 'an unstated command' : report.testArgv.join(' ');
}
