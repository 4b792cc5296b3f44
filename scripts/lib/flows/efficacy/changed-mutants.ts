// The mutants of a change: sites of the built-in operators on the lines changed since a base
// (core/efficacy/changed-lines.ts), chosen by seed, each planted in the temporary worktree with the
// code it replaced and what it planted, so a survivor reads "src/calc.js:2 `a < b` → `a >= b`".
// `efficacy --changed` and the changed-line mutants of `evaluate --run` both plan with it.
import { isChangedLine, type ChangedLines } from '../../core/efficacy/changed-lines.ts';
import {
  applyMutation,
  MUTATION_OPERATORS,
  type MutationOperator,
  type MutationSite,
} from '../../core/efficacy/operators.ts';
import { isMutableSource, pickMutants } from '../../core/efficacy/pick-mutants.ts';
import type { SurvivedMutant } from '../../core/efficacy/efficacy-status.ts';
import type { Control } from '../../core/plane/types.ts';
import type { EfficacyIO, TempWorktree } from '../../core/ports.ts';
import { sitesOf, type Mutant } from './efficacy-mutants.ts';
import { executeControl } from '../run/execute-control.ts';
import type { ExecuteSettings } from '../run/execute-outcome.ts';

export interface ChangedPlan {
  /** Sites of the operators on the changed lines of the control's files. */
  sites: number;
  /** Changed source files the operators read (JS/TS, Python, Rust; never tests). */
  files: number;
  mutants: Mutant[];
}

/** The seeded mutants of `control` on the changed lines (its `inputs` only, when it declares any). */
export async function planChangedMutants(
  control: Control,
  changed: ChangedLines,
  pick: { seed: number; max: number; operators?: readonly MutationOperator[] },
  eio: EfficacyIO,
  worktree: TempWorktree,
): Promise<ChangedPlan> {
  let files = [...changed.keys()].filter(isMutableSource);
  if (control.inputs !== undefined && files.length > 0) {
    const declared = new Set(await eio.listFiles(worktree, control.inputs));
    files = files.filter((f) => declared.has(f));
  }
  const texts = new Map<string, string>();
  const sites: MutationSite[] = [];
  for (const file of files) {
    const text = await eio.readText(worktree, file);
    texts.set(file, text);
    const found = await sitesOf(file, text, pick.operators ?? MUTATION_OPERATORS, eio);
    sites.push(...found.filter((s) => isChangedLine(changed, file, s.line)));
  }
  const chosen = pickMutants(sites, { seed: pick.seed, max: pick.max });
  const mutants = chosen.map((site): Mutant => {
    const original = texts.get(site.file) ?? '';
    const mutated = applyMutation(original, site);
    return {
      file: site.file,
      line: site.line,
      operator: site.operator,
      before: lineAt(original, site.line),
      after: lineAt(mutated, site.line),
      plant: (w) => eio.writeText(w, site.file, mutated),
      undo: (w) => eio.writeText(w, site.file, original),
    };
  });
  return { sites: sites.length, files: files.length, mutants };
}

/** The trimmed text of a 1-based line, shortened past 80 characters. */
function lineAt(text: string, line: number): string {
  const found = (text.split('\n')[line - 1] ?? '').trim();
  return found.length <= 80 ? found : `${found.slice(0, 77)}...`;
}

export interface MutantCounts {
  mutants: number;
  killed: number;
  inconclusive: number;
  survived: SurvivedMutant[];
}

/** Plants each mutant in turn, runs the control and undoes it: a FAIL kills, a PASS survives. */
export async function runMutants(
  control: Control,
  mutants: readonly Mutant[],
  settings: ExecuteSettings,
  worktree: TempWorktree,
): Promise<MutantCounts> {
  const counts: MutantCounts = { mutants: 0, killed: 0, inconclusive: 0, survived: [] };
  for (const mutant of mutants) {
    await mutant.plant(worktree);
    const status = (await executeControl(control, settings)).status;
    await mutant.undo(worktree);
    counts.mutants += 1;
    if (status === 'FAIL') counts.killed += 1;
    else if (status === 'BLOCKED') counts.inconclusive += 1;
    else counts.survived.push(survivor(mutant));
  }
  return counts;
}

function survivor(m: Mutant): SurvivedMutant {
  const snippet =
    m.before === undefined || m.after === undefined ? {} : { before: m.before, after: m.after };
  return { file: m.file, line: m.line, operator: m.operator, ...snippet };
}
