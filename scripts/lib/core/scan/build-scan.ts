// Scan's pure core: from the file list and the few files it read, the target model and the
// candidates. Two steps so the I/O layer reads only what is needed.
import { findCi, isCiFile } from './ci.ts';
import {
  countLanguages,
  findGovernance,
  findInstructions,
  findLockfile,
  findTests,
  instructionKind,
} from './inventory.ts';
import { JUSTFILES, MAKEFILES, findJustCandidates, findMakeCandidates } from './make.ts';
import { detectNodeStack, findNodeCandidates } from './node.ts';
import type { Candidate, FileContents, ScanResult, Stack, Unknown } from './types.ts';

/** Caps that keep scan output bounded; what is cut is counted in `omitted`. */
const SCAN_LIMITS = {
  candidates: 300,
  not_adoptable: 100,
  test_dirs: 40,
  languages: 20,
  instructions: 50,
  package_manifests: 200,
};

const ROOT_FILES = new Set([
  'package.json',
  'pnpm-workspace.yaml',
  'pyproject.toml',
  'Cargo.toml',
  'go.mod',
  ...MAKEFILES,
  ...JUSTFILES,
]);

/** The files scan needs to read, given every path `git ls-files -co --exclude-standard` listed. */
export function selectFilesToRead(paths: readonly string[]): string[] {
  const wanted: string[] = [];
  const manifests: string[] = [];
  for (const p of paths) {
    if (p.endsWith('/package.json')) {
      if (!p.includes('node_modules/')) manifests.push(p);
    } else if (ROOT_FILES.has(p) || isCiFile(p) || instructionKind(p) !== undefined) wanted.push(p);
  }
  return [...wanted, ...manifests.slice(0, SCAN_LIMITS.package_manifests)];
}

function detectStack(set: ReadonlySet<string>, contents: FileContents): Stack {
  const stack: Stack = {};
  const node = detectNodeStack(set, contents);
  if (node !== undefined) stack.node = node;
  const python = ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile'].filter(
    (f) => set.has(f),
  );
  if (python.length > 0) stack.python = { files: python };
  if (set.has('Cargo.toml'))
    stack.rust = { files: ['Cargo.toml', ...(set.has('Cargo.lock') ? ['Cargo.lock'] : [])] };
  if (set.has('go.mod')) {
    const module = /^module\s+(\S+)/m.exec(contents.get('go.mod') ?? '')?.[1];
    stack.go = {
      ...(module === undefined ? {} : { module }),
      files: ['go.mod', ...(set.has('go.sum') ? ['go.sum'] : [])],
    };
  }
  return stack;
}

function findUnknowns(
  result: Omit<ScanResult, 'unknowns' | 'omitted'>,
  includes: string[],
  unreadable: string[],
): Unknown[] {
  const unknowns: Unknown[] = unreadable.map((path) => ({
    question: `${path} could not be parsed, so no command was taken from it`,
    probe: `fix its syntax (JSON or YAML), then run "proofgate scan" again`,
  }));
  const testLike = result.candidates.some((c) => /test|check|spec/i.test(c.id));
  if (!testLike)
    unknowns.push({
      question: 'How are the tests run?',
      probe:
        'ask the owner or read README/CONTRIBUTING; add the command as a package script, make/just target or CI step, then run "proofgate adopt"',
    });
  if (result.stack.node !== undefined && result.stack.node.lockfile === undefined)
    unknowns.push({
      question: 'Which package manager and dependency versions are used? (no lockfile committed)',
      probe: `ask the owner; candidates assume ${result.stack.node.package_manager}`,
    });
  if (result.ci.length === 0)
    unknowns.push({
      question: 'Does CI run somewhere outside this repository?',
      probe: 'ask the owner which CI system gates merges',
    });
  for (const path of includes)
    unknowns.push({
      question: `${path} includes CI configuration from elsewhere`,
      probe: `read the include: entries in ${path}; their steps were not inspected`,
    });
  if (result.not_adoptable.length > 0)
    unknowns.push({
      question: `${result.not_adoptable.length} command(s) need a shell or arguments and cannot become controls as written`,
      probe: 'move each into a script file or a package script, then adopt that',
    });
  const languages = result.languages.map((l) => l.language);
  if (languages.includes('python') && result.stack.python === undefined)
    unknowns.push({
      question: 'How are Python dependencies declared?',
      probe: 'ask the owner; no pyproject.toml, setup.py or requirements.txt found',
    });
  return unknowns;
}

function isJsonObject(text: string | undefined): boolean {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function cap<T>(list: T[], limit: number, name: string, omitted: Record<string, number>): T[] {
  if (list.length <= limit) return list;
  omitted[name] = list.length - limit;
  return list.slice(0, limit);
}

export function buildScan(allPaths: readonly string[], contents: FileContents): ScanResult {
  const paths = allPaths.filter((p) => !p.startsWith('.proofgate/'));
  const set = new Set([...paths.filter((p) => !p.includes('/')), ...contents.keys()]);
  const stack = detectStack(set, contents);
  const candidates: Candidate[] = [];
  const notAdoptable: ScanResult['not_adoptable'] = [];
  if (stack.node !== undefined) candidates.push(...findNodeCandidates(stack.node, contents));
  const makefile = MAKEFILES.find((f) => contents.has(f));
  if (makefile !== undefined) {
    const found = findMakeCandidates(makefile, contents.get(makefile) ?? '');
    stack.make = { file: makefile, targets: found.map((c) => c.argv[1] ?? '') };
    candidates.push(...found);
  }
  const justfile = JUSTFILES.find((f) => contents.has(f));
  if (justfile !== undefined) {
    const found = findJustCandidates(justfile, contents.get(justfile) ?? '');
    stack.just = {
      file: justfile,
      recipes: [...found.candidates, ...found.notAdoptable].map((c) => c.id.slice(5)),
    };
    candidates.push(...found.candidates);
    notAdoptable.push(...found.notAdoptable);
  }
  const ci = findCi(paths, contents);
  candidates.push(...ci.candidates);
  notAdoptable.push(...ci.notAdoptable);
  const omitted: Record<string, number> = {};
  const lockfile = findLockfile(set);
  const tests = findTests(paths);
  const partial = {
    files: paths.length,
    languages: cap(countLanguages(paths), SCAN_LIMITS.languages, 'languages', omitted),
    stack,
    ci: ci.files,
    instructions: cap(
      findInstructions(paths, contents),
      SCAN_LIMITS.instructions,
      'instructions',
      omitted,
    ),
    governance: findGovernance(paths.filter((p) => p.indexOf('/') === p.lastIndexOf('/'))),
    ...(lockfile === undefined ? {} : { lockfile }),
    tests: {
      dirs: cap(tests.dirs, SCAN_LIMITS.test_dirs, 'test_dirs', omitted),
      files: tests.files,
    },
    candidates: cap(candidates, SCAN_LIMITS.candidates, 'candidates', omitted),
    not_adoptable: cap(notAdoptable, SCAN_LIMITS.not_adoptable, 'not_adoptable', omitted),
  };
  const unparsed = [
    ...ci.unreadable,
    ...(stack.node?.manifests ?? []).filter((m) => !isJsonObject(contents.get(m))),
  ];
  return { ...partial, unknowns: findUnknowns(partial, ci.includes, unparsed), omitted };
}
