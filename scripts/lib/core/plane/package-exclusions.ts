// Keeps proofgate's own directories (the plane, the installed skill) out of the packages a project
// publishes: npm (.npmignore, or `files`), Python sdists (setuptools MANIFEST.in, hatchling, flit,
// pdm-backend) and Rust crates (Cargo.toml `exclude`). Pure: the caller reads the files and writes
// what this plans. An edit that cannot be made safely is refused with the exact lines to add.
import { parse as parseToml } from 'smol-toml';
import { ensureTomlArrayEntry } from './toml-array-entry.ts';

/** The packaging files at the repository root, as text (undefined when absent). */
export interface PackagingFiles {
  'package.json'?: string;
  '.npmignore'?: string;
  '.gitignore'?: string;
  'pyproject.toml'?: string;
  'setup.py'?: string;
  'setup.cfg'?: string;
  'MANIFEST.in'?: string;
  'Cargo.toml'?: string;
}

export type PackagingFile = keyof PackagingFiles;

export type ExclusionStep =
  /** Write `text` to `file` (created or replaced). */
  | { kind: 'write'; file: PackagingFile; text: string; why: string }
  /** Not safe to edit: the owner adds `lines` to `file` by hand. */
  | { kind: 'refuse'; file: PackagingFile; lines: string[]; why: string }
  /** Nothing to do, and why (the file already excludes it, or the package cannot hold it). */
  | { kind: 'ok'; file: PackagingFile; why: string };

/** `dirs`: repository-relative directories, without a trailing slash (`.proofgate`). */
export function planPackageExclusions(
  files: PackagingFiles,
  dirs: readonly string[],
): ExclusionStep[] {
  return [...planNpm(files, dirs), ...planPython(files, dirs), ...planCargo(files, dirs)];
}

const HEADER = '# proofgate: its own files are not part of the package';

/** A broad pattern that would pack everything, proofgate's directories included. */
const BROAD = new Set(['*', '**', '**/*', '.', './', '/', '.*', '/*', '/**']);

function clean(entry: string): string {
  return entry.replace(/^\.\//, '').replace(/^\//, '').replace(/\/+$/, '');
}

function covers(entry: string, dir: string): boolean {
  const e = clean(entry);
  return BROAD.has(entry.trim()) || e === dir || dir.startsWith(`${e}/`) || e.startsWith(`${dir}/`);
}

function hasLine(text: string, dir: string): boolean {
  return text.split('\n').some((line) => clean(line.trim()) === dir);
}

function planNpm(files: PackagingFiles, dirs: readonly string[]): ExclusionStep[] {
  const text = files['package.json'];
  if (text === undefined) return [];
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [{ kind: 'ok', file: 'package.json', why: 'not valid JSON: npm cannot pack it' }];
  }
  if (pkg['private'] === true)
    return [{ kind: 'ok', file: 'package.json', why: '"private": true: npm never publishes it' }];
  const listed = pkg['files'];
  if (Array.isArray(listed)) {
    const hits = listed.filter(
      (e): e is string =>
        typeof e === 'string' && !e.startsWith('!') && dirs.some((d) => covers(e, d)),
    );
    if (hits.length === 0)
      return [
        {
          kind: 'ok',
          file: 'package.json',
          why: '"files" lists what npm packs; proofgate is not in it',
        },
      ];
    return [
      {
        kind: 'refuse',
        file: 'package.json',
        lines: dirs.map((d) => `"!${d}/"`),
        why: `"files" lists ${hits.map((h) => JSON.stringify(h)).join(', ')}, which packs proofgate's files: add these entries to "files" after it`,
      },
    ];
  }
  const ignore = files['.npmignore'];
  const wanted = dirs.map((d) => `${d}/`);
  if (ignore !== undefined) {
    const missing = wanted.filter((w) => !hasLine(ignore, clean(w)));
    if (missing.length === 0)
      return [{ kind: 'ok', file: '.npmignore', why: 'already excludes it' }];
    const lead = ignore === '' || ignore.endsWith('\n') ? '' : '\n';
    return [
      {
        kind: 'write',
        file: '.npmignore',
        text: `${ignore}${lead}${HEADER}\n${missing.join('\n')}\n`,
        why: `npm pack leaves out ${missing.join(', ')}`,
      },
    ];
  }
  // Once .npmignore exists npm stops reading .gitignore for packing: its lines come along, so the
  // package holds what it held before, less proofgate's files.
  const git = files['.gitignore'];
  const copied =
    git === undefined || git.trim() === ''
      ? ''
      : `# the lines of .gitignore (npm reads .npmignore instead of it once this file exists)\n${git}${git.endsWith('\n') ? '' : '\n'}`;
  return [
    {
      kind: 'write',
      file: '.npmignore',
      text: `${copied}${HEADER}\n${wanted.join('\n')}\n`,
      why: `created: npm pack leaves out ${wanted.join(', ')}${copied === '' ? '' : '; the .gitignore lines are copied in'}${git !== undefined && hasLine(git, '.npmignore') ? '; .gitignore ignores .npmignore: commit it with git add -f .npmignore, or a fresh clone packs the plane' : ''}`,
    },
  ];
}

type Backend = 'setuptools' | 'hatchling' | 'flit' | 'pdm' | 'poetry' | 'other' | 'none';

function backendOf(files: PackagingFiles): { backend: Backend; name?: string } {
  const text = files['pyproject.toml'];
  const legacy = files['setup.py'] !== undefined || files['setup.cfg'] !== undefined;
  if (text === undefined) return { backend: legacy ? 'setuptools' : 'none' };
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text);
  } catch {
    return { backend: 'other', name: '(pyproject.toml is not valid TOML)' };
  }
  const system = doc['build-system'] as Record<string, unknown> | undefined;
  const name = typeof system?.['build-backend'] === 'string' ? system['build-backend'] : undefined;
  // without a build-backend, pip and build use setuptools' legacy backend
  if (name === undefined)
    return {
      backend: system === undefined && !legacy && !('project' in doc) ? 'none' : 'setuptools',
    };
  if (name.startsWith('setuptools')) return { backend: 'setuptools', name };
  if (name.startsWith('hatchling')) return { backend: 'hatchling', name };
  if (name.startsWith('flit_core')) return { backend: 'flit', name };
  if (name.startsWith('pdm.backend')) return { backend: 'pdm', name };
  if (name.startsWith('poetry')) return { backend: 'poetry', name };
  return { backend: 'other', name };
}

/** Where each TOML-configured backend takes the sdist's excluded paths. */
const SDIST_EXCLUDE: Record<'hatchling' | 'flit' | 'pdm', { table: string[]; key: string }> = {
  hatchling: { table: ['tool', 'hatch', 'build', 'targets', 'sdist'], key: 'exclude' },
  flit: { table: ['tool', 'flit', 'sdist'], key: 'exclude' },
  pdm: { table: ['tool', 'pdm', 'build'], key: 'excludes' },
};

function planPython(files: PackagingFiles, dirs: readonly string[]): ExclusionStep[] {
  const { backend, name } = backendOf(files);
  if (backend === 'none') return [];
  if (backend === 'setuptools') {
    const manifest = files['MANIFEST.in'] ?? '';
    const missing = dirs.filter(
      (d) =>
        !manifest
          .split('\n')
          .some((l) => /^\s*prune\s+/.test(l) && clean(l.trim().split(/\s+/)[1] ?? '') === d),
    );
    if (missing.length === 0)
      return [{ kind: 'ok', file: 'MANIFEST.in', why: 'already prunes it' }];
    const lead = manifest === '' || manifest.endsWith('\n') ? '' : '\n';
    return [
      {
        kind: 'write',
        file: 'MANIFEST.in',
        text: `${manifest}${lead}${HEADER}\n${missing.map((d) => `prune ${d}`).join('\n')}\n`,
        why: `${files['MANIFEST.in'] === undefined ? 'created: ' : ''}the setuptools sdist prunes ${missing.join(', ')}`,
      },
    ];
  }
  if (backend === 'poetry')
    return [
      {
        kind: 'ok',
        file: 'pyproject.toml',
        why: "poetry's sdist holds only the packages and files it declares",
      },
    ];
  if (backend === 'other')
    return [
      {
        kind: 'ok',
        file: 'pyproject.toml',
        why: `build backend ${name ?? ''} not known to proofgate: check its sdist yourself`,
      },
    ];
  const { table, key } = SDIST_EXCLUDE[backend];
  return editToml(files, 'pyproject.toml', table, key, dirs, `the ${backend} sdist excludes`);
}

function editToml(
  files: PackagingFiles,
  file: 'pyproject.toml' | 'Cargo.toml',
  table: string[],
  key: string,
  values: readonly string[],
  what: string,
): ExclusionStep[] {
  let text = files[file] ?? '';
  const added: string[] = [];
  for (const value of values) {
    const edit = ensureTomlArrayEntry(text, table, key, value);
    if (edit.kind === 'unsafe') return [{ kind: 'refuse', file, lines: edit.lines, why: edit.why }];
    if (edit.kind === 'edited') {
      text = edit.text;
      added.push(value);
    }
  }
  if (added.length === 0)
    return [{ kind: 'ok', file, why: `${table.join('.')}.${key} already excludes it` }];
  return [
    { kind: 'write', file, text, why: `${what} ${added.join(', ')} (${table.join('.')}.${key})` },
  ];
}

function planCargo(files: PackagingFiles, dirs: readonly string[]): ExclusionStep[] {
  const text = files['Cargo.toml'];
  if (text === undefined) return [];
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text);
  } catch {
    return [{ kind: 'ok', file: 'Cargo.toml', why: 'not valid TOML: cargo cannot package it' }];
  }
  const pkg = doc['package'] as Record<string, unknown> | undefined;
  if (pkg === undefined)
    return [
      {
        kind: 'ok',
        file: 'Cargo.toml',
        why: 'a workspace without [package]: nothing is packaged from the root',
      },
    ];
  if (pkg['publish'] === false) return [{ kind: 'ok', file: 'Cargo.toml', why: 'publish = false' }];
  const include = pkg['include'];
  if (Array.isArray(include)) {
    // cargo ignores `exclude` when `include` is set: only an include that reaches proofgate matters
    const hits = include.filter(
      (e): e is string => typeof e === 'string' && dirs.some((d) => covers(e, d)),
    );
    if (hits.length === 0)
      return [
        {
          kind: 'ok',
          file: 'Cargo.toml',
          why: '[package] include lists what cargo packs; proofgate is not in it',
        },
      ];
    return [
      {
        kind: 'refuse',
        file: 'Cargo.toml',
        lines: dirs.map((d) => `"!${d}/"`),
        why: `[package] include lists ${hits.map((h) => JSON.stringify(h)).join(', ')}, which packs proofgate's files, and cargo ignores exclude beside include: narrow include, or add these negated entries to it`,
      },
    ];
  }
  return editToml(
    files,
    'Cargo.toml',
    ['package'],
    'exclude',
    dirs.map((d) => `${d}/`),
    'cargo package excludes',
  );
}
