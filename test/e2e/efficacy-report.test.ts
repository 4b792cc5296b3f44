// efficacy --from-report on real reports (test/fixtures/efficacy-real, each with its SOURCE.md): a
// Stryker mutation-testing-report-schema JSON and a cargo-mutants outcomes.json import as
// `imported` evidence bound to the code they ran on; a report of other code is refused, and a
// tool that ran another test command than the control's is labelled so.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, type GateRepo } from '../helpers/gate-repo.ts';
import { realFixture } from '../helpers/real-fixture.ts';

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

function minimist(): GateRepo {
  const r = makeGateRepo(
    [
      {
        id: 'tape',
        execution: '{ type: command, argv: [node, node_modules/tape/bin/tape, test/num.js] }',
      },
      { id: 'npm-test', execution: '{ type: command, argv: [npm, test] }' },
      { id: 'docs', execution: '{ type: command, argv: [npm, run, docs] }', inputs: ['docs/**'] },
      { id: 'license', execution: '{ type: file, path: LICENSE, condition: exists }' },
    ],
    { files: realFixture('stryker-minimist') },
  );
  repos.push(r);
  return r;
}

function wincounter(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'cargo-test', execution: '{ type: command, argv: [cargo, test] }' }],
    {
      files: realFixture('wincounter'),
    },
  );
  repos.push(r);
  return r;
}

describe('efficacy --from-report: a Stryker report (mutation-testing-report-schema)', () => {
  it('imports as imported evidence with its counts and survivors, labelled with the same test command', async () => {
    const r = minimist();
    const run = await r.run(['efficacy', '--control', 'tape', '--from-report', STRYKER, '--json']);
    expect(run.err).toBe('');
    expect(run.code).toBe(1); // survivors
    const json = JSON.parse(run.out) as Imported;
    expect(json.method).toBe('report:mutation-testing');
    const [result] = json.results;
    expect(result).toMatchObject({
      control: 'tape',
      mutants: 75,
      killed: 28,
      source: 'imported',
      tool: 'StrykerJS 9.6.1',
      test_command: 'same',
      timeout: 0,
      excluded: 0,
    });
    expect(result?.survived).toHaveLength(47);
    expect(result?.survived[0]).toEqual({ file: 'index.js', line: 3, operator: 'BlockStatement' });
    expect(result?.entry).toMatch(/^[0-9a-f]{64}$/);
    const human = await r.run(['efficacy', '--control', 'tape', '--from-report', STRYKER]);
    expect(human.out).toContain('imported from StrykerJS 9.6.1');
    expect(human.out).toContain('proofgate did not run these mutants');
    const status = await r.run(['status']);
    expect(status.out).not.toMatch(/efficacy: .*tape unproven/);
  });

  it('labels a report whose tool ran another test command than the control', async () => {
    const r = minimist();
    const run = await r.run(['efficacy', '--control', 'npm-test', '--from-report', STRYKER]);
    expect(run.out).toContain(
      'another test command: the tool ran node node_modules/tape/bin/tape test/num.js, not this control',
    );
    const json = JSON.parse(
      (await r.run(['efficacy', '--control', 'npm-test', '--from-report', STRYKER, '--json'])).out,
    ) as Imported;
    expect(json.results[0]?.test_command).toBe('other');
  });

  it('refuses the report once the code it ran on is edited (one changed line), and writes nothing', async () => {
    const r = minimist();
    const index = read(r, 'index.js').replace('var o = obj;', 'var o = obj || {};');
    r.write('index.js', index);
    const before = r.git('status', '--porcelain', '--untracked-files=all');
    const run = await r.run(['efficacy', '--control', 'tape', '--from-report', STRYKER]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${STRYKER} was made on other code than the working tree`);
    expect(run.err).toContain('index.js: line 4 differs from the code the report ran on');
    expect(r.git('status', '--porcelain', '--untracked-files=all')).toBe(before);
  });

  it('refuses a report naming a file outside the project or none of the control inputs, and a non-command control', async () => {
    const r = minimist();
    const doc = JSON.parse(read(r, STRYKER)) as { files: Record<string, unknown> };
    doc.files = { '../elsewhere.js': doc.files['index.js'] };
    writeFileSync(join(r.dir, 'forged.json'), JSON.stringify(doc));
    const forged = await r.run(['efficacy', '--control', 'tape', '--from-report', 'forged.json']);
    expect(forged.code).toBe(2);
    expect(forged.err).toContain('is not inside the project');
    const docs = await r.run(['efficacy', '--control', 'docs', '--from-report', STRYKER]);
    expect(docs.code).toBe(2);
    expect(docs.err).toContain(`${STRYKER} mutated none of docs's input files`);
    const file = await r.run(['efficacy', '--control', 'license', '--from-report', STRYKER]);
    expect(file.code).toBe(2);
    expect(file.err).toContain('cannot take a mutation report');
  });
});

describe('efficacy --from-report: a cargo-mutants outcomes.json', () => {
  it('imports with caught, missed, timeout and unviable counts, bound by the per-mutant diffs', async () => {
    const r = wincounter();
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
      mutants: 160,
      killed: 132,
      tool: 'cargo-mutants 27.0.0',
      test_command: 'same',
      timeout: 0,
      excluded: 13,
      source: 'imported',
    });
    expect(json.results[0]?.survived).toHaveLength(28);
    expect(run.code).toBe(1);
  });

  it('refuses the outcomes when a mutated source changed, or when the diffs are gone', async () => {
    const r = wincounter();
    r.write(
      'src/lib.rs',
      read(r, 'src/lib.rs').replace('self.count_ones() > 1', 'self.count_ones() >= 2'),
    );
    const edited = await r.run(['efficacy', '--control', 'cargo-test', '--from-report', CARGO]);
    expect(edited.code).toBe(2);
    expect(edited.err).toContain('was made on other code than the working tree');
    expect(edited.err).toMatch(
      /src\/lib\.rs \(diff\/src__lib\.rs_line_147_col_27\.diff\): line 147 differs/,
    );
    const r2 = wincounter();
    rmSync(join(r2.dir, 'mutants.out', 'diff'), { recursive: true });
    const gone = await r2.run(['efficacy', '--control', 'cargo-test', '--from-report', CARGO]);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain('import the whole mutants.out directory');
  });
});
