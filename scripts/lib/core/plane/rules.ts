// Semantic rules over schema-valid plane sources (see ARCHITECTURE.md): small functions that each
// return located problems. Schema first, then these; every problem is reported at once.
import type { Control, Manifest, ProfileFile, Registry } from './types.ts';

export type Rule<T> = (value: T, file: string) => string[];

/** A relative POSIX path that stays inside the repository root after normalisation. */
export function isInsideRoot(path: string): boolean {
  if (path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  let depth = 0;
  for (const part of path.split(/[\\/]+/)) {
    if (part === '..') depth -= 1;
    else if (part !== '.' && part !== '') depth += 1;
    if (depth < 0) return false;
  }
  return true;
}

const uniqueControlIds: Rule<Registry> = (registry, file) => {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  registry.controls.forEach((control, index) => {
    const first = seen.get(control.id);
    if (first === undefined) seen.set(control.id, index);
    else
      problems.push(
        `${file}:/controls/${index}/id: duplicate control id "${control.id}" (expected unique; first at /controls/${first}/id)`,
      );
  });
  return problems;
};

const notApplicableNeedsOwner: Rule<Registry> = (registry, file) =>
  registry.controls.flatMap((control, index) => {
    if (control.applies.value) return [];
    const missing = (['owner', 'rationale'] as const).filter(
      (key) => (control.applies[key] ?? '').trim() === '',
    );
    return missing.map(
      (key) =>
        `${file}:/controls/${index}/applies/${key}: NOT_APPLICABLE control "${control.id}" needs ${key === 'owner' ? 'an owner' : 'a rationale'} (expected who decided and why)`,
    );
  });

const commandArgvIsArgv: Rule<Registry> = (registry, file) =>
  registry.controls.flatMap((control, index) => {
    const argv = 'argv' in control.execution ? control.execution.argv : undefined;
    const program = argv?.[0];
    if (program === undefined || !/\s/.test(program)) return [];
    return [
      `${file}:/controls/${index}/execution/argv/0: "${program}" looks like a shell string (expected one program name; put each argument in its own argv element)`,
    ];
  });

function pathProblems(control: Control, index: number, file: string): string[] {
  const located: [string, string][] = [];
  const execution = control.execution;
  if (execution.type === 'command' && execution.cwd !== undefined)
    located.push(['execution/cwd', execution.cwd]);
  if (execution.type === 'file') located.push(['execution/path', execution.path]);
  (control.inputs ?? []).forEach((glob, i) => located.push([`inputs/${i}`, glob]));
  (control.outputs ?? []).forEach((glob, i) => located.push([`outputs/${i}`, glob]));
  return located
    .filter(([, path]) => !isInsideRoot(path))
    .map(
      ([where, path]) =>
        `${file}:/controls/${index}/${where}: "${path}" leaves the repository (expected a relative path or glob inside the root)`,
    );
}

const pathsStayInside: Rule<Registry> = (registry, file) =>
  registry.controls.flatMap((control, index) => pathProblems(control, index, file));

/**
 * True for an outputs glob made only of wildcard segments (`**`, `*`, `**\/*`, `*\/`, ...): it
 * would take every file out of the subject binding, so no edit could ever stale the evidence.
 */
function coversWholeTree(glob: string): boolean {
  const segments = glob.replace(/\/+$/, '').split('/');
  return segments.every((segment) => /^\*+$/.test(segment));
}

const outputsLeaveASubject: Rule<Registry> = (registry, file) =>
  registry.controls.flatMap((control, index) =>
    (control.outputs ?? []).flatMap((glob, i) =>
      coversWholeTree(glob)
        ? [
            `${file}:/controls/${index}/outputs/${i}: "${glob}" covers the whole repository, so the control's evidence could never go stale (expected the directories the control writes, e.g. "coverage/")`,
          ]
        : [],
    ),
  );

export const registryRules: readonly Rule<Registry>[] = [
  uniqueControlIds,
  notApplicableNeedsOwner,
  commandArgvIsArgv,
  pathsStayInside,
  outputsLeaveASubject,
];

const uniqueAuthorities: Rule<Manifest> = (manifest, file) => {
  const seen = new Set<string>();
  return manifest.authorities.flatMap((authority, index) => {
    if (!seen.has(authority.id)) return (seen.add(authority.id), []);
    return [
      `${file}:/authorities/${index}/id: duplicate authority id "${authority.id}" (expected unique)`,
    ];
  });
};

const authorityKindMatchesId: Rule<Manifest> = (manifest, file) =>
  manifest.authorities.flatMap((authority, index) =>
    authority.id.startsWith(`${authority.kind}:`)
      ? []
      : [
          `${file}:/authorities/${index}/kind: "${authority.kind}" does not match id "${authority.id}" (expected the id to start with "${authority.kind}:")`,
        ],
  );

const stagesHaveAuthority: Rule<Manifest> = (manifest, file) =>
  Object.entries(manifest.policies.claims).flatMap(([scope, policy]) =>
    policy.required_stages
      .filter((stage) => !manifest.authorities.some((a) => a.stages.includes(stage)))
      .map(
        (stage) =>
          `${file}:/policies/claims/${scope}/required_stages: stage "${stage}" has no authority (expected an authority whose stages include "${stage}")`,
      ),
  );

const scopeMatchesMode: Rule<Manifest> = (manifest, file) =>
  manifest.profile.scope_mode === 'subproject' && manifest.scope.include.length === 0
    ? [
        `${file}:/scope/include: scope_mode is subproject but include is empty (expected the subproject's path globs)`,
      ]
    : [];

// An exclude made only of wildcards would take every file out of every result: nothing could stale.
const excludeLeavesASubject: Rule<Manifest> = (manifest, file) =>
  manifest.scope.exclude.flatMap((glob, i) =>
    coversWholeTree(glob)
      ? [
          `${file}:/scope/exclude/${i}: "${glob}" excludes the whole repository, so no result could ever go stale (expected the paths this plane does not judge, e.g. "vendor/")`,
        ]
      : [],
  );

/** `none` in a list decision excludes every other value (`[none, service_api]` says two things). */
function exclusiveNone(decisions: object, pointer: string, file: string): string[] {
  return Object.entries(decisions).flatMap(([key, value]) =>
    Array.isArray(value) && value.includes('none') && value.length > 1
      ? [
          `${file}:${pointer}/${key}: "none" cannot be combined with other values (got ${JSON.stringify(value)}; expected [none] alone, or the values without none)`,
        ]
      : [],
  );
}

const noneIsExclusive: Rule<Manifest> = (manifest, file) =>
  exclusiveNone(manifest.profile.recorded ?? {}, '/profile/recorded', file);

export const manifestRules: readonly Rule<Manifest>[] = [
  uniqueAuthorities,
  authorityKindMatchesId,
  stagesHaveAuthority,
  scopeMatchesMode,
  excludeLeavesASubject,
  noneIsExclusive,
];

export interface PlaneFiles {
  manifest: string;
  registry: string;
}

/** Cross-file references: owners are registered authorities, instruction mappings name controls. */
export function checkPlaneReferences(
  manifest: Manifest,
  registry: Registry,
  files: PlaneFiles,
): string[] {
  const authorities = new Set(manifest.authorities.map((a) => a.id));
  const known = [...authorities].join(', ');
  const problems = registry.controls.flatMap((control, index) => {
    const owners: [string, string][] = [['owner', control.owner]];
    if (control.applies.owner !== undefined) owners.push(['applies/owner', control.applies.owner]);
    return owners
      .filter(([, owner]) => !authorities.has(owner))
      .map(
        ([where, owner]) =>
          `${files.registry}:/controls/${index}/${where}: owner "${owner}" is not an authority in ${files.manifest} (expected one of: ${known})`,
      );
  });
  const ids = new Set(registry.controls.map((c) => c.id));
  (manifest.instruction_sources ?? []).forEach((source, i) =>
    (source.mapped_to ?? []).forEach((id, j) => {
      if (!ids.has(id))
        problems.push(
          `${files.manifest}:/instruction_sources/${i}/mapped_to/${j}: control "${id}" is not in ${files.registry} (expected an existing control id)`,
        );
    }),
  );
  return problems;
}

const subprojectNeedsInclude: Rule<ProfileFile> = (profile, file) =>
  profile.scope_mode === 'subproject' && (profile.scope?.include ?? []).length === 0
    ? [
        `${file}:/scope/include: scope_mode is subproject but no include globs are given (expected e.g. scope: {include: [services/api/**]})`,
      ]
    : [];

const profileNoneIsExclusive: Rule<ProfileFile> = (profile, file) =>
  exclusiveNone(profile.recorded ?? {}, '/recorded', file);

export const profileRules: readonly Rule<ProfileFile>[] = [
  subprojectNeedsInclude,
  profileNoneIsExclusive,
];
