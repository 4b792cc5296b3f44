// Which plane decides a claim: with --base the base's rules (authorities, keys, policies and the
// controls that exist there), else the working plane. Kept apart from the claim flow so the
// decision itself does not depend on where its rules were read.
import { relative, sep } from 'node:path';
import {
  adoptionReport,
  decisionPlane,
  diffRules,
  ownRulesReport,
  withBaseAuthorities,
  type BaseRules,
  type RulesReport,
} from '../../core/gate/claim/base-rules.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { StoredEntry } from '../../core/ledger/types.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import {
  reportDefinitions,
  withDefinitionApprovals,
  type DefinitionReport,
} from '../../core/gate/claim/definition-approval.ts';
import {
  diffDefinitions,
  withReachChanges,
  type ReachChange,
} from '../../core/gate/claim/definition-diff.ts';
import { needsSignedStages } from '../../core/gate/authority/stage-strength.ts';
import { untrustedBase } from './trusted-rules.ts';

/**
 * The plane that decides and the report of where its rules came from: the base's under --base
 * (the working plane when the base has none, said so), the working plane otherwise. A task claim
 * may name a control the change adds; it is judged like any changed definition.
 */
export function rulesFor(
  plane: Plane,
  atBase: BaseRules | undefined,
  claimed: readonly string[],
  ownRules = false,
): { plane: Plane; report?: RulesReport } {
  if (atBase === undefined)
    return ownRules ? { plane, report: ownRulesReport(untrustedBase(plane)?.why) } : { plane };
  if (atBase.plane === undefined) {
    const where = relative(plane.root, plane.manifestPath).split(sep).join('/');
    return { plane, report: adoptionReport(atBase, where) };
  }
  const decided = decisionPlane(plane, atBase.plane);
  const known = new Set(decided.registry.controls.map((c) => c.id));
  const added = plane.registry.controls.filter((c) => claimed.includes(c.id) && !known.has(c.id));
  return {
    plane:
      added.length === 0
        ? decided
        : {
            ...decided,
            registry: {
              ...decided.registry,
              controls: [...decided.registry.controls, ...added],
            },
          },
    report: {
      base: atBase.base,
      commit: atBase.commit,
      from: 'base',
      changes: diffRules(atBase.plane.manifest, plane.manifest),
    },
  };
}

/**
 * After the decision under the deciding rules: with a base, stage results by authorities or keys
 * the base does not register stop counting, and every definition changed since the base is listed
 * and gates the claim until approved (an approver registered at the base; signed where required).
 * `removed`: controls a task covers that the change removes (they have no status to claim).
 * `gathered.reach`: the controls whose reach moved since the base (reach-changes.ts): changed
 * definitions too.
 */
export function gateByBase(
  decided: ClaimDecision,
  working: Plane,
  rules: { plane: Plane; report?: RulesReport },
  atBase: BaseRules | undefined,
  gathered: {
    statuses: readonly ControlStatus[];
    entries: readonly StoredEntry[];
    reach?: readonly ReachChange[];
  },
  removed: readonly string[] = [],
): { decision: ClaimDecision; definitions?: DefinitionReport; rules?: RulesReport } {
  if (atBase === undefined)
    return { decision: decided, ...(rules.report === undefined ? {} : { rules: rules.report }) };
  const manifest = rules.plane.manifest;
  const decision =
    atBase.plane === undefined
      ? decided
      : withBaseAuthorities(decided, gathered.statuses, manifest, atBase.base);
  const definitions = reportDefinitions(
    atBase.base,
    withReachChanges(
      diffDefinitions(atBase.plane?.registry.controls ?? [], working.registry.controls),
      gathered.reach ?? [],
      working.registry.controls,
    ),
    gathered.entries,
    manifest,
    needsSignedStages(manifest.profile.target_maturity),
  );
  const claimed = [...gathered.statuses.map((s) => s.control), ...removed];
  return {
    decision: withDefinitionApprovals(decision, definitions, manifest, claimed),
    definitions,
    ...(rules.report === undefined ? {} : { rules: rules.report }),
  };
}
