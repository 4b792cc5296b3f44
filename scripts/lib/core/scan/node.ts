// package.json scripts → candidates, with the package manager named by the lockfile.
import { classifyAuthorization } from './authorization.ts';
import { dirOf, lineOf } from './line-of.ts';
import type { Candidate, FileContents, NodeStack } from './types.ts';

const LOCKFILES: readonly [string, NodeStack['package_manager']][] = [
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

const MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'] as const;

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function workspacePatterns(
  pkg: Record<string, unknown> | undefined,
  pnpmYaml: string | undefined,
): string[] {
  const ws = pkg?.['workspaces'];
  const list = Array.isArray(ws) ? ws : (ws as { packages?: unknown } | undefined)?.packages;
  const fromPkg = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  const fromPnpm = [...(pnpmYaml ?? '').matchAll(/^\s*-\s*['"]?([^'"\n#]+?)['"]?\s*$/gm)].map(
    (m) => m[1] ?? '',
  );
  return [...fromPkg, ...fromPnpm.filter((x) => x !== '')];
}

export function detectNodeStack(
  files: ReadonlySet<string>,
  contents: FileContents,
): NodeStack | undefined {
  const manifests = [...files]
    .filter((f) => (f === 'package.json' || f.endsWith('/package.json')) && contents.has(f))
    .sort();
  if (manifests.length === 0) return undefined;
  const lock = LOCKFILES.find(([file]) => files.has(file));
  const root = parseJson(contents.get('package.json'));
  const declared =
    typeof root?.['packageManager'] === 'string' ? root['packageManager'].split('@')[0] : undefined;
  const fromField = MANAGERS.find((m) => m === declared);
  return {
    manifests,
    package_manager: lock?.[1] ?? fromField ?? 'npm',
    ...(lock === undefined ? {} : { lockfile: lock[0] }),
    workspaces: workspacePatterns(root, contents.get('pnpm-workspace.yaml')),
  };
}

/** One candidate per script of every package.json scan read. */
export function findNodeCandidates(stack: NodeStack, contents: FileContents): Candidate[] {
  return stack.manifests.flatMap((manifest) => {
    const text = contents.get(manifest);
    const scripts = parseJson(text)?.['scripts'];
    if (text === undefined || typeof scripts !== 'object' || scripts === null) return [];
    const dir = dirOf(manifest);
    return Object.entries(scripts as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, body]) => {
        const argv = [stack.package_manager, 'run', name];
        return {
          id: dir === '' ? `npm:${name}` : `npm:${dir}:${name}`,
          argv,
          ...(dir === '' ? {} : { cwd: dir }),
          where: `${manifest}:${lineOf(text, JSON.stringify(name) + ':')}`,
          body,
          authorization: classifyAuthorization([
            argv.join(' '),
            body,
            ...(/^(pre|post)?install$/.test(name) ? ['npm install'] : []),
          ]),
        };
      });
  });
}
