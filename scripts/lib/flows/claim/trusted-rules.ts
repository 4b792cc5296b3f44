// The rules a verdict is decided with: the base's (`--base <ref>` in CI; locally the upstream
// branch's fork point, the same rule), so a key, authority, maturity, not-applicable or command
// change made in the working tree or in unpushed commits is listed "not in effect" until merged
// or approved. Undefined when there is no base at all: the working tree's own rules decide, and
// every verdict says so (base-rules.ts ownRulesReport).
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { World } from '../../core/world/world.ts';
import type { TrustedBase } from '../../core/world/git-port.ts';
import type { LoadedTrust } from '../../core/trust/trust-file.ts';
import { applyTrust } from '../../core/trust/apply-trust.ts';

// Why the base found for a plane was not trusted (io/repo/base-trust.ts), by the plane the rules
// were read for: the decision (claim-rules.ts rulesFor) says it where it says the tree's own
// rules decide, whoever read the rules (claim, the hook, a view).
const distrusted = new WeakMap<Plane, BaseDistrust>();

type BaseDistrust = NonNullable<TrustedBase['untrusted']>;

/** Why the base last found for `plane` is not trusted; undefined when it was, or none was found. */
export function untrustedBase(plane: Plane): BaseDistrust | undefined {
  return distrusted.get(plane);
}

export async function readTrustedRules(
  { git, planeFiles }: Pick<World, 'git' | 'planeFiles'>,
  plane: Plane,
  base: string | undefined,
): Promise<BaseRules | undefined> {
  distrusted.delete(plane);
  if (base !== undefined) return planeFiles.readBasePlane(plane, base);
  const trusted = await git.findTrustedBase(plane.root);
  if (trusted === undefined) return undefined;
  // A base local git commands could have moved judges nothing: the verdict is made as without
  // one (every required control; the tree's own rules, counted unreviewed) and says why.
  if (trusted.untrusted !== undefined) {
    distrusted.set(plane, trusted.untrusted);
    return undefined;
  }
  return { ...(await planeFiles.readBasePlane(plane, trusted.commit)), base: trusted.ref };
}

/**
 * The rules the verdict views decide with (status, readiness, next, status --blockers, report),
 * read as `claim` reads them: the `--base` ref's when given, else the upstream branch's, with an
 * auditor's `--trust` file's authorities and keys in place of the base's. `null`: there is no
 * base, the tree's own rules decide (said so).
 */
export async function readViewRules(
  world: Pick<World, 'git' | 'planeFiles'>,
  plane: Plane,
  trust: LoadedTrust | undefined,
  base?: string,
): Promise<BaseRules | null> {
  return withTrust(await readTrustedRules(world, plane, base), trust) ?? null;
}

/** With a trust file the base's authorities and keys are the file's too, never the repository's. */
export function withTrust<T extends { plane?: Plane | undefined }>(
  rules: T | undefined,
  trust: LoadedTrust | undefined,
): T | undefined {
  return rules?.plane === undefined || trust === undefined
    ? rules
    : { ...rules, plane: applyTrust(rules.plane, trust) };
}
