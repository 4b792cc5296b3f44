// Pure assembly of subject bindings (references/bindings.md). The git work
// that yields the tree id and the input listings lives in scripts/lib/io/subject/subject.ts.
import { digestJson, sha256Hex } from '../hash.ts';
import type { SubjectBinding } from '../ledger/types.ts';
import type { Control, Manifest, Registry } from '../plane/types.ts';
import { assertGlobs } from '../shared/pathspec.ts';
import { reachGlobs } from '../reach/reach-globs.ts';

/** The plane's own storage: evidence and knowledge never count as what was judged. */
export function listStoragePrefixes(planeRel: string): string[] {
  const base = planeRel === '' ? '' : `${planeRel.replace(/\/+$/, '')}/`;
  return [`${base}evidence/`, `${base}knowledge/`];
}

const HEX = (n: number): string => '[0-9a-f]'.repeat(n);

/**
 * The files proofgate itself writes under the storage prefixes, and only those: ledger segments,
 * evidence objects (and the temporary file an object is written through), and the knowledge
 * store's files (and the temporary files they are replaced through). Anything else placed there
 * (code, a test file a runner would pick up) stays in the subject like any other file.
 */
export function listStorageShapes(planeRel: string): string[] {
  const [evidence = '', knowledge = ''] = listStoragePrefixes(planeRel);
  const object = `${evidence}objects/sha256/${HEX(2)}/`;
  const stores = ['facts.jsonl', 'decisions.jsonl', 'hypotheses.jsonl', 'cases.jsonl'];
  const rewritten = [
    'trace-graph.json',
    'target-model.json',
    'task-handoff.json',
    'task-handoff.md',
  ];
  return [
    `${evidence}ledger/*.jsonl`,
    `${object}${HEX(64)}`,
    `${object}.tmp-${HEX(16)}`,
    ...stores.map((name) => `${knowledge}${name}`),
    ...rewritten.flatMap((name) => [`${knowledge}${name}`, `${knowledge}${name}.tmp-*`]),
  ];
}

/**
 * Everything the subject tree leaves out: the storage files plus the declared `outputs` of
 * every control in the registry, so that the tree is the same whichever control is being judged.
 */
export function listSubjectExcludes(planeRel: string, registry: Registry): string[] {
  const outputs = registry.controls.flatMap((control) => {
    const globs = control.outputs ?? [];
    assertGlobs(globs, `control ${control.id} outputs`);
    return globs;
  });
  return [
    ...new Set([...listStorageShapes(planeRel), ...listPlaneDefinitionPaths(planeRel), ...outputs]),
  ].sort();
}

/**
 * The plane's own definition files and the pages rendered from them, when the plane has its own
 * directory: a result binds its control's definition (`control`) and the manifest parts that decide
 * it (`policy`) instead, so registering an authority or editing another control stales nothing.
 * A plane at the repository root keeps them in the tree (there they are the project's own files).
 */
export function listPlaneDefinitionPaths(planeRel: string): string[] {
  if (planeRel === '') return [];
  const base = `${planeRel.replace(/\/+$/, '')}/`;
  return [
    `${base}controls/manifest.yaml`,
    `${base}controls/registry.yaml`,
    `${base}INDEX.md`,
    `${base}docs/`,
  ];
}

/**
 * What the subject tree holds: everything but `excludes`, or with `includes` only the paths they
 * match (all globs relative to the root). The plane's `scope` decides it whatever its `scope_mode`:
 * `scope.exclude` is left out of every result, and a plane whose `scope.include` does not cover the
 * whole repository (a subproject, `scope_mode: subproject` or `include: [src/**]`) judges those
 * paths plus its own plane directory only: an edit anywhere else (a README at the root, another
 * subproject) stales nothing. Under `claim --base` the scope is the base's (gather-statuses).
 */
export interface SubjectScope {
  excludes: string[];
  includes?: string[];
  /**
   * The plane's directory (relative to the root): proofgate's own lines in the project's files
   * are bound without them (own-content.ts); absent for a bare tree of the working files.
   */
  plane?: string;
}

export function subjectScopeOf(
  planeRel: string,
  manifest: Manifest,
  registry: Registry,
): SubjectScope {
  const storage = listSubjectExcludes(planeRel, registry);
  assertGlobs(manifest.scope.exclude, 'scope.exclude');
  const excludes = [...new Set([...storage, ...manifest.scope.exclude])].sort();
  const included = includedPaths(manifest);
  if (included === undefined) return { excludes, plane: planeRel };
  assertGlobs(included, 'scope.include');
  const plane = planeRel === '' ? 'controls/' : `${planeRel.replace(/\/+$/, '')}/`;
  return { excludes, includes: [...new Set([...included, plane])].sort(), plane: planeRel };
}

/** A glob made only of wildcard segments (`**`, `*`, `**\/*`, `*\/`): every path of the tree. */
function namesWholeTree(glob: string): boolean {
  const segments = glob.replace(/\/+$/, '').split('/');
  return segments.every((segment) => /^\*+$/.test(segment)) && glob.includes('**');
}

// The include globs when they name less than the whole repository; undefined when they do not.
function includedPaths(manifest: Manifest): string[] | undefined {
  const { include } = manifest.scope;
  const subproject = manifest.profile.scope_mode === 'subproject';
  if (!subproject && (include.length === 0 || include.some(namesWholeTree))) return undefined;
  return [...include];
}

/**
 * What a plane covers when it is less than the whole repository, as its claims name it: the
 * include globs, then each `scope.exclude` glob as `!<glob>` (`**` first when only excludes
 * narrow it); undefined for a plane over the whole repository.
 */
export function subprojectOf(manifest: Manifest): string[] | undefined {
  const included = includedPaths(manifest);
  const { exclude } = manifest.scope;
  if (included === undefined && exclude.length === 0) return undefined;
  return [...(included ?? ['**']), ...exclude.map((glob) => `!${glob}`)];
}

/** `subproject src/** except src/gen/`, `the repository except vendor/`: what a verdict names. */
export function nameSubproject(subproject: readonly string[]): string {
  const included = subproject.filter((g) => !g.startsWith('!'));
  const excluded = subproject.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  const whole = included.length === 1 && included[0] === '**';
  const head = whole ? 'the repository' : `subproject ${included.join(', ')}`;
  return excluded.length === 0 ? head : `${head} except ${excluded.join(', ')}`;
}

/**
 * The manifest parts that decide a control's result: scope, the evidence policy and, when set, the
 * extra environment names passed to commands (a variable can change what a command does). Only
 * names are bound, never values; without `env_pass` the digest is what it was before the field.
 */
export function digestPolicy(manifest: Manifest): string {
  const { env_pass } = manifest.policies;
  return digestJson({
    scope: manifest.scope,
    evidence: manifest.policies.evidence,
    ...(env_pass === undefined ? {} : { env_pass: [...env_pass].sort() }),
  });
}

export interface SubjectBase {
  tree: string;
  manifest: Manifest;
  registry: Registry;
}

/** The binding for entries not about one control (claims, seals, notes). */
export function buildSubject(base: SubjectBase): SubjectBinding {
  return {
    tree: base.tree,
    manifest: digestJson(base.manifest),
    registry: digestJson(base.registry),
  };
}

/** The binding of one control; `inputsListing` is present exactly when the control has inputs. */
export function buildControlSubject(
  base: SubjectBinding,
  control: Control,
  inputsListing?: Uint8Array,
  policy?: string,
): SubjectBinding {
  const subject: SubjectBinding = {
    ...base,
    control: digestJson(control),
    ...(policy === undefined ? {} : { policy }),
  };
  return inputsListing === undefined
    ? subject
    : { ...subject, inputs: digestInputsListing(inputsListing) };
}

/** sha256 of the exact bytes of `git ls-files -s -z` over the inputs (mode, blob id, stage, path). */
export function digestInputsListing(listing: Uint8Array): string {
  return sha256Hex(listing);
}

/**
 * The files a command control with `inputs` may read beyond them (its reach: package.json, .npmrc,
 * a runner's config…), bound beside its inputs; they need not exist. Last in `effectiveInputs`.
 */
export function reachInputs(control: Control): string[] {
  if (!hasInputs(control) || control.execution.type !== 'command') return [];
  const declared = new Set(control.inputs);
  return reachGlobs(control.execution.argv, control.execution.cwd).filter((g) => !declared.has(g));
}

export function hasInputs(control: Control): control is Control & { inputs: string[] } {
  return control.inputs !== undefined && control.inputs.length > 0;
}

/**
 * What a control's result depends on in the tree: its declared `inputs`, else for a file check the
 * file it checks (so a commit elsewhere does not stale it); undefined means the whole tree.
 */
export function effectiveInputs(control: Control): string[] | undefined {
  if (hasInputs(control)) return [...control.inputs, ...reachInputs(control)];
  if (control.execution.type === 'file') return [control.execution.path];
  return undefined;
}
