// The plane's rendered pages (INDEX.md, docs/) are derived files whose exact bytes `render --check`
// compares, so a project's `prettier --check .` must not judge them. When the repository uses
// prettier, init lists them in .prettierignore (appending; the owner's lines are kept).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** Lists the plane's rendered pages in .prettierignore when prettier is in use; the file changed or undefined. */
export function ignoreRenderedPages(root: string, planeDir: string): string | undefined {
  if (!usesPrettier(root)) return undefined;
  const file = join(root, '.prettierignore');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const have = new Set(existing.split('\n').map((line) => line.trim()));
  const wanted = [`${planeDir}/INDEX.md`, `${planeDir}/docs/`].filter((line) => !have.has(line));
  if (wanted.length === 0) return undefined;
  const lead = existing === '' || existing.endsWith('\n') ? '' : '\n';
  appendFileSync(
    file,
    `${lead}# proofgate: rendered from the control plane (proofgate render --check)\n${wanted.join('\n')}\n`,
  );
  return '.prettierignore';
}
