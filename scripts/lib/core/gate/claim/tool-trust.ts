// The gate's own binding: which proofgate judged a result (its package version, the digest of the
// bundle that ran and of the skill installed in the repository) and whether that gate can be
// trusted (references/gate-binding.md). Pure: the running bundle's digests,
// the installed skill's and the ledger's entries come in as values.
import type { JsonObject, JsonValue, StoredEntry } from '../../ledger/types.ts';
import type { Manifest } from '../../plane/types.ts';
import type { ClaimBlocker } from './decide-claim.ts';
import { nextCommand } from '../../next/next-table.ts';

export const TOOL_TRUST_STATES = ['clean', 'modified', 'unknown'] as const;
export type ToolTrust = (typeof TOOL_TRUST_STATES)[number];

export const TOOL_UPGRADE_POLICIES = ['none', 'major', 'minor', 'any'] as const;
export type ToolUpgradePolicy = (typeof TOOL_UPGRADE_POLICIES)[number];

/** What the running proofgate found about itself (io/host/tool-identity.ts). */
export interface ToolIdentity {
  version: string;
  /** sha256 over the running bundle's files; undefined when running from the sources. */
  bundle?: string;
  /** The bundle's files whose bytes are not the ones its build recorded (or that are missing). */
  bundleEdits: string[];
  /** Whether a build record (`dist/.digests.json`) was found beside the bundle. */
  buildRecord: boolean;
  /** The package lies under a node_modules directory (installed, not a development checkout). */
  installed: boolean;
  /** sha256 over the skill installed in the repository, when one is. */
  skill?: string;
  /** Installed skill files whose text is not the running package's. */
  skillEdits: string[];
}

/** What every result records about the gate that wrote it (`body.tool`). */
export interface ToolRecord {
  version: string;
  bundle?: string;
  skill?: string;
  trust: ToolTrust;
}

/** The gate's binding now, with why its trust state is what it is. */
export interface ToolBinding extends ToolRecord {
  reasons: string[];
}

export interface ToolPolicy {
  upgrade_stales: ToolUpgradePolicy;
  unknown: 'warn' | 'block';
}

export function toolPolicyOf(manifest: Manifest): ToolPolicy {
  const tool = manifest.policies.tool;
  return { upgrade_stales: tool?.upgrade_stales ?? 'major', unknown: tool?.unknown ?? 'warn' };
}

/** What a result records: the trust state from the build record, the pins and the skill alone. */
export function recordOf(identity: ToolIdentity, manifest: Manifest): ToolRecord {
  const { reasons: _reasons, ...record } = judgeTool(identity, manifest, []);
  return record;
}

/**
 * Trust: `modified` when anything the gate can be compared with disagrees (its build record, the
 * manifest's pin for this version, the package's own skill text, or, for an installed package, an
 * earlier result of the same version in the ledger that recorded another bundle); `clean` when an
 * installed or pinned bundle agrees with all of them; `unknown` otherwise (running from the
 * sources, no build record, or a development build of a checkout nothing pins).
 */
export function judgeTool(
  identity: ToolIdentity,
  manifest: Manifest,
  entries: readonly StoredEntry[],
): ToolBinding {
  const reasons: string[] = [];
  const { version, bundle } = identity;
  if (identity.bundleEdits.length > 0)
    reasons.push(
      `bundle file(s) differ from the build record: ${identity.bundleEdits.slice(0, 3).join(', ')}`,
    );
  // Every published package ships its build record: an installed one without it was tampered with.
  if (identity.installed && bundle !== undefined && !identity.buildRecord)
    reasons.push('the build record dist/.digests.json is missing from the installed package');
  const pin = manifest.policies.tool?.bundles?.[version];
  if (pin !== undefined && pin !== bundle)
    reasons.push(`bundle ${short(bundle)} is not the one the manifest pins for ${version}`);
  if (identity.skillEdits.length > 0)
    reasons.push(
      `installed skill file(s) differ from proofgate ${version}'s: ${identity.skillEdits.slice(0, 3).join(', ')}`,
    );
  const earlier = identity.installed ? firstOfVersion(entries, version) : undefined;
  if (earlier !== undefined && bundle !== undefined && earlier.bundle !== bundle)
    reasons.push(
      `bundle ${short(bundle)} is not the ${short(earlier.bundle)} that proofgate ${version} recorded first (${earlier.entry.slice(0, 12)})`,
    );
  const base = { version, ...optional('bundle', bundle), ...optional('skill', identity.skill) };
  if (reasons.length > 0) return { ...base, trust: 'modified', reasons };
  if (bundle === undefined || !identity.buildRecord)
    return { ...base, trust: 'unknown', reasons: ['running from the sources: no built bundle'] };
  if (!identity.installed && pin === undefined)
    return {
      ...base,
      trust: 'unknown',
      reasons: ['a development build of a checkout, not an installed package, and not pinned'],
    };
  return { ...base, trust: 'clean', reasons: [] };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function short(digest: string | undefined): string {
  return digest === undefined ? '(none)' : `${digest.slice(0, 12)}…`;
}

/** `body.tool` of a result entry, when it has a well-formed one. */
export function readToolRecord(body: JsonObject): ToolRecord | undefined {
  const tool = body['tool'];
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) return undefined;
  const t = tool as Record<string, JsonValue>;
  const { version, bundle, skill, trust } = t;
  if (typeof version !== 'string') return undefined;
  if (typeof trust !== 'string' || !(TOOL_TRUST_STATES as readonly string[]).includes(trust))
    return undefined;
  return {
    version,
    trust: trust as ToolTrust,
    ...(typeof bundle === 'string' ? { bundle } : {}),
    ...(typeof skill === 'string' ? { skill } : {}),
  };
}

function firstOfVersion(
  entries: readonly StoredEntry[],
  version: string,
): { bundle: string; entry: string } | undefined {
  for (const stored of entries) {
    if (!['run', 'audit', 'attest'].includes(stored.entry.kind)) continue;
    const record = readToolRecord(stored.entry.body);
    if (record?.version === version && record.bundle !== undefined && record.trust !== 'modified')
      return { bundle: record.bundle, entry: stored.hash };
  }
  return undefined;
}

function parts(version: string): number[] {
  return version
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => Number.parseInt(p, 10) || 0);
}

/**
 * Why a result recorded by `recorded` no longer counts under the current gate, or undefined when
 * it still does. A result written by a modified gate never counts. Under `major` (the default) a
 * different major version stales (for 0.x, a different minor: semver's breaking step there).
 */
export function toolStaleReason(
  recorded: ToolRecord | undefined,
  current: ToolBinding,
  policy: ToolPolicy,
): string | undefined {
  if (recorded === undefined) return undefined;
  if (recorded.trust === 'modified')
    return `recorded by a modified proofgate ${recorded.version}: a modified gate's results never count`;
  if (recorded.version === current.version || policy.upgrade_stales === 'none') return undefined;
  const [a0 = 0, a1 = 0] = parts(recorded.version);
  const [b0 = 0, b1 = 0] = parts(current.version);
  const major = a0 !== b0 || (a0 === 0 && a1 !== b1);
  const stale =
    policy.upgrade_stales === 'any' || major || (policy.upgrade_stales === 'minor' && a1 !== b1);
  return stale
    ? `recorded by proofgate ${recorded.version}, now ${current.version} (policies.tool.upgrade_stales: ${policy.upgrade_stales})`
    : undefined;
}

const TOOL_NEXT = `reinstall proofgate (npm ci where it is a devDependency, else its tarball again), then run the controls again (${nextCommand('evaluateRun')})`;

/** A modified gate refuses every claim; an unknown one too under `policies.tool.unknown: block`. */
export function toolBlockers(tool: ToolBinding | undefined, policy: ToolPolicy): ClaimBlocker[] {
  if (tool === undefined || tool.trust === 'clean') return [];
  if (tool.trust === 'unknown' && policy.unknown !== 'block') return [];
  return [
    {
      control: 'tool:proofgate',
      stage: 'self',
      status: 'BLOCKED',
      reason: `the gate itself is ${tool.trust}: ${tool.reasons.join('; ')}`,
      next: TOOL_NEXT,
    },
  ];
}
