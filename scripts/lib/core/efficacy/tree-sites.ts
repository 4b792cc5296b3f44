// Mutation sites of the languages whose operators read a syntax tree (Python, Rust): the same
// operators and site shape as the JS/TS ones, so seeding and planting are shared.
import type { MutationOperator, MutationSite } from './operators.ts';
import { PYTHON_FINDERS } from './python-operators.ts';
import { RUST_FINDERS } from './rust-operators.ts';
import { lineOf } from './scan-code.ts';
import type { SyntaxNode, TreeLanguage } from './syntax-tree.ts';

const FINDERS = { python: PYTHON_FINDERS, rust: RUST_FINDERS } as const;

/** Every site in the parsed `text` where the given operators can plant a defect, in source order. */
export function findTreeSites(
  file: string,
  text: string,
  root: SyntaxNode,
  language: TreeLanguage,
  operators: readonly MutationOperator[],
): MutationSite[] {
  return operators
    .flatMap((operator) =>
      FINDERS[language][operator](text, root).map((edit) => ({
        file,
        line: lineOf(text, edit.start),
        operator,
        ...edit,
      })),
    )
    .sort((a, b) => a.start - b.start || a.operator.localeCompare(b.operator));
}
