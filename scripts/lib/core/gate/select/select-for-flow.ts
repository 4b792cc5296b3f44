// Shared option checks for the gate flows: known control ids, a registered actor.
import { UsageError } from '../../errors.ts';
import type { Actor, AuditStage } from '../../ledger/types.ts';
import type { Control, Manifest, Registry } from '../../plane/types.ts';
import { checkAuthority } from '../authority/check-independence.ts';
import {
  collectSecrets,
  declaredEnvNames,
  type RedactionRules,
} from '../../redact/secret-values.ts';
import { selectRequired } from './select-controls.ts';
import type { Plane } from '../../plane/plane.ts';
import { nextCommand } from '../../next/next-table.ts';

/** The named controls in registry order; unknown ids are a usage error listing what exists. */
export function pickControls(registry: Registry, ids: readonly string[]): Control[] {
  const known = new Set(registry.controls.map((c) => c.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new UsageError('UNKNOWN_ID', `unknown control ${unknown.join(', ')}`, {
      expected: `one of: ${[...known].join(', ') || '(the registry has no controls)'}`,
      next: `run "${nextCommand('status')}" to list the controls`,
    });
  }
  return registry.controls.filter((c) => ids.includes(c.id));
}

/**
 * The controls a gate verb works on: the named ones, or with no names every control the plane's
 * target maturity requires.
 */
export function controlsFor(
  plane: Pick<Plane, 'registry' | 'manifest'>,
  ids: readonly string[],
): Control[] {
  return ids.length > 0
    ? pickControls(plane.registry, ids)
    : selectRequired(plane.registry.controls, plane.manifest.profile.target_maturity);
}

export function assertActorMayAct(actor: Actor, manifest: Manifest, stage: AuditStage): void {
  const problems = checkAuthority(actor, manifest, stage);
  if (problems.length > 0) {
    throw new UsageError('BAD_VALUE', `${actor.authority} may not act in stage ${stage}`, {
      problems,
      next: 'use an authority registered for this stage in controls/manifest.yaml',
    });
  }
}

export function redactionRulesFor(
  plane: Pick<Plane, 'registry' | 'manifest' | 'root'>,
  env: Readonly<Record<string, string | undefined>>,
): RedactionRules {
  const names = declaredEnvNames(plane.manifest, plane.registry);
  return { secrets: collectSecrets(env, names), roots: [plane.root] };
}

export function assertJobs(jobs: number): void {
  if (!Number.isSafeInteger(jobs) || jobs < 1) {
    throw new UsageError('BAD_VALUE', `--jobs must be a whole number of at least 1, got ${jobs}`);
  }
}
