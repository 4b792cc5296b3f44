// Keeps proofgate's own directories (the plane, the installed skill) out of the packages a project
// publishes: npm (.npmignore, or `files`), Python sdists (setuptools MANIFEST.in, hatchling, flit,
// pdm-backend) and Rust crates (Cargo.toml `exclude`). Pure: the caller reads the files and writes
// what this plans. An edit that cannot be made safely is refused with the exact lines to add.
import { parse as parseToml } from 'smol-toml';
import { HEADER, clean, covers, planNpm } from './package-exclusions-npm.ts';
import {
  excludedPaths,
  ignoreLine,
  type ExcludedPath,
  type ExclusionStep,
  type PackagingFiles,
} from './package-exclusion-step.ts';
import { ensureTomlArrayEntry } from './toml-array-entry.ts';

/**
 * `dirs`: repository-relative directories, without a trailing slash (`.proofgate`); `loose`:
 * single files (an init profile kept inside the project).
 */
export function planPackageExclusions(
  files: PackagingFiles,
  dirs: readonly string[],
  loose: readonly string[] = [],
): ExclusionStep[] {
  const entries = excludedPaths(dirs, loose);
  return [...planNpm(files, entries), ...planPython(files, entries), ...planCargo(files, entries)];
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

/**
 * MANIFEST.in's command for an entry: `prune` a directory, `exclude` a file. The file splits its
 * lines on whitespace, so a space in a path is written as `?` (a glob matching that one character).
 */
const manifestWords = (e: ExcludedPath): [string, string] => [
  e.dir ? 'prune' : 'exclude',
  e.path.replace(/\s/g, '?'),
];
const manifestLine = (e: ExcludedPath): string => manifestWords(e).join(' ');

function planPython(files: PackagingFiles, entries: readonly ExcludedPath[]): ExclusionStep[] {
  const { backend, name } = backendOf(files);
  if (backend === 'none') return [];
  if (backend === 'setuptools') {
    const manifest = files['MANIFEST.in'] ?? '';
    const missing = entries.filter((e) => {
      const [command, path] = manifestWords(e);
      return !manifest.split('\n').some((l) => {
        const words = l.trim().split(/\s+/);
        return words[0] === command && clean(words[1] ?? '') === path;
      });
    });
    if (missing.length === 0)
      return [{ kind: 'ok', file: 'MANIFEST.in', why: 'already prunes it' }];
    const lead = manifest === '' || manifest.endsWith('\n') ? '' : '\n';
    return [
      {
        kind: 'write',
        file: 'MANIFEST.in',
        text: `${manifest}${lead}${HEADER}\n${missing.map(manifestLine).join('\n')}\n`,
        why: `${files['MANIFEST.in'] === undefined ? 'created: ' : ''}the setuptools sdist leaves out ${missing.map((e) => e.path).join(', ')}`,
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
  const values = entries.map((e) => (e.dir || backend !== 'hatchling' ? e.path : `/${e.path}`));
  return editToml(files, 'pyproject.toml', table, key, values, `the ${backend} sdist excludes`);
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

function planCargo(files: PackagingFiles, entries: readonly ExcludedPath[]): ExclusionStep[] {
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
      (e): e is string => typeof e === 'string' && entries.some((d) => covers(e, d.path)),
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
        lines: entries.map((d) => `"!${ignoreLine(d)}"`),
        why: `[package] include lists ${hits.map((h) => JSON.stringify(h)).join(', ')}, which packs proofgate's files, and cargo ignores exclude beside include: narrow include, or add these negated entries to it`,
      },
    ];
  }
  return editToml(
    files,
    'Cargo.toml',
    ['package'],
    'exclude',
    entries.map(ignoreLine),
    'cargo package excludes',
  );
}
