// A convergence campaign (references/campaign.md): phases of tasks over affected controls with an
// exit policy. The spec is checked completely (every problem at once); registered campaigns live
// only as `note` entries in the ledger, never in an editable file.
import { digestJson } from '../hash.ts';
import type { JsonObject, StoredEntry } from '../ledger/types.ts';
import type { Control } from '../plane/types.ts';

export interface ExitPolicy {
  /** Most violations a task may add across its ratchet controls. */
  max_new_violations: number;
  /** Fewest violations a task must fix across its ratchet controls. */
  min_fixed: number;
}

export interface CampaignTask {
  id: string;
  title: string;
  /** Affected controls: a subset of the campaign's controls. */
  controls: string[];
  exit_policy?: ExitPolicy;
}

export interface CampaignPhase {
  id: string;
  title: string;
  tasks: CampaignTask[];
}

export interface CampaignSpec {
  id: string;
  revision: number;
  title: string;
  controls: string[];
  exit_policy: ExitPolicy;
  phases: CampaignPhase[];
}

export interface CampaignRecord {
  spec: CampaignSpec;
  /** Registry digest at registration (campaigns registered before `definitions` drift on it). */
  registry: string;
  /**
   * Control id → digest of its definition at registration, for every control the campaign names:
   * a campaign drifts (needs a new revision) only when one of these changes or disappears.
   */
  definitions?: Record<string, string>;
  /** Ratchet control → hash of the baseline note the campaign measures against. */
  baselines: Record<string, string>;
  hash: string;
  time: string;
  authority: string;
  /** The key or keyless identity that signed the registration (verified with the ledger). */
  keyid?: string;
}

const ID = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;
const HEX64 = /^[0-9a-f]{64}$/;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function checkKeys(v: Obj, allowed: readonly string[], at: string, problems: string[]): void {
  for (const key of Object.keys(v)) {
    if (!allowed.includes(key))
      problems.push(`${at}/${key}: unknown field (allowed: ${allowed.join(', ')})`);
  }
}

function readId(v: unknown, at: string, problems: string[]): string {
  if (typeof v === 'string' && ID.test(v)) return v;
  problems.push(`${at}: expected an id matching ${ID.source}`);
  return '';
}

function readText(v: unknown, at: string, problems: string[]): string {
  if (typeof v === 'string' && v.trim() !== '') return v;
  problems.push(`${at}: expected a non-empty string`);
  return '';
}

function readPolicy(v: unknown, at: string, problems: string[]): ExitPolicy {
  if (!isObj(v)) {
    problems.push(`${at}: expected {max_new_violations, min_fixed}`);
    return { max_new_violations: 0, min_fixed: 0 };
  }
  checkKeys(v, ['max_new_violations', 'min_fixed'], at, problems);
  const policy = { max_new_violations: v['max_new_violations'], min_fixed: v['min_fixed'] };
  for (const [key, value] of Object.entries(policy)) {
    if (!isNat(value)) problems.push(`${at}/${key}: expected a whole number >= 0`);
  }
  return policy as ExitPolicy;
}

function readIds(v: unknown, at: string, problems: string[]): string[] {
  if (!Array.isArray(v) || v.length === 0) {
    problems.push(`${at}: expected a non-empty list of control ids`);
    return [];
  }
  return v.map((item, i) => readId(item, `${at}/${i}`, problems));
}

/** Structure only; `knownControls` (when given) must contain every affected control. */
export function checkCampaignSpec(
  value: unknown,
  knownControls?: ReadonlySet<string>,
): { spec: CampaignSpec; problems: string[] } {
  const problems: string[] = [];
  const v = isObj(value) ? value : {};
  if (!isObj(value))
    problems.push('/: expected a mapping with id, revision, title, controls, exit_policy, phases');
  checkKeys(v, ['id', 'revision', 'title', 'controls', 'exit_policy', 'phases'], '', problems);
  const revision = v['revision'];
  if (!isNat(revision) || revision < 1) problems.push('/revision: expected a whole number >= 1');
  const spec: CampaignSpec = {
    id: readId(v['id'], '/id', problems),
    revision: isNat(revision) ? revision : 0,
    title: readText(v['title'], '/title', problems),
    controls: readIds(v['controls'], '/controls', problems),
    exit_policy: readPolicy(v['exit_policy'], '/exit_policy', problems),
    phases: [],
  };
  const phases = Array.isArray(v['phases']) ? v['phases'] : [];
  if (phases.length === 0) problems.push('/phases: expected at least one phase');
  const seen = new Set<string>();
  const unique = (id: string, at: string) => {
    if (seen.has(id))
      problems.push(`${at}: duplicate id ${id} (phase and task ids are unique in a campaign)`);
    seen.add(id);
  };
  phases.forEach((p: unknown, i) => {
    const at = `/phases/${i}`;
    const phase = isObj(p) ? p : {};
    checkKeys(phase, ['id', 'title', 'tasks'], at, problems);
    const tasks = Array.isArray(phase['tasks']) ? phase['tasks'] : [];
    if (tasks.length === 0) problems.push(`${at}/tasks: expected at least one task`);
    const read: CampaignPhase = {
      id: readId(phase['id'], `${at}/id`, problems),
      title: readText(phase['title'], `${at}/title`, problems),
      tasks: [],
    };
    unique(read.id, `${at}/id`);
    tasks.forEach((t: unknown, j) => {
      const tat = `${at}/tasks/${j}`;
      const task = isObj(t) ? t : {};
      checkKeys(task, ['id', 'title', 'controls', 'exit_policy'], tat, problems);
      const parsed: CampaignTask = {
        id: readId(task['id'], `${tat}/id`, problems),
        title: readText(task['title'], `${tat}/title`, problems),
        controls: readIds(task['controls'], `${tat}/controls`, problems),
      };
      if (task['exit_policy'] !== undefined)
        parsed.exit_policy = readPolicy(task['exit_policy'], `${tat}/exit_policy`, problems);
      unique(parsed.id, `${tat}/id`);
      for (const c of parsed.controls) {
        if (c !== '' && !spec.controls.includes(c))
          problems.push(`${tat}/controls: ${c} is not one of the campaign's controls`);
      }
      read.tasks.push(parsed);
    });
    spec.phases.push(read);
  });
  if (knownControls !== undefined) {
    for (const c of spec.controls) {
      if (c !== '' && !knownControls.has(c))
        problems.push(`/controls: ${c} is not a control in the registry`);
    }
  }
  return { spec, problems };
}

function parseCampaignBody(stored: StoredEntry): CampaignRecord | undefined {
  const body: JsonObject = stored.entry.body;
  if (stored.entry.kind !== 'note' || body['type'] !== 'campaign') return undefined;
  const { registry, baselines, campaign, definitions } = body;
  if (typeof registry !== 'string' || !HEX64.test(registry) || !isObj(baselines)) return undefined;
  if (Object.keys(body).length !== (definitions === undefined ? 4 : 5)) return undefined;
  const isDigestMap = (v: unknown): v is Record<string, string> =>
    isObj(v) && Object.values(v).every((h) => typeof h === 'string' && HEX64.test(h));
  if (!isDigestMap(baselines)) return undefined;
  if (definitions !== undefined && !isDigestMap(definitions)) return undefined;
  const { spec, problems } = checkCampaignSpec(campaign);
  if (problems.length > 0) return undefined;
  if (definitions !== undefined && spec.controls.some((c) => definitions[c] === undefined))
    return undefined;
  return {
    spec,
    registry,
    ...(definitions === undefined ? {} : { definitions }),
    baselines,
    hash: stored.hash,
    time: stored.entry.time,
    authority: stored.entry.actor.authority,
    ...(stored.entry.actor.keyid === undefined ? {} : { keyid: stored.entry.actor.keyid }),
  };
}

/** Every registered campaign at its highest revision (equal revisions: the latest entry). */
export function foldCampaigns(entries: readonly StoredEntry[]): Map<string, CampaignRecord> {
  const latest = new Map<string, CampaignRecord>();
  for (const stored of entries) {
    const record = parseCampaignBody(stored);
    if (record === undefined) continue;
    const previous = latest.get(record.spec.id);
    if (previous !== undefined && previous.spec.revision > record.spec.revision) continue;
    latest.set(record.spec.id, record);
  }
  return latest;
}

export function findTask(
  spec: CampaignSpec,
  taskId: string,
): { phase: CampaignPhase; task: CampaignTask } | undefined {
  for (const phase of spec.phases) {
    const task = phase.tasks.find((t) => t.id === taskId);
    if (task !== undefined) return { phase, task };
  }
  return undefined;
}

/** The definition digest of each named control, as a campaign records it at registration. */
export function digestDefinitions(
  controls: readonly Control[],
  ids: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    controls.filter((c) => ids.includes(c.id)).map((c) => [c.id, digestJson(c)]),
  );
}

/**
 * Why the campaign drifted from the registry now (empty: it did not). A campaign depends on the
 * definitions of its own controls, so adding or editing another control leaves it active; one
 * registered before definitions were recorded drifts on any registry change.
 */
export function findCampaignDrift(
  campaign: Pick<CampaignRecord, 'registry' | 'definitions'>,
  controls: readonly Control[],
  registryDigest: string,
): string[] {
  if (campaign.definitions === undefined)
    return campaign.registry === registryDigest ? [] : ['the registry changed'];
  const now = digestDefinitions(controls, Object.keys(campaign.definitions));
  return Object.entries(campaign.definitions).flatMap(([id, digest]) =>
    now[id] === undefined
      ? [`${id} was removed from the registry`]
      : now[id] === digest
        ? []
        : [`the definition of ${id} changed`],
  );
}
