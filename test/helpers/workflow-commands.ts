// Reading the GitHub Actions workflows shipped in templates/github/: every `npx proofgate …` line
// of a `run:` script tokenised like a shell would, and judged against the verb table and each
// command's own declarations.
import { choicesOf, commandOf, isKnownFlag } from './verb-options.ts';

export interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
  'continue-on-error'?: boolean;
}
export interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
export interface Workflow {
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
  const command = await commandOf(args);
  if (typeof command === 'string') return [command];
  const { spelling, verb, args: rest } = command;
  const problems: string[] = [];
  const actions = choicesOf(verb, 'action');
  const word = rest.find((w) => !w.startsWith('-'));
  if (actions !== undefined && !actions.includes(word ?? '')) {
    problems.push(`${spelling}: unknown action ${word ?? '(none)'}`);
  }
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith('--')) continue;
    const [flag = '', inline] = token.slice(2).split('=', 2);
    if (!isKnownFlag(verb, flag)) {
      problems.push(`${spelling}: unknown flag --${flag}`);
      continue;
    }
    const value = inline ?? rest[i + 1];
    const choices = choicesOf(verb, flag);
    const literal = value !== undefined && !value.startsWith('--') && !value.includes('$');
    if (choices !== undefined && literal && !choices.includes(value)) {
      problems.push(`${spelling}: --${flag} ${value} is not one of ${choices.join(', ')}`);
    }
  }
  return problems;
}
