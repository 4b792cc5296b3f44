// Rules come from the base: with `claim --base`, the authorities, keys, policies and the set of
// controls that decide the verdict are the base commit's, so a change cannot loosen the rules it is
// judged by. What the change alters in them is listed and takes effect once merged; a changed
// control definition counts only with the release authority's approval (definition-approval.ts).
// Pure: both planes come in already read and validated.
import { needsSignedStages } from '../authority/stage-strength.ts';
import { digestJson } from '../../hash.ts';
import type { Plane } from '../../plane/plane.ts';
import type { Authority, Manifest } from '../../plane/types.ts';
import { checkAuthority } from '../authority/check-independence.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import { withBlockers, type ClaimBlocker, type ClaimDecision } from './decide-claim.ts';
import { formatAuditCommand, formatEvaluateCommand } from '../../next/next-command.ts';

/** The plane at a base ref as the claim verb read it. */
export interface BaseRules {
  /** The ref as given, and the commit it resolved to. */
  base: string;
  commit: string;
  /** The validated plane at the base; undefined when the base has no control plane there. */
  plane?: Plane;
}

/** Where a verdict's rules came from, and what the change under review alters in them. */
export interface RulesReport {
  /** The base ref and commit; absent when there is none (no --base and no upstream branch). */
  base?: string;
  commit?: string;
  from: 'base' | 'working';
  /** Why the working plane decides (only when `from` is `working`). */
  reason?: string;
  /** One line per rule the change alters; none of them is in effect until merged. */
  changes: string[];
}

/**
 * The plane a verdict is decided with: the base manifest (authorities, keys, policies, profile) and
 * the controls that exist at the base, in their current definition (a changed definition is gated
 * by approval). Controls added by the change are left out: they apply once merged.
 */
export function decisionPlane(working: Plane, base: Plane): Plane {
  const known = new Set(base.registry.controls.map((c) => c.id));
  return {
    ...working,
    manifest: base.manifest,
    registry: {
      ...working.registry,
      controls: working.registry.controls.filter((c) => known.has(c.id)),
    },
  };
}

/**
 * The report for a local verdict without any base (no --base, no upstream branch): the working
 * tree's own rules decide, and nothing reviewed stands behind a key or control it changed.
 */
/** No base: the working tree's rules decide; `untrusted` says why a base found was not used. */
export function ownRulesReport(untrusted?: string): RulesReport {
  return {
    from: 'working',
    reason:
      untrusted === undefined
        ? "this working tree's own (no upstream branch: a key, authority or control change here counts unreviewed)"
        : `this working tree's own, judged as without a base because the base is not trusted: ${untrusted}; every required control counts and a key, authority or control change here counts unreviewed`,
    changes: [],
  };
}

/** The report for a base without a control plane: the change adopts proofgate. */
export function adoptionReport(rules: BaseRules, manifestPath: string): RulesReport {
  return {
    base: rules.base,
    commit: rules.commit,
    from: 'working',
    reason: `no control plane at ${rules.base} (${manifestPath} does not exist there): this change adopts proofgate, so its own rules decide until it is merged`,
    changes: [],
  };
}

function describeAuthority(a: Authority): string {
  const keys = (a.keys ?? []).map((k) => k.keyid.slice(0, 12));
  const identities = (a.identities ?? []).map((i) => i.subject);
  return `${a.kind}, stages ${a.stages.join(', ')}${keys.length === 0 ? '' : `, keys ${keys.join(', ')}`}${identities.length === 0 ? '' : `, identities ${identities.join(', ')}`}${a.retired === undefined ? '' : `, retired ${a.retired}`}`;
}

function authorityChanges(base: readonly Authority[], now: readonly Authority[]): string[] {
  const before = new Map(base.map((a) => [a.id, a]));
  const after = new Map(now.map((a) => [a.id, a]));
  const lines: string[] = [];
  for (const a of now) {
    const old = before.get(a.id);
    if (old === undefined) lines.push(`authority ${a.id} added (${describeAuthority(a)})`);
    else if (digestJson(old) !== digestJson(a))
      lines.push(
        `authority ${a.id} changed (${describeAuthority(old)} -> ${describeAuthority(a)})`,
      );
  }
  for (const a of base)
    if (!after.has(a.id)) lines.push(`authority ${a.id} removed (${describeAuthority(a)})`);
  return lines;
}

function leafChanges(prefix: string, before: unknown, after: unknown): string[] {
  if (digestJson(before ?? null) === digestJson(after ?? null)) return [];
  const isMap = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isMap(before) && isMap(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => leafChanges(`${prefix}.${k}`, before[k], after[k]));
  }
  const show = (v: unknown): string => (v === undefined ? '(absent)' : JSON.stringify(v));
  return [`${prefix}: ${show(before)} -> ${show(after)}`];
}

/** Every manifest rule the working tree changes relative to the base, one line each. */
export function diffRules(base: Manifest, working: Manifest): string[] {
  const { authorities: a0, ...rest0 } = base;
  const { authorities: a1, ...rest1 } = working;
  const keys = [...new Set([...Object.keys(rest0), ...Object.keys(rest1)])].sort();
  return [
    ...authorityChanges(a0, a1),
    ...keys.flatMap((k) =>
      leafChanges(k, (rest0 as Record<string, unknown>)[k], (rest1 as Record<string, unknown>)[k]),
    ),
  ];
}

/**
 * A stage counts only when its actor is registered for that stage in the base manifest (with a
 * base key when the authority has keys there): an authority or key the change adds does not
 * count until merged. Stages that already block are not listed twice.
 */
export function withBaseAuthorities(
  decision: ClaimDecision,
  statuses: readonly ControlStatus[],
  manifest: Manifest,
  base: string,
): ClaimDecision {
  const blocked = new Set(decision.blockers.map((b) => `${b.control}/${b.stage}`));
  const blockers: ClaimBlocker[] = [];
  for (const status of statuses) {
    if (status.status === 'NOT_APPLICABLE') continue;
    for (const stage of decision.stages) {
      const { actor, status: value } = status.stages[stage];
      if (actor === undefined || blocked.has(`${status.control}/${stage}`)) continue;
      const problems = checkAuthority(actor, manifest, stage);
      if (problems.length === 0) continue;
      blockers.push({
        control: status.control,
        stage,
        status: value,
        reason: `${stage} by ${actor.authority} does not count under the rules at ${base}: ${problems.join('; ')}`,
        next:
          stage === 'self'
            ? formatEvaluateCommand({ control: status.control })
            : formatAuditCommand(
                status.control,
                stage,
                undefined,
                manifest.authorities,
                needsSignedStages(manifest.profile.target_maturity),
              ),
      });
    }
  }
  return withBlockers(
    decision,
    blockers,
    `stage result(s) by authorities or keys not registered at ${base}`,
  );
}
