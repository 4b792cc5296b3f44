// npm's part of keeping proofgate's directories out of a published package: nothing for a private
// package or a `files` list that leaves them out, a line in `.npmignore`, or, when `.npmignore` is
// generated at pack time by `npmignore --auto` (git ignores it, a pack script runs the tool), an
// entry in `publishConfig.ignore`, the list that tool adds to the file it writes.
import {
  ignoreLine,
  type ExcludedPath,
  type ExclusionStep,
  type PackagingFiles,
} from './package-exclusion-step.ts';

export const HEADER = '# proofgate: its own files are not part of the package';

/** A broad pattern that would pack everything, proofgate's directories included. */
const BROAD = new Set(['*', '**', '**/*', '.', './', '/', '.*', '/*', '/**']);

export function clean(entry: string): string {
  return entry.replace(/^\.\//, '').replace(/^\//, '').replace(/\/+$/, '');
}

export function covers(entry: string, dir: string): boolean {
  const e = clean(entry);
  return BROAD.has(entry.trim()) || e === dir || dir.startsWith(`${e}/`) || e.startsWith(`${dir}/`);
}

function hasLine(text: string, dir: string): boolean {
  return text.split('\n').some((line) => clean(line.trim()) === dir);
}

/** The scripts npm runs on `npm pack` and `npm publish` before it lists the files. */
const PACK_SCRIPTS = ['prepack', 'prepare', 'prepublish', 'prepublishOnly'] as const;

/** `npmignore --auto` in a pack script: .npmignore is rewritten from .gitignore on every pack. */
function generatesNpmignore(pkg: Record<string, unknown>, gitignore: string | undefined): boolean {
  if (gitignore === undefined || !hasLine(gitignore, '.npmignore')) return false;
  const scripts = pkg['scripts'];
  if (typeof scripts !== 'object' || scripts === null) return false;
  return PACK_SCRIPTS.some((name) => {
    const script = (scripts as Record<string, unknown>)[name];
    return typeof script === 'string' && /\bnpmignore\b[^&|;]*--auto\b/.test(script);
  });
}

/** The indentation package.json is written with, when JSON.stringify reproduces it exactly. */
function stringifyIndent(text: string, pkg: unknown): string | undefined {
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const eol = text.endsWith('\n') ? '\n' : '';
  return JSON.stringify(pkg, null, indent) + eol === text ? indent : undefined;
}

function planPublishConfig(
  text: string,
  pkg: Record<string, unknown>,
  entries: readonly ExcludedPath[],
): ExclusionStep {
  const wanted = entries.map(ignoreLine);
  const config = pkg['publishConfig'] ?? {};
  const ignore: unknown =
    typeof config === 'object' && config !== null
      ? ((config as { ignore?: unknown }).ignore ?? [])
      : undefined;
  const lines = wanted.map((w) => JSON.stringify(w));
  const indent = stringifyIndent(text, pkg);
  if (!Array.isArray(ignore) || indent === undefined)
    return {
      kind: 'refuse',
      file: 'package.json',
      lines,
      why: `npmignore --auto writes .npmignore at pack time from .gitignore and "publishConfig": {"ignore": [...]}, and package.json cannot be edited safely (${indent === undefined ? 'its formatting is not what JSON.stringify writes' : '"publishConfig.ignore" is not a list'}): add these entries to "publishConfig.ignore"`,
    };
  const missing = wanted.filter(
    (w) => !ignore.some((e) => typeof e === 'string' && clean(e) === clean(w)),
  );
  if (missing.length === 0)
    return { kind: 'ok', file: 'package.json', why: '"publishConfig.ignore" already excludes it' };
  const edited = {
    ...pkg,
    publishConfig: {
      ...(config as Record<string, unknown>),
      ignore: [...(ignore as unknown[]), ...missing],
    },
  };
  return {
    kind: 'write',
    file: 'package.json',
    text: JSON.stringify(edited, null, indent) + (text.endsWith('\n') ? '\n' : ''),
    why: `"publishConfig.ignore" gains ${missing.join(', ')}: npmignore --auto (a pack script) rewrites the git-ignored .npmignore from .gitignore and that list on every pack, so npm pack leaves them out`,
  };
}

export function planNpm(files: PackagingFiles, entries: readonly ExcludedPath[]): ExclusionStep[] {
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
        typeof e === 'string' && !e.startsWith('!') && entries.some((d) => covers(e, d.path)),
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
        lines: entries.map((d) => `"!${ignoreLine(d)}"`),
        why: `"files" lists ${hits.map((h) => JSON.stringify(h)).join(', ')}, which packs proofgate's files: add these entries to "files" after it`,
      },
    ];
  }
  const git = files['.gitignore'];
  // a .npmignore written at pack time replaces whatever this would write into it (and the tool
  // refuses a committed one): the exclusion goes where the generator reads it
  if (generatesNpmignore(pkg, git)) return [planPublishConfig(text, pkg, entries)];
  const ignore = files['.npmignore'];
  const wanted = entries.map(ignoreLine);
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
