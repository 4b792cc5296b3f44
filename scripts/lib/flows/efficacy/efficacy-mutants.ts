// The defects `efficacy` plants, by method: a file check's one seeded defect, the built-in
// operators' sites (JS/TS from tokens, Python and Rust from a syntax tree) chosen by seed, or a
// hand-written patch. Each mutant is planted and undone in the temporary worktree.
import { UsageError } from '../../core/errors.ts';
import type { SurvivedMutant } from '../../core/efficacy/efficacy-status.ts';
import {
  applyMutation,
  findMutationSites,
  MUTATION_OPERATORS,
  type MutationOperator,
  type MutationSite,
} from '../../core/efficacy/operators.ts';
import { noSiteNext } from '../../core/efficacy/efficacy-next.ts';
import { listPatchSites } from '../../core/efficacy/patch-sites.ts';
import { isMutableSource, pickMutants, treeLanguageOf } from '../../core/efficacy/pick-mutants.ts';
import { defaultSourceScope, isGeneratedSource } from '../../core/efficacy/source-scope.ts';
import { findTreeSites } from '../../core/efficacy/tree-sites.ts';
import type { Control } from '../../core/plane/types.ts';
import type { EfficacyIO, TempWorktree } from '../../core/ports.ts';

export interface MutateMethod {
  kind: 'mutate';
  operator: MutationOperator | 'all';
  maxMutants: number;
  seed: number;
  /** `--changed [<base>]`: only sites on the lines changed since the base ('' = the trusted base). */
  changed?: string;
}

export type Mutant = SurvivedMutant & {
  plant(worktree: TempWorktree): Promise<void>;
  undo(worktree: TempWorktree): Promise<void>;
};

/** The one seeded defect of a file check: the file it requires removed, or the one it forbids. */
function fileMutant(
  execution: Extract<Control['execution'], { type: 'file' }>,
  eio: EfficacyIO,
): Mutant {
  const present = execution.condition === 'absent';
  return {
    file: execution.path,
    line: 0,
    operator: present ? 'file-added' : 'file-removed',
    plant: (w) => eio.setPresence(w, execution.path, present),
    undo: (w) => eio.reset(w),
  };
}

/** The sites of one file for the operators, from tokens (JS/TS) or a syntax tree (Python, Rust). */
export async function sitesOf(
  file: string,
  text: string,
  operators: readonly MutationOperator[],
  eio: EfficacyIO,
): Promise<MutationSite[]> {
  const language = treeLanguageOf(file);
  if (language === undefined) return findMutationSites(file, text, operators);
  return findTreeSites(file, text, await eio.parseSyntax(language, text), language, operators);
}

/** The seeded mutants of `control` for `--mutate`: its file check's defect, or operator sites. */
export async function planMutants(
  control: Control,
  method: MutateMethod,
  eio: EfficacyIO,
  worktree: TempWorktree,
): Promise<Mutant[]> {
  if (control.execution.type === 'file') return [fileMutant(control.execution, eio)];
  // No `inputs`: every tracked source file but tests, vendored, built and generated ones.
  const globs = control.inputs;
  const operators = method.operator === 'all' ? MUTATION_OPERATORS : [method.operator];
  const texts = new Map<string, string>();
  const sites: MutationSite[] = [];
  const files = await eio.listFiles(worktree, globs ?? []);
  const sources = globs === undefined ? defaultSourceScope(files) : files.filter(isMutableSource);
  for (const file of sources) {
    const text = await eio.readText(worktree, file);
    if (globs === undefined && isGeneratedSource(text)) continue;
    texts.set(file, text);
    sites.push(...(await sitesOf(file, text, operators, eio)));
  }
  const chosen = pickMutants(sites, { seed: method.seed, max: method.maxMutants });
  if (chosen.length === 0) {
    throw new UsageError(
      'BAD_VALUE',
      `no ${method.operator} mutation site in ${control.id}'s files`,
      {
        where:
          globs === undefined
            ? 'the tracked source files (no inputs)'
            : `inputs ${globs.join(' ')}`,
        expected:
          'JS/TS, Python or Rust source (not tests, not .d.ts) with a site for the operator',
        next: noSiteNext(control.id, method.operator, files.length > 0 && texts.size === 0),
      },
    );
  }
  return chosen.map((site) => {
    const original = texts.get(site.file) ?? '';
    return {
      file: site.file,
      line: site.line,
      operator: site.operator,
      plant: (w) => eio.writeText(w, site.file, applyMutation(original, site)),
      undo: (w) => eio.writeText(w, site.file, original),
    };
  });
}

export function patchMutant(patch: Uint8Array, path: string, eio: EfficacyIO): Mutant {
  const first = listPatchSites(new TextDecoder().decode(patch))[0];
  return {
    file: first?.file ?? path,
    line: first?.line ?? 0,
    operator: 'patch',
    async plant(worktree) {
      const problem = await eio.applyPatch(worktree, patch);
      if (problem !== undefined) {
        throw new UsageError('BAD_INPUT', `${path} does not apply to the current code`, {
          where: path,
          problems: problem.split('\n'),
          next: 'make the patch against the current working tree ("git diff > defect.patch")',
        });
      }
    },
    undo: (worktree) => eio.reset(worktree),
  };
}
