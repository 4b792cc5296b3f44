// The control catalog (controls/catalog/*.yaml): templates `init` instantiates, chosen only by the
// owner's explicit profile decisions (What it never does: nothing is inferred).
import { checkSchema } from './schemas.ts';
import { MATURITY_LEVELS } from './types.ts';
import type { Control, Execution, Maturity, Profile } from './types.ts';

/** Profile decisions a catalog entry may be chosen by. */
export const SELECTING_DECISIONS = [
  'development_mode',
  'product_type',
  'distribution_model',
  'criticality',
  'data_sensitivity',
  'ai_system',
  // Optional decisions (recorded:) that choose controls when the owner answered them.
  'public_contract',
  'build_topology',
  'persistent_state',
  'external_contributions',
] as const;
type SelectingDecision = (typeof SELECTING_DECISIONS)[number];

/** One alternative: every named decision must match (a list matches any of its values). */
type CatalogCondition = Partial<Record<SelectingDecision, string[] | boolean>>;

/** Which repository file a control's file check points at, found by scan (a fact, not a guess). */
const RESOLVABLE_FILES = ['lockfile', 'license', 'security_policy'] as const;
type ResolvableFile = (typeof RESOLVABLE_FILES)[number];

export interface CatalogControl extends Omit<Control, 'applies' | 'source'> {
  /** Any one alternative selects the control; absent: always selected. */
  when?: CatalogCondition[];
  resolve?: ResolvableFile;
  /** The catalog file (group) it came from. */
  group: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function conditionProblems(when: unknown, where: string): string[] {
  if (!Array.isArray(when)) return [`${where}: expected a list of alternatives`];
  return when.flatMap((alt, i) => {
    if (!isRecord(alt)) return [`${where}/${i}: expected a mapping of decisions`];
    return Object.entries(alt)
      .filter(
        ([key, value]) =>
          !(SELECTING_DECISIONS as readonly string[]).includes(key) ||
          !(
            typeof value === 'boolean' ||
            (Array.isArray(value) && value.every((v) => typeof v === 'string'))
          ),
      )
      .map(
        ([key]) =>
          `${where}/${i}/${key}: not a selecting decision with a list or boolean value (expected one of: ${SELECTING_DECISIONS.join(', ')})`,
      );
  });
}

/** Checks one catalog file; the controls must be registry-valid once instantiated. */
export function parseCatalogFile(value: unknown, file: string): CatalogControl[] {
  if (
    !isRecord(value) ||
    value['version'] !== 1 ||
    typeof value['group'] !== 'string' ||
    !Array.isArray(value['controls'])
  ) {
    return fail([`${file}:/: expected {version: 1, group, controls: [...]}`]);
  }
  const group = value['group'];
  const problems: string[] = [];
  const controls = value['controls'].map((raw: unknown, index) => {
    const entry = isRecord(raw) ? { ...raw } : {};
    const when = entry['when'];
    const resolve = entry['resolve'];
    delete entry['when'];
    delete entry['resolve'];
    if (when !== undefined)
      problems.push(...conditionProblems(when, `${file}:/controls/${index}/when`));
    if (resolve !== undefined && !(RESOLVABLE_FILES as readonly unknown[]).includes(resolve))
      problems.push(
        `${file}:/controls/${index}/resolve: expected one of: ${RESOLVABLE_FILES.join(', ')}`,
      );
    const asControl = { ...entry, applies: { value: true } };
    problems.push(
      ...checkSchema('registry', { version: 1, controls: [asControl] }, file).map((p) =>
        p.replace(`${file}:/controls/0`, `${file}:/controls/${index}`),
      ),
    );
    return {
      ...entry,
      group,
      ...(when === undefined ? {} : { when }),
      ...(resolve === undefined ? {} : { resolve }),
    } as CatalogControl;
  });
  return problems.length > 0 ? fail(problems) : controls;
}

function fail(problems: string[]): never {
  throw new CatalogError(problems);
}

/** A broken catalog is a bug in the package, not in the user's input. */
export class CatalogError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`the control catalog is invalid: ${problems.length} problems`);
    this.problems = problems;
  }
}

function isAtOrBelow(level: Maturity, target: Maturity): boolean {
  return MATURITY_LEVELS.indexOf(level) <= MATURITY_LEVELS.indexOf(target);
}

function matches(condition: CatalogCondition, profile: Profile): boolean {
  return Object.entries(condition).every(([key, wanted]) => {
    const actual = decisionOf(profile, key as SelectingDecision);
    if (actual === undefined) return false;
    if (typeof wanted === 'boolean') return actual === wanted;
    const values: unknown[] = Array.isArray(actual) ? actual : [actual];
    return values.some((v) => typeof v === 'string' && wanted.includes(v));
  });
}

/** A mandatory decision, or an optional one from `recorded` (undefined when not answered). */
function decisionOf(profile: Profile, key: SelectingDecision): unknown {
  if (key in profile) return profile[key as keyof Profile];
  return profile.recorded?.[key as keyof NonNullable<Profile['recorded']>];
}

function isSelected(control: CatalogControl, profile: Profile): boolean {
  const chosen = control.when === undefined || control.when.some((alt) => matches(alt, profile));
  return chosen && isAtOrBelow(control.required_from_maturity, profile.target_maturity);
}

/** Files scan found that a file-check control may point at. */
export type ResolvedFiles = Partial<Record<ResolvableFile, string>>;

function resolveExecution(control: CatalogControl, found: ResolvedFiles): Execution {
  const path = control.resolve === undefined ? undefined : found[control.resolve];
  return path === undefined ? control.execution : { type: 'file', path, condition: 'exists' };
}

/** The registry controls for a profile, in catalog order, each marked `source: catalog:<id>`. */
export function selectControls(
  catalog: readonly CatalogControl[],
  profile: Profile,
  found: ResolvedFiles,
): Control[] {
  return catalog
    .filter((control) => isSelected(control, profile))
    .map((control) => {
      const {
        when: _when,
        resolve: _resolve,
        group: _group,
        execution: _execution,
        ...rest
      } = control;
      return {
        ...rest,
        applies: { value: true },
        execution: resolveExecution(control, found),
        source: `catalog:${control.id}`,
      };
    });
}
