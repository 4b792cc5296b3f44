// Splits a one-line command into argv the way a POSIX shell would, but only when no shell feature
// is needed; otherwise says why (a control never runs through a shell string).

export type ShellWords = { ok: true; argv: string[] } | { ok: false; reason: string };

const OUTSIDE_QUOTES: Record<string, string> = {
  '|': 'a pipe',
  '&': 'background or && chaining',
  ';': 'command chaining',
  '<': 'redirection',
  '>': 'redirection',
  '(': 'a subshell',
  ')': 'a subshell',
  $: 'variable or command expansion',
  '`': 'command substitution',
  '\\': 'a backslash escape',
  '*': 'glob expansion',
  '?': 'glob expansion',
  '[': 'glob expansion',
  '{': 'brace expansion',
  '~': 'tilde expansion',
  '#': 'a comment',
};

export function splitShellWords(text: string): ShellWords {
  const line = text.trim();
  if (line === '') return { ok: false, reason: 'empty command' };
  if (line.includes('\n')) return { ok: false, reason: 'a multi-line script needs a shell' };
  if (line.includes('${{')) return { ok: false, reason: 'uses a CI expression (${{ }})' };
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (const ch of line) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else if (quote === '"' && (ch === '$' || ch === '`' || ch === '\\'))
        return { ok: false, reason: `expansion inside double quotes (${ch})` };
      else word += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === ' ' || ch === '\t') {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
    } else if (OUTSIDE_QUOTES[ch] !== undefined) {
      return { ok: false, reason: `needs a shell: ${OUTSIDE_QUOTES[ch]} (${ch})` };
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== undefined) return { ok: false, reason: 'unbalanced quote' };
  if (inWord) argv.push(word);
  const first = argv[0] ?? '';
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first))
    return { ok: false, reason: 'sets environment variables inline (needs a shell)' };
  const builtin = ['cd', 'export', 'source', '.', 'set', 'eval', 'exec', 'if', 'for', 'while'];
  if (builtin.includes(first)) return { ok: false, reason: `"${first}" is a shell builtin` };
  return { ok: true, argv };
}
