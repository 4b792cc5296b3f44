// How fast `efficacy --mutate all` plants its mutants, per language: on a generated source file of
// each (about 200 lines holding every operator's sites), one run finds every site (JS/TS from the
// lexer's tokens, Python and Rust from a tree-sitter parse of the file) and writes every mutant's
// text. Running the control on each mutant, which dominates a real run, is not measured here.
// Before each row, a line gives its mutants per second.
import {
  applyMutation,
  findMutationSites,
  MUTATION_OPERATORS,
} from '../../scripts/lib/core/efficacy/operators.ts';
import { findTreeSites } from '../../scripts/lib/core/efficacy/tree-sites.ts';
import { parseSyntax } from '../../scripts/lib/io/host/syntax-parser.ts';
import type { Bench } from './harness.ts';
import { median } from './harness.ts';

const COPIES = 25;

const JS = (i: number) => `export function grade${i}(score, bonus, strict) {
  if (score < 0 || score > 100) {
    return null;
  }
  const total = score + bonus * 2 - (strict ? 5 : 0) / 1;
  const passed = !strict && total >= 50 ? true : false;
  return passed ? -total % 7 : total;
}
`;

const PY = (i: number) => `def grade${i}(score, bonus, strict):
    if score < 0 or score > 100:
        return None
    total = score + bonus * 2 - (5 if strict else 0) / 1
    passed = True if not strict and total >= 50 else False
    return -total % 7 if passed else total

`;

const RS = (i: number) => `pub fn grade${i}(score: i64, bonus: i64, strict: bool) -> Option<i64> {
    if score < 0 || score > 100 {
        return None;
    }
    let total: i64 = score + bonus * 2 - if strict { 5 } else { 0 };
    let passed = !strict && total >= 50;
    Some(if passed { -total % 7 } else { total + 1 })
}

`;

const SOURCES = {
  js: Array.from({ length: COPIES }, (_, i) => JS(i)).join('\n'),
  python: Array.from({ length: COPIES }, (_, i) => PY(i)).join(''),
  rust: Array.from({ length: COPIES }, (_, i) => RS(i)).join(''),
};

/** Every site of the file, each planted as text: the mutants a `--mutate all` run could plant. */
async function plantAll(language: keyof typeof SOURCES): Promise<number> {
  const text = SOURCES[language];
  const sites =
    language === 'js'
      ? findMutationSites('a.js', text, MUTATION_OPERATORS)
      : findTreeSites('a', text, await parseSyntax(language, text), language, MUTATION_OPERATORS);
  let bytes = 0;
  for (const site of sites) bytes += applyMutation(text, site).length;
  if (bytes === 0) throw new Error(`no ${language} site`);
  return sites.length;
}

function bench(language: keyof typeof SOURCES): Bench {
  const times: number[] = [];
  let mutants = 0;
  return {
    name: `efficacy: plant every ${language} mutant (${SOURCES[language].split('\n').length} lines)`,
    target: '>= 1000 mutants/s',
    runs: 7,
    // the parser's one-time load is not what a mutant costs
    setup: async () => {
      await plantAll(language);
    },
    fn: async () => {
      const start = performance.now();
      mutants = await plantAll(language);
      times.push(performance.now() - start);
    },
    teardown: () => {
      const perSecond = Math.round((mutants / median(times)) * 1000);
      console.log(`  ${language}: ${mutants} mutants per run, ${perSecond} mutants per second`);
      return Promise.resolve();
    },
  };
}

export const benches: Bench[] = [bench('js'), bench('python'), bench('rust')];
