// efficacy --from-report on mutation reports of small projects of our own (test/fixtures/
// efficacy-projects, each with its ABOUT.md saying how its report was made): a Stryker
// mutation-testing-report-schema JSON and a cargo-mutants outcomes.json import as `imported`
// evidence bound to the code they ran on; a report of other code is refused, and a tool that ran
// another test command than the control's is labelled so.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { readProjectFiles } from '../helpers/project-files.ts';

const repos: GateRepo[] = [];
const read = (r: GateRepo, file: string): string => readFileSync(join(r.dir, file), 'utf8');
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

interface Imported {
  ok: boolean;
  method: string;
  results: {
    control: string;
    mutants: number;
    killed: number;
    survived: { file: string; line: number; operator: string }[];
    source: string;
    tool: string;
    test_command: string;
    tool_command?: string;
    timeout: number;
    excluded: number;
    entry?: string;
  }[];
}

const STRYKER = 'reports/mutation/mutation.json';
const CARGO = 'mutants.out/outcomes.json';

function parseSize(): GateRepo {
  const r = makeGateRepo(
    [
      { id: 'node-test', execution: '{ type: command, argv: [node, test/parse-size.js] }' },
      { id: 'npm-test', execution: '{ type: command, argv: [npm, test] }' },
      { id: 'docs', execution: '{ type: command, argv: [npm, run, docs] }', inputs: ['docs/**'] },
      { id: 'manifest', execution: '{ type: file, path: package.json, condition: exists }' },
    ],
    { files: readProjectFiles('stryker-command-runner') },
  );
  repos.push(r);
  return r;
}

function scorecard(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'cargo-test', execution: '{ type: command, argv: [cargo, test] }' }],
    { files: readProjectFiles('cargo-mutants-report') },
  );
  repos.push(r);
  return r;
}

describe('efficacy --from-report: a Stryker report (mutation-testing-report-schema)', () => {
  it('imports as imported evidence with its counts and survivors, labelled with the same test command', async () => {
    const r = parseSize();
    const run = await r.run([
      'efficacy',
      '--control',
      'node-test',
      '--from-report',
      STRYKER,
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(1); // survivors
    const json = JSON.parse(run.out) as Imported;
    expect(json.method).toBe('report:mutation-testing');
    const [result] = json.results;
    expect(result).toMatchObject({
      control: 'node-test',
      mutants: 61,
      killed: 47,
      source: 'imported',
      tool: 'StrykerJS 9.6.1',
      test_command: 'same',
      timeout: 0,
      excluded: 0,
    });
    expect(result?.survived).toHaveLength(14);
    expect(result?.survived[0]).toEqual({
      file: 'index.js',
      line: 9,
      operator: 'ConditionalExpression',
    });
    expect(result?.entry).toMatch(/^[0-9a-f]{64}$/);
    const human = await r.run(['efficacy', '--control', 'node-test', '--from-report', STRYKER]);
    expect(human.out).toContain('imported from StrykerJS 9.6.1');
    expect(human.out).toContain('proofgate did not run these mutants');
    const status = await r.run(['status']);
    expect(status.out).not.toMatch(/efficacy: .*node-test unproven/);
  });

  it('labels a report whose tool ran another test command than the control', async () => {
    const r = parseSize();
    const run = await r.run(['efficacy', '--control', 'npm-test', '--from-report', STRYKER]);
    expect(run.out).toContain(
      'another test command: the tool ran node test/parse-size.js, not this control',
    );
    const json = JSON.parse(
      (await r.run(['efficacy', '--control', 'npm-test', '--from-report', STRYKER, '--json'])).out,
    ) as Imported;
    expect(json.results[0]?.test_command).toBe('other');
  });

  it('refuses the report once the code it ran on is edited (one changed line), and writes nothing', async () => {
    const r = parseSize();
    const index = read(r, 'index.js').replace('var opts = options;', 'var opts = options || {};');
    r.write('index.js', index);
    const before = r.git('status', '--porcelain', '--untracked-files=all');
    const run = await r.run(['efficacy', '--control', 'node-test', '--from-report', STRYKER]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${STRYKER} was made on other code than the working tree`);
    expect(run.err).toContain('index.js: line 4 differs from the code the report ran on');
    expect(r.git('status', '--porcelain', '--untracked-files=all')).toBe(before);
  });

  it('refuses a report naming a file outside the project or none of the control inputs, and a non-command control', async () => {
    const r = parseSize();
    const doc = JSON.parse(read(r, STRYKER)) as { files: Record<string, unknown> };
    doc.files = { '../elsewhere.js': doc.files['index.js'] };
    writeFileSync(join(r.dir, 'forged.json'), JSON.stringify(doc));
    const forged = await r.run([
      'efficacy',
      '--control',
      'node-test',
      '--from-report',
      'forged.json',
    ]);
    expect(forged.code).toBe(2);
    expect(forged.err).toContain('is not inside the project');
    const docs = await r.run(['efficacy', '--control', 'docs', '--from-report', STRYKER]);
    expect(docs.code).toBe(2);
    expect(docs.err).toContain(`${STRYKER} mutated none of docs's input files`);
    const file = await r.run(['efficacy', '--control', 'manifest', '--from-report', STRYKER]);
    expect(file.code).toBe(2);
    expect(file.err).toContain('cannot take a mutation report');
  });
});

describe('efficacy --from-report: a cargo-mutants outcomes.json', () => {
  it('imports with caught, missed, timeout and unviable counts, bound by the per-mutant diffs', async () => {
    const r = scorecard();
    const run = await r.run([
      'efficacy',
      '--control',
      'cargo-test',
      '--from-report',
      CARGO,
      '--json',
    ]);
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as Imported;
    expect(json.method).toBe('report:cargo-mutants');
    expect(json.results[0]).toMatchObject({
      mutants: 16,
      killed: 14,
      tool: 'cargo-mutants 27.0.0',
      test_command: 'same',
      timeout: 1,
      excluded: 1,
      source: 'imported',
    });
    expect(json.results[0]?.survived).toEqual([
      { file: 'src/lib.rs', line: 52, operator: 'FnValue' },
      { file: 'src/lib.rs', line: 52, operator: 'FnValue' },
    ]);
    expect(run.code).toBe(1);
  });

  it('refuses the outcomes when a mutated source changed, or when the diffs are gone', async () => {
    const r = scorecard();
    r.write('src/lib.rs', read(r, 'src/lib.rs').replace('i += 1;', 'i = i + 1;'));
    const edited = await r.run(['efficacy', '--control', 'cargo-test', '--from-report', CARGO]);
    expect(edited.code).toBe(2);
    expect(edited.err).toContain('was made on other code than the working tree');
    expect(edited.err).toMatch(
      /src\/lib\.rs \(diff\/src__lib\.rs_line_34_col_15\.diff\): line 34 differs/,
    );
    const r2 = scorecard();
    rmSync(join(r2.dir, 'mutants.out', 'diff'), { recursive: true });
    const gone = await r2.run(['efficacy', '--control', 'cargo-test', '--from-report', CARGO]);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain('import the whole mutants.out directory');
  });
});
