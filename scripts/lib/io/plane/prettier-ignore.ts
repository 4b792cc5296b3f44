// The plane's rendered pages (INDEX.md, docs/) are derived files whose exact bytes `render --check`
// compares, and the installed skill folders are byte copies of proofgate's own pages (the subject
// binding leaves them out only while they are), so a project's `prettier --check .` must not
// judge or rewrite either. When the repository uses prettier, init and skill install list them in
// .prettierignore (appending; the owner's lines are kept).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKILL_DIRS } from '../../core/skill/plan-skill-install.ts';

const CONFIG_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.toml',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  '.prettierignore',
];

function usesPrettier(root: string): boolean {
  if (CONFIG_FILES.some((file) => existsSync(join(root, file)))) return true;
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const dev = (pkg['devDependencies'] ?? {}) as Record<string, unknown>;
    return 'prettier' in pkg || 'prettier' in dev;
  } catch {
    return false;
  }
}

/** The installed skill folders (core/skill/plan-skill-install.ts SKILL_DIRS), as ignore lines. */
const SKILL_LINES = Object.values(SKILL_DIRS).map((dir) => `${dir}/`);

// Appends the lines of `wanted` the file lacks, under `comment`; true when something was added.
function appendMissing(root: string, comment: string, wanted: readonly string[]): boolean {
  const file = join(root, '.prettierignore');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const have = new Set(existing.split('\n').map((line) => line.trim()));
  const missing = wanted.filter((line) => !have.has(line));
  if (missing.length === 0) return false;
  const lead = existing === '' || existing.endsWith('\n') ? '' : '\n';
  appendFileSync(file, `${lead}# proofgate: ${comment}\n${missing.join('\n')}\n`);
  return true;
}

/**
 * Lists the plane's rendered pages and the skill folders in .prettierignore when prettier is in
 * use; the file changed or undefined.
 */
export function ignoreRenderedPages(root: string, planeDir: string): string | undefined {
  if (!usesPrettier(root)) return undefined;
  const pages = appendMissing(
    root,
    'rendered from the control plane (proofgate init --render --check)',
    [`${planeDir}/INDEX.md`, `${planeDir}/docs/`],
  );
  const skill = ignoreSkillFolders(root) !== undefined;
  return pages || skill ? '.prettierignore' : undefined;
}

/** Lists the installed skill folders in .prettierignore when prettier is in use. */
export function ignoreSkillFolders(root: string): string | undefined {
  if (!usesPrettier(root)) return undefined;
  const added = appendMissing(root, "the installed skill (proofgate's own pages)", SKILL_LINES);
  return added ? '.prettierignore' : undefined;
}
