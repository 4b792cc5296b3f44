// The fitness-function registry of `scripts/fitness-runner.sh` → candidates (`fitness:<id>`). The
// registry is the pipe format the peer's scanner reads: one entry a line, `id|title|command`
// (quoted or not, e.g. inside a shell array). The command as written is the candidate's argv;
// one that needs a shell is listed as not adoptable, never rewritten into something that runs.
import { classifyAuthorization } from './authorization.ts';
import { splitShellWords } from './shell-words.ts';
import type { Candidate, NotAdoptable } from './types.ts';

export const FITNESS_RUNNER = 'scripts/fitness-runner.sh';

const ENTRY = /^([A-Za-z][A-Za-z0-9_.-]{0,63})\|([^|]*)\|(.+)$/;

/** The entry text of a line: trimmed, without one pair of quotes around it (a shell array item). */
function unquote(line: string): string {
  const t = line.trim();
  const q = t[0];
  return (q === '"' || q === "'") && t.length > 1 && t.endsWith(q) ? t.slice(1, -1) : t;
}

export function findFitnessCandidates(text: string): {
  candidates: Candidate[];
  notAdoptable: NotAdoptable[];
} {
  const candidates: Candidate[] = [];
  const notAdoptable: NotAdoptable[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const match = ENTRY.exec(unquote(line));
    if (match === null || line.trimStart().startsWith('#')) return;
    const [, name = '', title = '', command = ''] = match;
    const id = `fitness:${name}`;
    const where = `${FITNESS_RUNNER}:${index + 1}`;
    if (seen.has(id)) {
      notAdoptable.push({ id, where, text: command, reason: `a second entry ${name}` });
      return;
    }
    seen.add(id);
    const words = splitShellWords(command);
    if (!words.ok) {
      notAdoptable.push({ id, where, text: command, reason: words.reason });
      return;
    }
    candidates.push({
      id,
      argv: words.argv,
      where,
      body: `${title.trim() || name}: ${command.trim()}`,
      authorization: classifyAuthorization([command]),
    });
  });
  return { candidates, notAdoptable };
}
