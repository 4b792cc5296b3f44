// Efficacy evidence: the `efficacy` entry body, its defensive reader, the per-control summary that
// `status` shows (proven / ineffective / unproven) and the release check behind the manifest
// policy `efficacy_required_for_release` (references/efficacy.md).
import { LedgerOrder } from '../ledger/ledger-order.ts';
import type { JsonObject, JsonValue, StoredEntry } from '../ledger/types.ts';
import { MATURITY_LEVELS, type Control, type Manifest } from '../plane/types.ts';
import { isRequiredAt } from '../gate/select/select-controls.ts';
import { MUTATION_OPERATORS } from './operators.ts';
import { efficacyNexts, isMeasurable } from './efficacy-next.ts';

export interface SurvivedMutant {
  file: string;
  /** 1-based; 0 when a patch touches the file without a hunk line (pure deletion or mode). */
  line: number;
  /** A built-in operator, or `patch`. */
  operator: string;
  /** The code the mutant replaced, and what it planted (changed-line mutants only). */
  before?: string;
  after?: string;
}

export interface EfficacyBody {
  control: string;
  /** `mutate:<operator>` (or `mutate:all`) or `patch`. */
  method: string;
  /** sha256 of the patch bytes (method `patch`). */
  patch?: string;
  /** Seed of the site choice (method `mutate:*`). */
  seed?: number;
  /** Method `mutate:changed`: the base commit the changed lines are counted from. */
  base?: string;
  /** Method `mutate:changed`: sites on the changed lines, and the most mutants asked for. */
  sites?: number;
  max?: number;
  mutants: number;
  killed: number;
  survived: SurvivedMutant[];
  /** Mutants whose run was BLOCKED (could not start): neither killed nor survived. */
  inconclusive: number;
  /**
   * `imported`: the counts come from a mutation tool's report (method `report:<format>`), a claim
   * by a run proofgate did not observe; absent when proofgate planted and ran every mutant.
   */
  source?: 'imported';
  /** sha256 of the imported report's bytes. */
  report?: string;
  /** The tool that wrote the report, as it names itself. */
  tool?: string;
  /** Whether the tool ran the control's command (`same`), another one, or did not say. */
  test_command?: 'same' | 'other' | 'unknown';
  /** Among `killed`: mutants the tool's tests timed out on. */
  timeout?: number;
  /** Mutants the report gives no verdict for (did not compile, ignored, pending): not counted. */
  excluded?: number;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isNat(v: JsonValue | undefined): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** The method of the mutants `evaluate --run` plants in a task's changed lines. */
export const CHANGED_METHOD = 'mutate:changed';
const METHODS = new Set([
  'patch',
  'mutate:all',
  CHANGED_METHOD,
  ...MUTATION_OPERATORS.map((o) => `mutate:${o}`),
]);
const REPORT_METHODS = new Set(['report:mutation-testing', 'report:cargo-mutants']);
const TEST_COMMAND = new Set(['same', 'other', 'unknown']);
const SHA256 = /^[0-9a-f]{64}$/;

/** The fields of an imported report's entry, or undefined when any is malformed. */
function parseImported(body: JsonObject): Partial<EfficacyBody> | undefined {
  const { source, report, tool, test_command: command, timeout, excluded } = body;
  if (typeof report !== 'string' || !SHA256.test(report) || typeof tool !== 'string')
    return undefined;
  if (source !== 'imported' || typeof command !== 'string' || !TEST_COMMAND.has(command))
    return undefined;
  if (!isNat(timeout) || !isNat(excluded)) return undefined;
  return {
    source,
    report,
    tool,
    test_command: command as 'same' | 'other' | 'unknown',
    timeout,
    excluded,
  };
}

/** The body of an efficacy entry, or undefined when any field is malformed (it then never counts). */
export function parseEfficacyBody(body: JsonObject): EfficacyBody | undefined {
  const { control, method, patch, seed, mutants, killed, survived, inconclusive } = body;
  if (typeof control !== 'string' || typeof method !== 'string') return undefined;
  const imported = REPORT_METHODS.has(method) ? parseImported(body) : {};
  if (imported === undefined || (!METHODS.has(method) && !REPORT_METHODS.has(method)))
    return undefined;
  if (!REPORT_METHODS.has(method) && body.source !== undefined) return undefined;
  if (!isNat(mutants) || !isNat(killed) || !isNat(inconclusive) || !Array.isArray(survived))
    return undefined;
  if (patch !== undefined && (typeof patch !== 'string' || !/^[0-9a-f]{64}$/.test(patch)))
    return undefined;
  if (seed !== undefined && !isNat(seed)) return undefined;
  const list: SurvivedMutant[] = [];
  for (const s of survived) {
    if (!isObject(s) || typeof s.file !== 'string' || !isNat(s.line)) return undefined;
    if (typeof s.operator !== 'string') return undefined;
    const { before, after } = s;
    if (typeof before !== typeof after || (before !== undefined && typeof before !== 'string'))
      return undefined;
    const snippet =
      typeof before === 'string' && typeof after === 'string' ? { before, after } : {};
    list.push({ file: s.file, line: s.line, operator: s.operator, ...snippet });
  }
  if (killed + list.length + inconclusive !== mutants) return undefined;
  const changed = method === CHANGED_METHOD ? parseChanged(body) : {};
  if (changed === undefined) return undefined;
  return {
    control,
    method,
    ...(patch === undefined ? {} : { patch }),
    ...(seed === undefined ? {} : { seed }),
    mutants,
    killed,
    survived: list,
    inconclusive,
    ...imported,
    ...changed,
  };
}

/** The base and counts of a changed-line mutant entry, or undefined when any is malformed. */
function parseChanged(body: JsonObject): Pick<EfficacyBody, 'base' | 'sites' | 'max'> | undefined {
  const { base, sites, max, mutants } = body;
  if (typeof base !== 'string' || !/^[0-9a-f]{40,64}$/.test(base)) return undefined;
  if (!isNat(sites) || !isNat(max) || !isNat(mutants) || mutants > sites) return undefined;
  return { base, sites, max };
}

export type EfficacyVerdict = 'proven' | 'ineffective' | 'unproven';

export interface EfficacyStatus {
  control: string;
  /** proven: the latest efficacy evidence caught at least one seeded defect; ineffective: none. */
  status: EfficacyVerdict;
  mutants: number;
  killed: number;
  /** Hash of the deciding efficacy entry. */
  entry?: string;
  time?: string;
  /** The deciding entry imported a mutation tool's report (proofgate did not run the mutants). */
  imported?: true;
}

/**
 * The efficacy of one control from the ledger: the latest well-formed efficacy entry about it, in
 * ledger order (never by the writer's clock), decides; of two entries at one rank the one that
 * caught nothing does. With `controlDigest`, only entries about that exact control definition
 * count: evidence about an older definition of the control says nothing about the current one.
 */
export function efficacyStatus(
  entries: readonly StoredEntry[],
  controlId: string,
  controlDigest?: string,
  order: LedgerOrder = new LedgerOrder(entries),
  acceptImported = true,
): EfficacyStatus {
  let latest: { stored: StoredEntry; body: EfficacyBody; rank: number } | undefined;
  for (const stored of entries) {
    if (stored.entry.kind !== 'efficacy') continue;
    if (controlDigest !== undefined && stored.entry.subject.control !== controlDigest) continue;
    const body = parseEfficacyBody(stored.entry.body);
    if (body?.control !== controlId) continue;
    // A task's changed-line mutants measure the change, not the control (changed-mutants.ts).
    if (body.method === CHANGED_METHOD) continue;
    if (!acceptImported && body.source === 'imported') continue;
    const rank = order.rank(stored.hash);
    if (latest === undefined || rank > latest.rank || (rank === latest.rank && body.killed === 0))
      latest = { stored, body, rank };
  }
  if (latest === undefined)
    return { control: controlId, status: 'unproven', mutants: 0, killed: 0 };
  const { body, stored } = latest;
  return {
    control: controlId,
    status: body.killed > 0 ? 'proven' : 'ineffective',
    mutants: body.mutants,
    killed: body.killed,
    entry: stored.hash,
    time: stored.entry.time,
    ...(body.source === 'imported' ? { imported: true as const } : {}),
  };
}

/** Executable controls are hard gates: they can be shown to fail. Manual and slot ones cannot. */
function isHardGate(control: Control): boolean {
  return control.applies.value && isMeasurable(control.execution.type);
}

export interface EfficacyGap {
  control: string;
  status: Exclude<EfficacyVerdict, 'proven'>;
  reason: string;
  next: string;
}

/**
 * Whether release claims need efficacy evidence: `policies.efficacy_required_for_release` when the
 * manifest sets it (false: the owner's opt-out, said in the verdict), else from production_ready.
 */
export function isEfficacyRequiredForRelease(manifest: Manifest): boolean {
  const set = manifest.policies.efficacy_required_for_release;
  if (set !== undefined) return set;
  const target = MATURITY_LEVELS.indexOf(manifest.profile.target_maturity);
  return target >= MATURITY_LEVELS.indexOf('production_ready');
}

/** The release verdict's note when the owner opted out of efficacy at production_ready or above. */
export function efficacyOptOut(manifest: Manifest): string | undefined {
  const target = manifest.profile.target_maturity;
  if (manifest.policies.efficacy_required_for_release !== false) return undefined;
  if (MATURITY_LEVELS.indexOf(target) < MATURITY_LEVELS.indexOf('production_ready'))
    return undefined;
  return `efficacy not required for this release: the manifest opts out (policies.efficacy_required_for_release: false) at ${target}, where it is required by default`;
}

/**
 * What blocks a release claim while efficacy is required (isEfficacyRequiredForRelease): every
 * hard gate required at the target maturity must be proven. Empty when it is not.
 */
export function findEfficacyGaps(
  manifest: Manifest,
  controls: readonly Control[],
  entries: readonly StoredEntry[],
  digests: ReadonlyMap<string, string> = new Map(),
): EfficacyGap[] {
  if (!isEfficacyRequiredForRelease(manifest)) return [];
  const target = manifest.profile.target_maturity;
  const order = new LedgerOrder(entries);
  // An imported report is a tool's claim proofgate did not observe: it counts for a release only
  // when the manifest accepts it.
  const acceptImported = manifest.policies.efficacy_accepts_imported === true;
  return controls
    .filter((c) => isHardGate(c) && isRequiredAt(c, target))
    .flatMap((c): EfficacyGap[] => {
      const s = efficacyStatus(entries, c.id, digests.get(c.id), order, acceptImported);
      if (s.status === 'proven') return [];
      const onlyImported =
        !acceptImported && efficacyStatus(entries, c.id, digests.get(c.id), order).imported;
      const reason =
        s.status === 'ineffective'
          ? `caught 0 of ${s.mutants} seeded defects`
          : onlyImported === true
            ? 'only an imported mutation report, which policies.efficacy_accepts_imported does not accept'
            : 'no efficacy evidence for this control definition';
      return [
        {
          control: c.id,
          status: s.status,
          reason,
          next: efficacyNexts([{ id: c.id, type: c.execution.type }])[0] ?? '',
        },
      ];
    });
}
