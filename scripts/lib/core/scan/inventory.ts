// File-name facts: languages, agent instruction files, governance files, test folders, lockfiles.
import { sha256Hex } from '../hash.ts';
import { baseOf } from './line-of.ts';
import type { FileContents, InstructionFile, ScanResult } from './types.ts';
import { projectKinds, type ProjectKind } from './project-kind.ts';
import { isRequirementsFile } from './python.ts';

const LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  c: 'c_cpp',
  h: 'c_cpp',
  cc: 'c_cpp',
  cpp: 'c_cpp',
  hpp: 'c_cpp',
  cxx: 'c_cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  scala: 'scala',
  dart: 'dart',
  ex: 'elixir',
  exs: 'elixir',
  sh: 'shell',
  bash: 'shell',
  lua: 'lua',
  r: 'r',
  zig: 'zig',
};

export function countLanguages(paths: readonly string[]): ScanResult['languages'] {
  const byExtension = new Map<string, number>();
  for (const path of paths) {
    const dot = path.lastIndexOf('.');
    if (dot < 0 || dot < path.lastIndexOf('/')) continue;
    const ext = path.slice(dot + 1);
    byExtension.set(ext, (byExtension.get(ext) ?? 0) + 1);
  }
  const counts = new Map<string, number>();
  for (const [ext, n] of byExtension) {
    const language = LANGUAGES[ext.toLowerCase()];
    if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + n);
  }
  return [...counts]
    .map(([language, files]) => ({ language, files }))
    .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language));
}

/** Repository-level agent instruction files, by path from the root. */
export const ROOT_INSTRUCTION_FILES = [
  'AGENTS.md',
  'AGENTS.override.md',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  'COPILOT.md',
  'CODEX.md',
  '.cursorrules',
  '.windsurfrules',
  '.clinerules',
  '.github/copilot-instructions.md',
] as const;
const ROOT_INSTRUCTIONS = new Set<string>(ROOT_INSTRUCTION_FILES);
const SCOPED_DIRS =
  /^(\.cursor\/rules|\.claude\/rules|\.codex\/rules|\.agents|\.github\/instructions|\.clinerules)\/.+\.(md|mdc)$/;

const SCOPED_NAMES = new Set(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);

export function instructionKind(path: string): InstructionFile['kind'] | undefined {
  if (ROOT_INSTRUCTIONS.has(path)) return 'repository';
  if (path.charCodeAt(0) === 46 /* . */ && SCOPED_DIRS.test(path)) return 'scoped';
  if (path.endsWith('.md') && SCOPED_NAMES.has(baseOf(path))) return 'scoped';
  return undefined;
}

export function findInstructions(
  paths: readonly string[],
  contents: FileContents,
): InstructionFile[] {
  return paths
    .filter((p) => instructionKind(p) !== undefined)
    .sort()
    .flatMap((path) => {
      const text = contents.get(path);
      if (text === undefined) return [];
      const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      return [{ path, kind: instructionKind(path) ?? 'scoped', sha256: sha256Hex(text), lines }];
    });
}

const GOVERNANCE: Record<keyof ScanResult['governance'], RegExp> = {
  license: /^(licen[cs]e|copying)([.-][a-z0-9.]+)?$/i,
  security: /^((\.github|docs)\/)?security\.(md|txt|rst)$/i,
  contributing: /^((\.github|docs)\/)?contributing\.(md|txt|rst)$/i,
  code_of_conduct: /^((\.github|docs)\/)?code_of_conduct\.(md|txt|rst)$/i,
};

export function findGovernance(paths: readonly string[]): ScanResult['governance'] {
  const found: ScanResult['governance'] = {};
  const sorted = [...paths].sort((a, b) => a.length - b.length || a.localeCompare(b));
  for (const key of Object.keys(GOVERNANCE) as (keyof ScanResult['governance'])[]) {
    const hit = sorted.find((p) => GOVERNANCE[key].test(p));
    if (hit !== undefined) found[key] = hit;
  }
  return found;
}

const TEST_DIR = /(?:^|\/)(?:test|tests|__tests__|spec|specs|e2e|testing)\//;
// test_x.py, x_test.go, x.test.ts, and a test script named just test.js / tests.mjs
const TEST_FILE =
  /(^|\/)(test_[^/]+\.py|[^/]+_test\.(py|go)|[^/]+\.(test|spec)\.[cm]?[jt]sx?|tests?\.[cm]?js)$/;

export function findTests(paths: readonly string[]): { dirs: string[]; files: number } {
  const dirs = new Set<string>();
  let files = 0;
  for (const path of paths) {
    const match = TEST_DIR.exec(path);
    if (match !== null) dirs.add(path.slice(0, match.index + match[0].length - 1));
    if (match !== null || TEST_FILE.test(path)) files += 1;
  }
  return { dirs: [...dirs].sort(), files };
}

/** Each ecosystem's own lockfiles, looked up for the kinds the root's manifests declare. */
export const OWN_LOCKFILES: Record<Exclude<ProjectKind, 'other'>, readonly string[]> = {
  rust: ['Cargo.lock'],
  go: ['go.sum'],
  python: ['uv.lock', 'poetry.lock', 'pdm.lock', 'Pipfile.lock'],
  npm: [
    'package-lock.json',
    'npm-shrinkwrap.json',
    'pnpm-lock.yaml',
    'yarn.lock',
    'bun.lock',
    'bun.lockb',
  ],
};

/** Lockfiles of ecosystems proofgate names no manifest for, after the project's own. */
const OTHER_LOCKFILES = ['Gemfile.lock', 'composer.lock'];

/** A pip requirements file pinned with hashes (`pip install --require-hashes` reproduces it). */
const HASHED = /(^|\s)--hash[= ]sha256:[0-9a-f]{64}/m;

/**
 * The project's own lockfile at the root: the lockfile of the first kind its manifests declare
 * (projectKinds: Rust, Go, Python, then npm, so an npm lockfile left in a Python project by
 * mistake is not taken for the project's), a hashed requirements file for Python, then others.
 */
export function findLockfile(
  paths: ReadonlySet<string>,
  contents: FileContents,
): string | undefined {
  const kinds = projectKinds(paths);
  for (const kind of kinds) {
    const own = OWN_LOCKFILES[kind].find((file) => paths.has(file));
    if (own !== undefined) return own;
    if (kind === 'python') {
      const hashed = [...paths]
        .filter((p) => !p.includes('/') && isRequirementsFile(p))
        .sort()
        .find((p) => HASHED.test(contents.get(p) ?? ''));
      if (hashed !== undefined) return hashed;
    }
  }
  // no manifest of a known kind: whichever lockfile is there
  const others = kinds.length === 0 ? Object.values(OWN_LOCKFILES).flat() : [];
  return [...others, ...OTHER_LOCKFILES].find((f) => paths.has(f));
}
