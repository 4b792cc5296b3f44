// The filter drivers the repository's own configuration defines, turned off on every git call
// (run-git.ts): a clean filter decides what `git add` stores and what `git status` compares, so
// one set in `.git/config` could serve git the committed content while the file on disk holds
// something else. With the driver's clean, smudge and process commands empty (and required false)
// git reads and writes the bytes as they are (references/bindings.md "The bytes on disk").
// Read from the files (no git process): the repository's `config`, the worktree's
// `config.worktree`, and every file they include (`include.path`, `includeIf.*.path`, whatever the
// condition: turning off a driver that would not apply costs nothing).
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const SECTION = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]\s*(.*)$/;
const PATH_KEY = /^\s*path\s*=\s*(.*?)\s*$/i;

// A config value as git reads it: surrounding quotes dropped, `\"` and `\\` unescaped.
function unquote(value: string): string {
  const trimmed = value.replace(/\s[;#].*$/, '').trim();
  const inner =
    trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
      ? trimmed.slice(1, -1)
      : trimmed;
  return inner.replace(/\\(["\\])/g, '$1');
}

function includedPath(raw: string, from: string): string {
  const path = unquote(raw);
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return isAbsolute(path) ? path : resolve(dirname(from), path);
}

// The driver names defined in `file` and the files it includes (at most 10 deep, as git).
function driversIn(file: string, found: Set<string>, depth: number): void {
  if (depth > 10) return;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  let section = '';
  for (const line of text.split('\n')) {
    const header = SECTION.exec(line);
    if (header !== null) {
      const name = (header[1] ?? '').toLowerCase();
      // `[filter "x"]`, or the old `[filter.x]` form.
      if (name === 'filter' && header[2] !== undefined) found.add(header[2]);
      else if (name.startsWith('filter.')) found.add(name.slice('filter.'.length));
      section = name === 'include' || name === 'includeif' ? 'include' : name;
      const rest = header[3] ?? '';
      const inline = PATH_KEY.exec(rest);
      if (section === 'include' && inline?.[1] !== undefined)
        driversIn(includedPath(inline[1], file), found, depth + 1);
      continue;
    }
    const path = section === 'include' ? PATH_KEY.exec(line) : null;
    if (path?.[1] !== undefined) driversIn(includedPath(path[1], file), found, depth + 1);
  }
}

/** The filter drivers the repository's configuration files define (`git dir`, `common dir`). */
export function repositoryFilterDrivers(gitDir: string, commonDir: string): string[] {
  const found = new Set<string>();
  driversIn(join(commonDir, 'config'), found, 0);
  driversIn(join(gitDir, 'config.worktree'), found, 0);
  return [...found].sort();
}

/**
 * The `-c` settings that turn `drivers` off; a name git's `-c` could not carry (an `=` in it, or
 * a line break) is returned as `unsafe` instead, so the call is refused rather than filtered.
 */
export function filterOffSettings(drivers: readonly string[]): {
  settings: string[];
  unsafe?: string;
} {
  const unsafe = drivers.find((name) => /[=\n\r]/.test(name) || name === '');
  if (unsafe !== undefined) return { settings: [], unsafe };
  const settings = drivers.flatMap((name) => [
    `filter.${name}.clean=`,
    `filter.${name}.smudge=`,
    `filter.${name}.process=`,
    `filter.${name}.required=false`,
  ]);
  return { settings };
}
