// `init`'s profile: read and checked (file and flags), and compared with an existing plane's
// (the differences, or the target-maturity raise it asks for).
import type { World, WorldExtras } from '../../core/world/world.ts';
import { resolve } from 'node:path';
import { ConfigError, UsageError } from '../../core/errors.ts';
import { digestJson } from '../../core/hash.ts';
import { locateFlagProblems, mergeProfileOverrides } from '../../core/plane/profile-decisions.ts';
import { toProfile } from '../../core/plane/plan-plane.ts';
import { profileRules } from '../../core/plane/rules.ts';
import type { Manifest, ProfileFile } from '../../core/plane/types.ts';
import { collectProblems } from '../../core/plane/validate.ts';
import {
  isHigherMaturity,
  planMaturityRaise,
  type MaturityRaise,
} from '../../core/plane/raise-maturity.ts';

/** Reads and checks the owner's profile (file and/or flags); every problem at once, exit 2. */
export function readProfile(
  cwd: string,
  file: string | undefined,
  overrides: Record<string, unknown>,
  world: Pick<World, 'planeFiles'> & Pick<WorldExtras, 'repo'>,
): ProfileFile {
  let fileValue: unknown = {};
  const shown = file ?? 'profile';
  if (file !== undefined) {
    const path = resolve(cwd, file);
    if (!world.repo.pathExists(path))
      throw new UsageError('BAD_VALUE', `profile file ${file} does not exist`, {
        where: '--profile',
        next: 'write one with "proofgate init --template > profile.yaml" and fill it in',
      });
    fileValue = world.planeFiles.readYamlFile(path, file);
  }
  const merged = mergeProfileOverrides(fileValue, overrides);
  const problems = locateFlagProblems(
    collectProblems<ProfileFile>('profile', merged.value, shown, profileRules),
    shown,
    merged.fromFlags,
  );
  if (problems.length > 0)
    throw new ConfigError(
      'SCHEMA_INVALID',
      `the init profile has ${problems.length} problem(s); nothing was written`,
      {
        where: shown,
        problems,
        // with a profile file the way forward is that file (or flags), not the template again
        next:
          file === undefined
            ? 'run "proofgate init --template" to see every decision and its allowed values'
            : `fill in ${file} (each field's values are listed above), or give the decisions as flags: proofgate init --profile ${file} --development-mode <mode> ...`,
      },
    );
  return merged.value as ProfileFile;
}

export function describeDifferences(existing: Manifest, wanted: ProfileFile): string[] {
  const now = toProfile(wanted) as unknown as Record<string, unknown>;
  const before = existing.profile as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(now), ...Object.keys(before)])].sort();
  return keys
    .filter((k) => digestJson(now[k] ?? null) !== digestJson(before[k] ?? null))
    .map(
      (k) =>
        `profile.${k}: the plane has ${JSON.stringify(before[k] ?? null)}, the new profile says ${JSON.stringify(now[k] ?? null)}`,
    );
}

/**
 * The raise `wanted` asks for: every decision the same as the plane's but a higher target
 * maturity. Lowering is refused (the owner edits the manifest); undefined otherwise.
 */
export function maturityRaise(
  existing: Manifest,
  wanted: ProfileFile,
  manifestFile: string,
): MaturityRaise | undefined {
  const to = toProfile(wanted).target_maturity;
  const from = existing.profile.target_maturity;
  if (to === from) return undefined;
  const same: ProfileFile = { ...wanted, target_maturity: from };
  if (describeDifferences(existing, same).length > 0) return undefined;
  if (!isHigherMaturity(to, from))
    throw new ConfigError(
      'PLANE_EXISTS',
      `init only raises the target maturity; nothing was changed`,
      {
        where: manifestFile,
        problems: [
          `profile.target_maturity: the plane has ${from}, the new profile says ${to} (lower)`,
        ],
        next: `lowering the target is the owner's decision: edit profile.target_maturity in ${manifestFile}, then run "proofgate init --render"`,
      },
    );
  return planMaturityRaise(existing, to);
}
