// The GitHub Actions workflow shipped in the package (templates/github/proofgate.yml) is parsed as
// YAML; every `proofgate …` command in its `run:` steps is tokenised like a shell would, and each
// verb, action, --flag and choice value must exist in that verb's own yargs parser. Then the
// properties the workflow promises: least permissions, full history, a maintained Node LTS, a
// status summary that cannot turn red, the claim judged by the base policy, and SARIF upload.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { choicesOf, isKnownFlag, optionsOf, VERB_NAMES } from '../helpers/verb-options.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOW = 'templates/github/proofgate.yml';
const text = readFileSync(join(ROOT, WORKFLOW), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
  'continue-on-error'?: boolean;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const OPERATORS = new Set(['|', '||', '&&', ';', '>', '>>', '<', '&', '2>', '2>&1']);

/** Shell words of one command line: quotes removed, operators as their own tokens. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end === -1 ? undefined : end);
      inWord = true;
      i = end === -1 ? line.length : end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < line.length && line[j] !== '"') {
        if (line[j] === '\\' && j + 1 < line.length) j++;
        word += line[j];
        j++;
      }
      inWord = true;
      i = j;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if ('|&;<>'.includes(c)) {
      if (inWord) words.push(word);
      let op = c;
      while (i + 1 < line.length && '|&>'.includes(line[i + 1]!) && op.length < 2) op += line[++i];
      words.push(op);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Every `npx [npx flags] proofgate <args>` in a run script, args cut at a shell operator. */
export function proofgateCommands(script: string): string[][] {
  const lines = script.replace(/\\\n/g, ' ').split('\n');
  const commands: string[][] = [];
  for (const line of lines) {
    const words = shellWords(line.replace(/\s#.*$/, ''));
    words.forEach((w, i) => {
      if (w !== 'proofgate') return;
      const before = words.slice(0, i);
      const npx = before.lastIndexOf('npx');
      if (npx === -1 || !before.slice(npx + 1).every((b) => b.startsWith('--'))) return;
      const rest = words.slice(i + 1);
      const end = rest.findIndex((r) => OPERATORS.has(r));
      commands.push(end === -1 ? rest : rest.slice(0, end));
    });
  }
  return commands;
}

/** Problems with one tokenised command: unknown verb, action, flag or choice value. */
export async function commandProblems(args: readonly string[]): Promise<string[]> {
  const [verb, ...rest] = args;
  if (verb === undefined || !VERB_NAMES.has(verb)) return [`unknown verb ${verb ?? '(none)'}`];
  const problems: string[] = [];
  const actions = await choicesOf(verb, 'action');
  if (actions !== undefined && !actions.includes(rest[0] ?? '')) {
    problems.push(`${verb}: unknown action ${rest[0] ?? '(none)'}`);
  }
  const options = await optionsOf(verb);
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith('--')) continue;
    const [flag = '', inline] = token.slice(2).split('=', 2);
    if (!isKnownFlag(options, flag)) {
      problems.push(`${verb}: unknown flag --${flag}`);
      continue;
    }
    const value = inline ?? rest[i + 1];
    const choices = await choicesOf(verb, flag);
    const literal = value !== undefined && !value.startsWith('--') && !value.includes('$');
    if (choices !== undefined && literal && !choices.includes(value)) {
      problems.push(`${verb}: --${flag} ${value} is not one of ${choices.join(', ')}`);
    }
  }
  return problems;
}

const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.flatMap((s) => (s.run === undefined ? [] : [s.run]));
const commands = runs.flatMap(proofgateCommands);

describe(`${WORKFLOW}: every proofgate command exists with its flags`, () => {
  test('the workflow runs the gate commands it promises', () => {
    const shown = commands.map((c) => c.slice(0, 2).join(' '));
    expect(shown).toEqual(
      expect.arrayContaining([
        'verify --base',
        'status --markdown',
        'claim --scope',
        'trace check',
      ]),
    );
  });

  test.each(commands.map((c) => [c.join(' '), c]))('proofgate %s', async (_shown, command) => {
    expect(await commandProblems(command)).toEqual([]);
  });

  test('the checker can fail: a wrong verb, action, flag or choice is reported', async () => {
    const script = [
      'npx proofgate claim --scope everything --nope',
      'npx --no-install proofgate trace chek --pack p.yaml',
      'npx proofgate frobnicate',
      'echo proofgate claim --nope # not run through npx',
    ].join('\n');
    const found = await Promise.all(proofgateCommands(script).map(commandProblems));
    expect(found).toEqual([
      [
        'claim: --scope everything is not one of task, project, release',
        'claim: unknown flag --nope',
      ],
      ['trace: unknown action chek'],
      ['unknown verb frobnicate'],
    ]);
  });

  test('tokens are shell words: quotes removed, cut at redirections and pipes', () => {
    expect(proofgateCommands('npx proofgate status --markdown >> "$GITHUB_STEP_SUMMARY"')).toEqual([
      ['status', '--markdown'],
    ]);
    expect(proofgateCommands(`x && npx proofgate verify --base "$B" || echo 'a b'`)).toEqual([
      ['verify', '--base', '$B'],
    ]);
  });
});

describe(`${WORKFLOW}: what it promises`, () => {
  test('least permissions: read everywhere; security-events: write only where SARIF is uploaded', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const uploads = job.steps.some((s) =>
        s.uses?.startsWith('github/codeql-action/upload-sarif'),
      );
      const writes = Object.entries(job.permissions ?? {}).filter(([, v]) => v === 'write');
      expect([name, writes]).toEqual([name, uploads ? [['security-events', 'write']] : []]);
    }
  });

  test('a maintained Node LTS, full history for --base, npm ci before any proofgate step', () => {
    const nodes = steps.filter((s) => s.uses?.startsWith('actions/setup-node'));
    expect(nodes.length).toBeGreaterThan(0);
    for (const s of nodes) expect([22, 24]).toContain(s.with?.['node-version']);
    const checkouts = steps.filter((s) => s.uses?.startsWith('actions/checkout'));
    for (const s of checkouts) expect(s.with?.['fetch-depth']).toBe(0);
    for (const job of Object.values(workflow.jobs)) {
      const ci = job.steps.findIndex((s) => s.run?.trim() === 'npm ci');
      const first = job.steps.findIndex((s) => proofgateCommands(s.run ?? '').length > 0);
      expect(ci).toBeGreaterThanOrEqual(0);
      expect(ci).toBeLessThan(first);
    }
  });

  test('status --markdown goes to the step summary and cannot turn the job red', () => {
    const step = steps.find((s) => s.run?.includes('status --markdown'))!;
    expect(step.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(step['continue-on-error']).toBe(true);
    expect(step.run).not.toContain('|| true');
  });

  test('the project claim runs against the base, after the base policy replaced the PR one', () => {
    const gate = Object.values(workflow.jobs).find((j) =>
      j.steps.some((s) => s.run?.includes('proofgate claim')),
    )!;
    const claimAt = gate.steps.findIndex((s) => s.run?.includes('proofgate claim'));
    const claim = proofgateCommands(gate.steps[claimAt]!.run!)[0]!;
    expect(claim.join(' ')).toBe('claim --scope project --base $BASE --no-record');
    const policyAt = gate.steps.findIndex((s) =>
      /git checkout "\$BASE" -- \$controls/.test(s.run ?? ''),
    );
    expect(policyAt).toBeGreaterThan(-1);
    expect(policyAt).toBeLessThan(claimAt);
    expect(gate.steps[policyAt]!.run).toMatch(/manifest\.yaml .*registry\.yaml/);
    const verifyAt = gate.steps.findIndex((s) => s.run?.includes('proofgate verify --base'));
    expect(verifyAt).toBeLessThan(claimAt);
  });

  test('trace findings are written as SARIF and uploaded even when the check fails', () => {
    const check = commands.find((c) => c[0] === 'trace')!;
    const sarif = check[check.indexOf('--sarif') + 1];
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    expect(upload.with?.['sarif_file']).toBe(sarif);
    expect(upload.if).toContain('always()');
  });

  test('the package ships the workflow, and the CI page points at it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('templates');
    expect(readFileSync(join(ROOT, 'references', 'ci-integration.md'), 'utf8')).toContain(WORKFLOW);
  });
});
