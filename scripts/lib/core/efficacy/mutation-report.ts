// The mutation reports `efficacy --from-report` imports (references/efficacy.md "Imported
// reports"), read defensively into one shape: the mutation-testing-report-schema JSON (Stryker and
// other tools) and cargo-mutants' `mutants.out/outcomes.json`. A report is a claim by a tool run
// that proofgate did not observe; what binds it to the current code is checked elsewhere
// (report-binding.ts), from the sources or diffs the report carries.
import { UsageError } from '../errors.ts';
import type { SurvivedMutant } from './efficacy-status.ts';

export type ReportFormat = 'mutation-testing' | 'cargo-mutants';

/** What binds a report to code: a reported file's full source, or a mutant's unified diff. */
export type ReportEvidence =
  { kind: 'source'; file: string; source: string } | { kind: 'diff'; diffPath: string };

export interface MutationReport {
  format: ReportFormat;
  /** The tool that wrote it (`stryker 9.1.0`, `cargo-mutants 25.0.1`), when the report says. */
  tool: string;
  /** The test command the tool ran, as argv, when the report says. */
  testArgv?: string[];
  /** A test runner that is not a command (`jest`, `mocha`, ...), when the report names one. */
  testRunner?: string;
  killed: number;
  /** Among `killed`: mutants the tests timed out on. */
  timeout: number;
  survived: SurvivedMutant[];
  /** Mutants that did not compile or were ignored, pending or skipped: no verdict either way. */
  excluded: number;
  evidence: ReportEvidence[];
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: Json): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function bad(path: string, problem: string): UsageError {
  return new UsageError('BAD_INPUT', `${path} is not a mutation report proofgate can import`, {
    where: path,
    problems: [problem],
    expected:
      'a mutation-testing-report-schema JSON (e.g. Stryker reports/mutation/mutation.json) or cargo-mutants mutants.out/outcomes.json',
  });
}

/** A report path must stay inside the project: relative, no `..` segment. */
function projectPath(path: string, key: string, projectRoot: Json): string {
  let rel = key.replaceAll('\\', '/');
  if (rel.startsWith('/') && typeof projectRoot === 'string') {
    const rootSlash = `${projectRoot.replaceAll('\\', '/').replace(/\/+$/, '')}/`;
    if (rel.startsWith(rootSlash)) rel = rel.slice(rootSlash.length);
  }
  rel = rel.replace(/^\.\//, '');
  if (rel.startsWith('/') || rel.split('/').includes('..') || rel === '') {
    throw bad(path, `file "${key}" is not inside the project (projectRoot ${String(projectRoot)})`);
  }
  return rel;
}

// mutation-testing-report-schema: Killed and Timeout are detected, Survived and NoCoverage are not.
function readMutationTesting(path: string, doc: Record<string, Json>): MutationReport {
  const { files, framework, config } = doc;
  if (!isObject(files)) throw bad(path, 'no "files" object');
  const report: MutationReport = {
    format: 'mutation-testing',
    tool:
      isObject(framework) && typeof framework.name === 'string'
        ? `${framework.name}${typeof framework.version === 'string' ? ` ${framework.version}` : ''}`
        : 'mutation-testing-report',
    killed: 0,
    timeout: 0,
    survived: [],
    excluded: 0,
    evidence: [],
  };
  if (isObject(config) && typeof config.testRunner === 'string') {
    if (config.testRunner === 'command') {
      const runner = isObject(config.commandRunner) ? config.commandRunner.command : undefined;
      report.testArgv = (typeof runner === 'string' ? runner : 'npm test')
        .split(/\s+/)
        .filter(Boolean);
    } else report.testRunner = config.testRunner;
  }
  for (const [key, file] of Object.entries(files)) {
    const rel = projectPath(path, key, doc.projectRoot);
    if (!isObject(file) || !Array.isArray(file.mutants))
      throw bad(path, `file "${key}" has no mutants list`);
    if (typeof file.source !== 'string')
      throw bad(path, `file "${key}" carries no source to bind it to the code`);
    report.evidence.push({ kind: 'source', file: rel, source: file.source });
    for (const m of file.mutants) {
      const start = isObject(m) && isObject(m.location) ? m.location.start : undefined;
      if (!isObject(m) || !isObject(start) || !isNat(start.line) || typeof m.status !== 'string')
        throw bad(path, `a mutant of "${key}" has no status or location`);
      const operator = typeof m.mutatorName === 'string' ? m.mutatorName : 'unknown';
      if (m.status === 'Killed') report.killed += 1;
      else if (m.status === 'Timeout') {
        report.killed += 1;
        report.timeout += 1;
      } else if (m.status === 'Survived' || m.status === 'NoCoverage')
        report.survived.push({ file: rel, line: start.line, operator });
      else report.excluded += 1;
    }
  }
  return report;
}

function testArgvOf(outcomes: readonly Json[]): string[] | undefined {
  for (const o of outcomes) {
    const phases = isObject(o) && Array.isArray(o.phase_results) ? o.phase_results : [];
    for (const p of phases) {
      if (
        isObject(p) &&
        p.phase === 'Test' &&
        Array.isArray(p.argv) &&
        p.argv.every((a) => typeof a === 'string')
      )
        return p.argv;
    }
  }
  return undefined;
}

// cargo-mutants: CaughtMutant and Timeout are detected, MissedMutant is not, Unviable never built.
function readCargoMutants(path: string, doc: Record<string, Json>): MutationReport {
  const outcomes = doc.outcomes;
  if (!Array.isArray(outcomes)) throw bad(path, 'no "outcomes" list');
  const version =
    typeof doc.cargo_mutants_version === 'string' ? ` ${doc.cargo_mutants_version}` : '';
  const report: MutationReport = {
    format: 'cargo-mutants',
    tool: `cargo-mutants${version}`,
    killed: 0,
    timeout: 0,
    survived: [],
    excluded: 0,
    evidence: [],
  };
  const argv = testArgvOf(outcomes);
  if (argv !== undefined) report.testArgv = argv;
  for (const o of outcomes) {
    if (!isObject(o) || typeof o.summary !== 'string') throw bad(path, 'an outcome has no summary');
    if (o.scenario === 'Baseline') {
      if (o.summary !== 'Success')
        throw bad(
          path,
          `the tool's baseline run did not pass (${o.summary}): nothing was measured`,
        );
      continue;
    }
    const mutant = isObject(o.scenario) ? o.scenario.Mutant : undefined;
    const start = isObject(mutant) && isObject(mutant.span) ? mutant.span.start : undefined;
    if (
      !isObject(mutant) ||
      typeof mutant.file !== 'string' ||
      !isObject(start) ||
      !isNat(start.line)
    )
      throw bad(path, 'an outcome names no mutant file and span');
    const file = projectPath(path, mutant.file, undefined);
    if (typeof o.diff_path !== 'string')
      throw bad(
        path,
        `the outcome for ${file}:${start.line} has no diff_path to bind it to the code`,
      );
    report.evidence.push({ kind: 'diff', diffPath: projectPath(path, o.diff_path, undefined) });
    const operator = typeof mutant.genre === 'string' ? mutant.genre : 'unknown';
    if (o.summary === 'CaughtMutant') report.killed += 1;
    else if (o.summary === 'Timeout') {
      report.killed += 1;
      report.timeout += 1;
    } else if (o.summary === 'MissedMutant')
      report.survived.push({ file, line: start.line, operator });
    else report.excluded += 1;
  }
  return report;
}

/** The report in `text` (read from `path`), or a usage error saying what is wrong with it. */
export function readMutationReport(path: string, text: string): MutationReport {
  let doc: Json;
  try {
    doc = JSON.parse(text);
  } catch {
    throw bad(path, 'not JSON');
  }
  if (!isObject(doc)) throw bad(path, 'not a JSON object');
  if (isObject(doc.files) && doc.schemaVersion !== undefined) return readMutationTesting(path, doc);
  if (Array.isArray(doc.outcomes)) return readCargoMutants(path, doc);
  throw bad(path, 'neither "schemaVersion" with "files" nor "outcomes"');
}
