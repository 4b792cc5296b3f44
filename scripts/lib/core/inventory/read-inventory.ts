// Which runner printed a control's output, read from the output itself: each runner's parser
// looks for its own summary, and the ones found are summed (a script may run two suites). None
// found is an "unknown" inventory with the reason, the command's runner named when the argv names
// one: never a guess, never silently nothing.
import {
  addCounts,
  countsOf,
  describeCount,
  keptNames,
  type Inventory,
  type ParsedRun,
} from './inventory.ts';
import { parseNodeSpec, parseNodeTap } from './parse-node.ts';
import { parseVitest } from './parse-vitest.ts';
import { parseJest } from './parse-jest.ts';
import { parseMocha } from './parse-mocha.ts';
import { parseUvu } from './parse-uvu.ts';
import { parsePytest } from './parse-pytest.ts';
import { parseCargo } from './parse-cargo.ts';
import { GO_PACKAGE, parseGo } from './parse-go.ts';
import { parseJunit } from './parse-junit.ts';

/** What a run left to read its inventory from. */
export interface InventorySource {
  /** The captured output as stored for review (normalized, possibly cut in the middle). */
  output: string;
  /** The command, to name its runner when no summary is found. */
  argv?: readonly string[];
  /** The output was cut: names may be missing, so none are kept. */
  truncated?: boolean;
  /** The control's declared artifacts that may be JUnit XML reports (path and text). */
  reports?: readonly { path: string; text: string }[];
}

const PARSERS: readonly {
  runner: string;
  parse: (lines: readonly string[]) => ParsedRun | undefined;
}[] = [
  { runner: 'node', parse: parseNodeTap },
  { runner: 'node', parse: parseNodeSpec },
  { runner: 'vitest', parse: parseVitest },
  { runner: 'jest', parse: parseJest },
  { runner: 'mocha', parse: parseMocha },
  { runner: 'uvu', parse: parseUvu },
  { runner: 'pytest', parse: parsePytest },
  { runner: 'cargo', parse: parseCargo },
  { runner: 'go', parse: parseGo },
];

const LOOKED_FOR = 'node --test, vitest, jest, mocha, uvu, pytest, cargo test, go test -v';

function baseName(arg: string): string {
  return arg.slice(arg.lastIndexOf('/') + 1).replace(/\.(c?js|mjs|cmd|exe)$/, '');
}

/** The test runner the command names itself, when it does (`npx vitest run`, `cargo test`). */
export function runnerNamedBy(argv: readonly string[]): string | undefined {
  const names = argv.map(baseName);
  if (names.includes('--test') && names.some((n) => n === 'node')) return 'node';
  for (const runner of ['vitest', 'jest', 'mocha', 'uvu', 'pytest'])
    if (names.includes(runner)) return runner;
  if (names.includes('py.test')) return 'pytest';
  if (names.includes('cargo') && (names.includes('test') || names.includes('nextest')))
    return 'cargo';
  if (names.includes('go') && names.includes('test')) return 'go';
  return undefined;
}

/**
 * Whether the command runs tests, by its own words: a runner it names, or a package manager's
 * `test` script (`npm test`, `npm run test:unit`, `yarn test`). A control whose output holds no
 * inventory is judged by this (weakened-verification.ts).
 */
export function isTestCommand(argv: readonly string[]): boolean {
  if (runnerNamedBy(argv) !== undefined) return true;
  const names = argv.map(baseName);
  const manager = ['npm', 'pnpm', 'yarn', 'bun'].some((m) => names.includes(m));
  return manager && argv.some((a) => a === 'test' || a === 't' || /^test[:-]/.test(a));
}

function fromReports(reports: InventorySource['reports']): Inventory | undefined {
  let found: ParsedRun | undefined;
  const names: string[] = [];
  for (const report of reports ?? []) {
    const parsed = parseJunit(report.text);
    if (parsed === undefined) continue;
    found = found === undefined ? parsed : { ...addCounts(found, parsed) };
    names.push(...(parsed.names ?? []));
  }
  if (found === undefined) return undefined;
  const kept = keptNames(names);
  const { names: _names, ...counts } = found;
  return { runner: 'junit', ...counts, ...(kept === undefined ? {} : { names: kept }) };
}

function unknownReason(source: InventorySource, lines: readonly string[]): string {
  const cut = source.truncated === true ? ' (the output was cut at the evidence cap)' : '';
  const runner = runnerNamedBy(source.argv ?? []);
  if (runner === 'go' && lines.some((l) => GO_PACKAGE.test(l)))
    return 'go test prints no per-test lines without -v: run it with -v for an inventory';
  if (runner !== undefined)
    return `the command runs ${runner}, but its summary is not in the output${cut}`;
  return `no test runner's summary in the output${cut} (looked for ${LOOKED_FOR})`;
}

/** The inventory of one run: a declared JUnit report first, else every runner summary found. */
export function readInventory(source: InventorySource): Inventory {
  const report = fromReports(source.reports);
  if (report !== undefined) return report;
  const lines = source.output.split('\n');
  const found: { runner: string; run: ParsedRun }[] = [];
  for (const { runner, parse } of PARSERS) {
    const parsed = parse(lines);
    if (parsed === undefined) continue;
    const { names, listed, ...counts } = parsed;
    // A runner that lists every test it ran, whose summary counts others: lines printed to look
    // like its summary (an echo, a test's own console output). Not counted, and said so.
    if (listed !== undefined && listed !== counts.ran && source.truncated !== true)
      return {
        runner: 'unknown',
        reason: `${runner}'s summary counts ${describeCount(counts.ran)} run, but the output lists ${listed}: the summary is not the runner's own`,
      };
    // Names only when there is one per test run: a partial list (pytest's short summary names
    // only the failures) would read as tests no longer run.
    found.push({ runner, run: names?.length === counts.ran ? { ...counts, names } : counts });
  }
  if (found.length === 0) return { runner: 'unknown', reason: unknownReason(source, lines) };
  const counts = found.reduce((sum, f) => addCounts(sum, f.run), countsOf(0, 0));
  const runners = [...new Set(found.map((f) => f.runner))];
  const several = found.length > 1;
  const names =
    source.truncated === true
      ? undefined
      : keptNames(
          found.flatMap((f) => (f.run.names ?? []).map((n) => (several ? `${f.runner}: ${n}` : n))),
        );
  return { runner: runners.join('+'), ...counts, ...(names === undefined ? {} : { names }) };
}
