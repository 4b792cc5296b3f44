// The skill's files: read from the package (through packagePath, like every shipped asset) and
// from an installed skill directory, and written there whole (temporary sibling, then rename).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SkillFile } from '../../core/skill/plan-skill-install.ts';
import { packagePath } from '../host/package-root.ts';
import { writeFileAtomic } from '../host/write-file-atomic.ts';

/** SKILL.md, INDEX.md and every file under references/, in a stable order. */
export function readPackageSkillFiles(): SkillFile[] {
  const rels = ['SKILL.md', 'INDEX.md', ...listFiles(packagePath('references'), 'references')];
  return rels.map((rel) => ({ rel, text: readFileSync(packagePath(...rel.split('/')), 'utf8') }));
}

function listFiles(dir: string, prefix: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const rel = `${prefix}/${name}`;
      return statSync(path).isDirectory() ? listFiles(path, rel) : [rel];
    });
}

const NOT_A_FILE = '\u0000 not a regular file';

/** Current text of each rel under the directory; undefined when absent. */
export function readInstalled(
  dir: string,
  rels: readonly string[],
): Map<string, string | undefined> {
  return new Map(
    rels.map((rel) => {
      const path = join(dir, ...rel.split('/'));
      if (!existsSync(path)) return [rel, undefined];
      // A directory where a file belongs is a conflict, never a crash.
      return [rel, statSync(path).isFile() ? readFileSync(path, 'utf8') : NOT_A_FILE];
    }),
  );
}

export function writeSkillFiles(dir: string, files: readonly SkillFile[]): void {
  for (const file of files) {
    const path = join(dir, ...file.rel.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, file.text, path);
  }
}
