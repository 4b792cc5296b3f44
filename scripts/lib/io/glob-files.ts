// Minimal glob for control inputs (Node 20 has no fs.glob): `**`, `*`, `?`, `{a,b}`, relative to
// a root, POSIX separators, never leaving the root. Returns sorted relative paths of files.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIP_DIRS = new Set(['.git', 'node_modules']);
const MAX_FILES = 100_000;

export function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map((p) => p.replace(/[.+^$()|[\]\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function walk(root: string, dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (out.length >= MAX_FILES) return;
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) walk(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** Files under `root` matching `pattern`; a pattern with `..` or an absolute path matches nothing. */
export function globFiles(root: string, pattern: string): string[] {
  const clean = pattern.replace(/^\.\//, '');
  if (clean.startsWith('/') || clean.split('/').includes('..')) return [];
  const segments = clean.split('/');
  const firstGlob = segments.findIndex((s) => /[*?{]/.test(s));
  if (firstGlob === -1) {
    try {
      return statSync(join(root, clean)).isFile() ? [clean] : [];
    } catch {
      return [];
    }
  }
  const base = segments.slice(0, firstGlob).join('/');
  const files: string[] = [];
  walk(root, base, files);
  const regex = globToRegExp(clean);
  return files.filter((f) => regex.test(f)).sort();
}
