// How a command line reaches a verb module: the top-level verbs with their sub-actions (a word
// right after the verb, `authority keys`, or a flag that picks a view, `status --readiness`), and
// the old spellings that still run for one release with one deprecation line on stderr. Pure:
// the entry (scripts/cli.ts) resolves a command line here without loading any verb.
import { splitPassthrough, verbIndex } from './verb-index.ts';

/** A sub-action of a top-level verb, run by a module of its own (which declares its flags). */
export interface SubAction {
  /** `keys`: the word right after the verb; `--readiness`: a flag anywhere on the line. */
  spelling: string;
  /** The module (scripts/<module>.ts) that runs it. */
  module: string;
  /** The module's own words that `<verb> <spelling>` becomes (default: the module's name). */
  as?: readonly string[];
  /** The spelling flag's value moves to this flag of the module: `--hook codex` → `--agent codex`. */
  valueTo?: string;
  /** What the spelling takes, shown in help: `<agent>`. */
  takes?: string;
  describe: string;
}

/** A top-level verb: a row of `proofgate --help`. */
export interface VerbRow {
  name: string;
  describe: string;
  /** The module run when no sub-action is named; none: a sub-action must be named. */
  module?: string;
  subs?: readonly SubAction[];
}

/** An old spelling kept for one release: it runs the module its first word names, as before. */
export interface OldSpelling {
  /** `['keys']`, `['query', 'blockers']` (the next word), `['evaluate', '--claim']` (a flag). */
  spelling: readonly string[];
  /** Matches only when the flag (the last element) is given without a value. */
  bare?: boolean;
  /** The new spelling, as the deprecation line names it. */
  instead: string;
}

export type Resolved =
  | {
      kind: 'module';
      module: string;
      /** The command line the module parses (its own name where the verb was). */
      args: string[];
      /** `proofgate authority keys`: what the user typed, for help text. */
      spelled?: { from: string; to: string };
      /** Set for an old spelling: the line printed on stderr. */
      deprecation?: string;
    }
  | { kind: 'pick-sub'; verb: VerbRow }
  | { kind: 'none' };

/** Index of the first word after `at` that is not a flag (nor a common flag's value). */
function nextWord(head: readonly string[], at: number): number | undefined {
  const i = verbIndex(head.slice(at + 1));
  return i === undefined ? undefined : at + 1 + i;
}

function flagAt(head: readonly string[], at: number, flag: string): number | undefined {
  for (let i = at + 1; i < head.length; i++)
    if (head[i] === flag || head[i]!.startsWith(`${flag}=`)) return i;
  return undefined;
}

function matchesOld(head: readonly string[], at: number, old: OldSpelling): boolean {
  const [first, second] = old.spelling;
  if (head[at] !== first) return false;
  if (second === undefined) return true;
  if (!second.startsWith('--')) {
    const i = nextWord(head, at);
    return i !== undefined && head[i] === second;
  }
  const i = flagAt(head, at, second);
  if (i === undefined) return false;
  if (old.bare !== true) return true;
  const value = head[i]!.includes('=') ? head[i]!.slice(second.length + 1) : head[i + 1];
  return value === undefined || value === '' || value.startsWith('-');
}

/** The deprecation line of an old spelling. */
export function deprecationLine(old: OldSpelling): string {
  const was = `"proofgate ${old.spelling.join(' ')}"${old.bare === true ? ' without a ref' : ''}`;
  return `proofgate: ${was} is deprecated and goes in the next release; use "${old.instead}"`;
}

/** The old spelling `head` uses at `at`, if any. */
function oldSpellingOf(
  head: readonly string[],
  at: number,
  old: readonly OldSpelling[],
): OldSpelling | undefined {
  return old.find((o) => matchesOld(head, at, o));
}

function subArgs(head: readonly string[], at: number, i: number, sub: SubAction): string[] {
  const words = [...head];
  let drop = 1;
  const extra: string[] = [];
  if (sub.valueTo !== undefined) {
    const eq = words[i]!.indexOf('=');
    const value = eq === -1 ? words[i + 1] : words[i]!.slice(eq + 1);
    if (eq === -1 && value !== undefined && !value.startsWith('-')) drop = 2;
    if (value !== undefined && !value.startsWith('-')) extra.push(sub.valueTo, value);
  }
  words.splice(i, drop);
  words.splice(at, 1, ...(sub.as ?? [sub.module]), ...extra);
  return words;
}

/** Which module runs `args`, and the command line it parses. */
export function resolveSpelling(
  args: readonly string[],
  verbs: readonly VerbRow[],
  old: readonly OldSpelling[],
): Resolved {
  const { head, rest } = splitPassthrough(args);
  const tail = rest === undefined ? [] : ['--', ...rest];
  const at = verbIndex(head);
  if (at === undefined) return { kind: 'none' };
  const hit = oldSpellingOf(head, at, old);
  const deprecation = hit === undefined ? {} : { deprecation: deprecationLine(hit) };
  // An old verb or sub-action word runs the module it names, as before; an old flag is a notice.
  if (hit !== undefined && !(hit.spelling[1]?.startsWith('--') ?? false))
    return { kind: 'module', module: head[at]!, args: [...args], ...deprecation };
  const verb = verbs.find((v) => v.name === head[at]);
  if (verb === undefined) return { kind: 'none' };
  for (const sub of verb.subs ?? []) {
    const i = sub.spelling.startsWith('--') ? flagAt(head, at, sub.spelling) : nextWord(head, at);
    if (i === undefined || (!sub.spelling.startsWith('--') && head[i] !== sub.spelling)) continue;
    return {
      kind: 'module',
      module: sub.module,
      args: [...subArgs(head, at, i, sub), ...tail],
      spelled: {
        from: `proofgate ${(sub.as ?? [sub.module]).join(' ')}`,
        to: `proofgate ${verb.name} ${sub.spelling}`,
      },
      ...deprecation,
    };
  }
  if (verb.module !== undefined)
    return { kind: 'module', module: verb.module, args: [...args], ...deprecation };
  return { kind: 'pick-sub', verb };
}
