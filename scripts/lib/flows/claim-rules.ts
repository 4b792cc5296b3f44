// Which plane decides a claim: with --base the base's rules (authorities, keys, policies and the
// controls that exist there), else the working plane. Kept apart from the claim flow so the
// decision itself does not depend on where its rules were read.
import { relative, sep } from 'node:path';
import {
  adoptionReport,
  decisionPlane,
  diffRules,
  type BaseRules,
  type RulesReport,
} from '../core/gate/base-rules.ts';
import type { Plane } from '../core/plane/plane.ts';

/**
 * The plane that decides and the report of where its rules came from: the base's under --base
 * (the working plane when the base has none, said so), the working plane otherwise. A task claim
 * may name a control the change adds; it is judged like any changed definition.
 */
export function rulesFor(
  plane: Plane,
  atBase: BaseRules | undefined,
  claimed: readonly string[],
): { plane: Plane; report?: RulesReport } {
  if (atBase === undefined) return { plane };
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
