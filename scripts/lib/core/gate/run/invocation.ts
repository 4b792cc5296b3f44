// How the reader starts proofgate where they are. The core prints every command it advises as
// `proofgate <verb> …`; the command line rewrites that leading word once, at output, to the
// invocation that works in the reader's shell (references/exit-codes.md).
import { quoteArg } from '../../next/next-command.ts';

export interface InvocationFacts {
  /** node_modules/.bin/proofgate exists in the working directory or one above it. */
  localBin: boolean;
  /** `proofgate` on PATH resolves to this same installation. */
  onPath: boolean;
  /** Absolute path of this installation's bin/proofgate.js. */
  bin: string;
}

/** npx in an npm project that has proofgate installed, bare only when PATH finds this copy. */
export function chooseInvocation(facts: InvocationFacts): string {
  if (facts.localBin) return 'npx proofgate';
  if (facts.onPath) return 'proofgate';
  return `node ${quoteArg(facts.bin)}`;
}

/**
 * `proofgate <verb>` or `proofgate --flag` at the start of a word (not a path, not after npx, nor
 * after npx and its own flags: `npx --no-install proofgate` is already a way to start it, nor
 * after `command`: the hook's `command proofgate` names the PATH's proofgate on purpose); in JSON
 * a line may start after an escaped newline (`\n`).
 */
const COMMAND =
  /(?<=^|[\s`"'(=]|\\n)(?<!npx (?:-[\w-]+ )*)(?<!command )proofgate(?= (?:([a-z][a-z-]*)|--[a-z]))/gm;

/**
 * Every advised command in `text` with its leading `proofgate` replaced by `invocation`. Only
 * known verbs are rewritten, so prose and paths stay as they are. In JSON output the invocation
 * is inserted as a JSON string fragment.
 */
export function rewriteInvocation(
  text: string,
  invocation: string,
  verbs: ReadonlySet<string>,
): string {
  if (invocation === 'proofgate' || !text.includes('proofgate')) return text;
  const json = /^\s*[[{]/.test(text);
  const replacement = json ? JSON.stringify(invocation).slice(1, -1) : invocation;
  return text.replace(COMMAND, (word: string, verb: string | undefined) =>
    verb === undefined || verbs.has(verb) ? replacement : word,
  );
}
