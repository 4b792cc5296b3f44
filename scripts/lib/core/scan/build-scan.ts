// Scan's pure core: from the file list and the few files it read, the target model and the
// candidates. Two steps so the I/O layer reads only what is needed. Every list is complete: only
// the human rendering is bounded; `omitted` counts inputs that were not read.
import { BUILD_TOOL_FILES, findBuildToolCandidates } from './build-tools.ts';
import { findCi, isCiFile } from './ci.ts';
import {
  countLanguages,
  findGovernance,
  findInstructions,
  findLockfile,
  findTests,
  instructionKind,
} from './inventory.ts';
import {
  JUSTFILES,
  MAKEFILES,
  findJustCandidates,
  findMakeCandidates,
  isPaddingTarget,
} from './make.ts';
import { FITNESS_RUNNER, findFitnessCandidates } from './fitness.ts';
import { detectNodeStack, findNodeCandidates } from './node.ts';
import { PYTHON_FILES, findPythonCandidates, isRequirementsFile } from './python.ts';
import {
  RISK_CLASSES,
  classifyArgv,
  classifyRisks,
  riskAuthorizations,
  runsUndeclaredNpx,
  type RiskClass,
} from './risk-class.ts';
import { isHeavyCommand } from './heavy-command.ts';
import { proposeInputs } from './propose-inputs.ts';
import type { Candidate, FileContents, ScanResult, Stack } from './types.ts';
import { findUnknowns, UNREAD_CI } from './unknowns.ts';

/** At most this many package.json files are read; the rest are counted in `omitted`. */
export const MAX_PACKAGE_MANIFESTS = 2000;

const ROOT_FILES = new Set<string>([
  'package.json',
  'pnpm-workspace.yaml',
  ...PYTHON_FILES,
  ...BUILD_TOOL_FILES,
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
    } else if (
      ROOT_FILES.has(p) ||
      isRequirementsFile(p) ||
      isCiFile(p) ||
      p === FITNESS_RUNNER ||
      instructionKind(p) !== undefined
    )
      wanted.push(p);
  }
  return [...wanted, ...manifests.slice(0, MAX_PACKAGE_MANIFESTS)];
}

function detectStack(set: ReadonlySet<string>, contents: FileContents): Stack {
  const stack: Stack = {};
  const node = detectNodeStack(set, contents);
  if (node !== undefined) stack.node = node;
  const python = [
    'pyproject.toml',
    'setup.py',
    'setup.cfg',
    'requirements.txt',
    'Pipfile',
    'tox.ini',
    'noxfile.py',
  ].filter((f) => set.has(f));
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
  const gradle = ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'];
  if (gradle.some((f) => set.has(f)))
    stack.jvm = { tool: 'gradle', files: gradle.filter((f) => set.has(f)) };
  else if (set.has('pom.xml')) stack.jvm = { tool: 'maven', files: ['pom.xml'] };
  return stack;
}

const PYTHON_TEST = /(^|\/)(test_[^/]+|[^/]+_test|conftest)\.py$|(^|\/)tests?\/.*\.py$/;

function isJsonObject(text: string | undefined): boolean {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Every dependency name any package.json declares: `npx <one of these>` runs a local copy. */
function declaredPackages(manifests: readonly string[], contents: FileContents): Set<string> {
  const names = new Set<string>();
  for (const manifest of manifests) {
    try {
      const value = JSON.parse(contents.get(manifest) ?? '') as Record<string, unknown>;
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
        const deps = value[field];
        if (typeof deps === 'object' && deps !== null)
          for (const n of Object.keys(deps)) names.add(n);
      }
      if (typeof value['name'] === 'string') names.add(value['name']);
    } catch {
      // unreadable manifests are reported as unknowns elsewhere
    }
  }
  return names;
}

/** The candidate with its risk classes, the authorizations they call for, and whether it runs alone. */
function withRisks(candidate: Candidate, declared: ReadonlySet<string>): Candidate {
  const texts = [candidate.argv.join(' '), candidate.body ?? ''];
  const found = new Set<RiskClass>([...classifyRisks(texts), ...classifyArgv(candidate.argv)]);
  if (texts.some((t) => runsUndeclaredNpx(t, declared))) found.add('downloads');
  const risks = RISK_CLASSES.filter((r) => found.has(r));
  const authorization = [
    ...new Set([...candidate.authorization, ...riskAuthorizations(risks)]),
  ].sort();
  const marked = { ...candidate, authorization, risks };
  return isHeavyCommand(marked) ? { ...marked, exclusive: true } : marked;
}

export function buildScan(allPaths: readonly string[], contents: FileContents): ScanResult {
  const paths = allPaths.filter((p) => !p.startsWith('.proofgate/'));
  const set = new Set([...paths.filter((p) => !p.includes('/')), ...contents.keys()]);
  const stack = detectStack(set, contents);
  const candidates: Candidate[] = [];
  const notAdoptable: ScanResult['not_adoptable'] = [];
  if (stack.node !== undefined) candidates.push(...findNodeCandidates(stack.node, contents));
  candidates.push(
    ...findPythonCandidates(
      set,
      contents,
      paths.some((p) => PYTHON_TEST.test(p)),
    ),
    ...findBuildToolCandidates(set, contents, paths),
  );
  const makefile = MAKEFILES.find((f) => contents.has(f));
  if (makefile !== undefined) {
    const found = findMakeCandidates(makefile, contents.get(makefile) ?? '');
    stack.make = { file: makefile, targets: found.map((c) => c.argv[1] ?? '') };
    candidates.push(...found.filter((c) => !isPaddingTarget(c.argv[1] ?? '')));
  }
  const justfile = JUSTFILES.find((f) => contents.has(f));
  if (justfile !== undefined) {
    const found = findJustCandidates(justfile, contents.get(justfile) ?? '');
    stack.just = {
      file: justfile,
      recipes: [...found.candidates, ...found.notAdoptable].map((c) => c.id.slice(5)),
    };
    candidates.push(...found.candidates.filter((c) => !isPaddingTarget(c.id.slice(5))));
    notAdoptable.push(...found.notAdoptable);
  }
  const fitness = contents.get(FITNESS_RUNNER);
  if (fitness !== undefined) {
    const found = findFitnessCandidates(fitness);
    candidates.push(...found.candidates);
    notAdoptable.push(...found.notAdoptable);
  }
  const ci = findCi(paths, contents);
  candidates.push(...ci.candidates);
  notAdoptable.push(...ci.notAdoptable);
  const omitted: Record<string, number> = { ...ci.omitted };
  const manifests = paths.filter(
    (p) => p.endsWith('/package.json') && !p.includes('node_modules/'),
  );
  if (manifests.length > MAX_PACKAGE_MANIFESTS)
    omitted['package_manifests'] = manifests.length - MAX_PACKAGE_MANIFESTS;
  const declared = declaredPackages(stack.node?.manifests ?? [], contents);
  const tests = findTests(paths);
  const classified = candidates.map((c) => {
    const marked = withRisks(c, declared);
    // an install, a publish or a deploy checks nothing: no inputs to propose
    if (marked.risks?.some((r) => r === 'downloads' || r === 'publishes' || r === 'deploys'))
      return marked;
    const inputs = proposeInputs(c, paths, tests.dirs);
    return inputs === undefined ? marked : { ...marked, inputs };
  });
  const lockfile = findLockfile(set, contents);
  const partial = {
    files: paths.length,
    languages: countLanguages(paths),
    stack,
    ci: ci.files,
    instructions: findInstructions(paths, contents),
    governance: findGovernance(paths.filter((p) => p.indexOf('/') === p.lastIndexOf('/'))),
    ...(lockfile === undefined ? {} : { lockfile }),
    tests,
    candidates: classified,
    not_adoptable: notAdoptable,
  };
  const unparsed = [
    ...ci.unreadable,
    ...(stack.node?.manifests ?? []).filter((m) => !isJsonObject(contents.get(m))),
  ];
  const unread = paths.filter((p) => UNREAD_CI.test(p));
  return { ...partial, unknowns: findUnknowns(partial, { ...ci, unread }, unparsed), omitted };
}
