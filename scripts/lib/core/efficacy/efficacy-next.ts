// What to run to measure a control's efficacy, by its kind, so every printed command runs: a
// command or a file check takes `--mutate all` (planted mutations; the checked file removed or
// seeded), a trace control only a defect written by hand as a patch. Other kinds never run here.
import { quoteArg } from '../next/next-command.ts';
import type { Execution } from '../plane/types.ts';
import { nextCommand } from '../next/next-table.ts';

/** The kinds `proofgate efficacy` can measure. */
export function isMeasurable(type: Execution['type']): boolean {
  return type === 'command' || type === 'file' || type === 'trace';
}

/** `--mutate all` runs as printed for these; a trace control needs a patch first. */
function mutates(type: Execution['type']): boolean {
  return type === 'command' || type === 'file';
}

/**
 * The next step that measures `controls` (id and kind): one `efficacy --mutate all` command for
 * every command and file control, and the patch route for each trace control. Unmeasurable kinds
 * are left out.
 */
export function efficacyNexts(
  controls: readonly { id: string; type: Execution['type'] }[],
): string[] {
  const mutated = controls.filter((c) => mutates(c.type));
  const flags = mutated.map((c) => `--control ${quoteArg(c.id)}`).join(' ');
  return [
    ...(mutated.length === 0 ? [] : [`proofgate efficacy ${flags} --mutate all`]),
    ...controls
      .filter((c) => c.type === 'trace')
      .map(
        (c) =>
          `write a defect as a patch ("git diff > defect.patch", then restore the code), then: ${nextCommand('efficacyPatch', { control: c.id })}`,
      ),
  ];
}

/**
 * The way forward when `--mutate <operator>` found no site in a control's files. A single operator
 * widens to `--mutate all`; after `all`, only the ways that need no built-in operator remain: a
 * defect written by hand as a patch, or the report of the project's own mutation tester.
 */
export function noSiteNext(controlId: string, operator: string, noSourceFile: boolean): string {
  const id = quoteArg(controlId);
  if (operator !== 'all') {
    return `try "${nextCommand('efficacyMutateAll', { control: id })}" (every operator), or --patch with a hand-written defect`;
  }
  const why = noSourceFile
    ? 'no built-in operator reads these files (JS/TS, Python and Rust only)'
    : 'no operator finds a site in these files';
  return [
    `${why}: plant a defect by hand, save it with "git diff > defect.patch", restore the code, then run "${nextCommand('efficacyPatch', { control: id })}"`,
    `or import your mutation tester's report of this tree: "${nextCommand('efficacyFromReport', { control: id, report: 'reports/mutation/mutation.json' })}" (Stryker and other mutation-testing-report-schema tools) or "${nextCommand('efficacyFromReport', { control: id, report: 'mutants.out/outcomes.json' })}" (cargo-mutants)`,
  ].join('; ');
}
