// Makefile targets and justfile recipes → candidates (`make:<target>`, `just:<recipe>`).
import { classifyAuthorization } from './authorization.ts';
import type { Candidate, NotAdoptable } from './types.ts';

export const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'] as const;
export const JUSTFILES = ['justfile', 'Justfile', '.justfile'] as const;

// Targets that never judge the code: usage text, cleaning up, and the alias `make` runs with no
// target. They are listed under the stack but never offered as candidates.
const PADDING =
  /^(help|usage|list|default|clean|distclean|realclean|mrproper|clobber|maintainer-clean|clean[-_][\w.-]+|help[-_][\w.-]+)$/i;

/** True for a make target or just recipe that is housekeeping, not a check. */
export function isPaddingTarget(name: string): boolean {
  return PADDING.test(name);
}

interface Target {
  name: string;
  line: number;
  body: string[];
  params: string;
}

/** Rule headers at column 0 (`name ...:`) and the tab- or space-indented lines under them. */
function readTargets(text: string, header: RegExp): Target[] {
  const targets: Target[] = [];
  let current: Target[] = [];
  text.split('\n').forEach((raw, index) => {
    if (/^[\t ]/.test(raw)) {
      if (raw.trim() !== '') for (const t of current) t.body.push(raw.trim());
      return;
    }
    const match = header.exec(raw);
    current = [];
    if (match === null) return;
    for (const name of (match[1] ?? '').trim().split(/\s+/)) {
      const target = { name, line: index + 1, body: [], params: match[2] ?? '' };
      targets.push(target);
      current.push(target);
    }
  });
  return targets;
}

export function findMakeCandidates(file: string, text: string): Candidate[] {
  const seen = new Set<string>();
  return readTargets(text, /^([A-Za-z0-9][A-Za-z0-9_./ -]*?)\s*::?(?!=)(.*)$/)
    .filter((t) => !/[%$]/.test(t.name) && !seen.has(t.name) && (seen.add(t.name), true))
    .map((t) => ({
      id: `make:${t.name}`,
      argv: ['make', t.name],
      where: `${file}:${t.line}`,
      body: t.body.join('\n'),
      authorization: classifyAuthorization([`make ${t.name}`, ...t.body]),
    }));
}

const JUST_KEYWORDS = new Set(['set', 'alias', 'export', 'import', 'mod']);

export function findJustCandidates(
  file: string,
  text: string,
): { candidates: Candidate[]; notAdoptable: NotAdoptable[] } {
  const recipes = readTargets(text, /^@?([A-Za-z0-9_-]+)(\s[^:]*)?:(?!=)/).filter(
    (t) => !JUST_KEYWORDS.has(t.name),
  );
  const candidates: Candidate[] = [];
  const notAdoptable: NotAdoptable[] = [];
  for (const t of recipes) {
    const required = t.params
      .trim()
      .split(/\s+/)
      .filter((p) => p !== '' && !p.includes('=') && !p.startsWith('*') && !p.startsWith('$'));
    const where = `${file}:${t.line}`;
    if (required.length > 0) {
      notAdoptable.push({
        id: `just:${t.name}`,
        where,
        text: `just ${t.name}`,
        reason: `the recipe needs arguments: ${required.join(' ')}`,
      });
      continue;
    }
    candidates.push({
      id: `just:${t.name}`,
      argv: ['just', t.name],
      where,
      body: t.body.join('\n'),
      authorization: classifyAuthorization([`just ${t.name}`, ...t.body]),
    });
  }
  return { candidates, notAdoptable };
}
