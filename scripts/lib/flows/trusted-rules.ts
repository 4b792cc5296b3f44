// The rules a verdict is decided with: the base's (`--base <ref>` in CI; locally the upstream
// branch's fork point, the same rule), so a key, authority, maturity, not-applicable or command
// change made in the working tree or in unpushed commits is listed "not in effect" until merged
// or approved. Undefined when there is no base at all: the working tree's own rules decide, and
// every verdict says so (base-rules.ts ownRulesReport).
import type { BaseRules } from '../core/gate/base-rules.ts';
import type { Plane } from '../core/plane/plane.ts';
import { readBasePlane } from '../io/base-registry.ts';
import { findTrustedBase } from '../io/trusted-base.ts';

export async function readTrustedRules(
  plane: Plane,
  base: string | undefined,
): Promise<BaseRules | undefined> {
  if (base !== undefined) return readBasePlane(plane, base);
  const trusted = await findTrustedBase(plane.root);
  if (trusted === undefined) return undefined;
  return { ...(await readBasePlane(plane, trusted.commit)), base: trusted.ref };
}
