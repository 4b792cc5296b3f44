// Who may grant an authorization. Discovering that a command needs a capability never grants it, and
// the one who wants to run the command may not grant it either: each kind names the authorities that
// may. A grant is recorded in the run entry with the grantor's identity.
import { UsageError } from '../../errors.ts';
import type { Actor } from '../../ledger/types.ts';
import type { Authority, AuthorizationKind, Manifest } from '../../plane/types.ts';

/** A kind of authority that may grant: any human, or an authority registered for release_authority. */
export const GRANTOR_RULES = ['human', 'release_owner'] as const;
type GrantorRule = (typeof GRANTOR_RULES)[number];

/** Every authorization kind and who may grant it; the type keeps the table complete. */
export const AUTHORIZATION_GRANTORS = {
  install_dependencies: ['human', 'release_owner'],
  secrets: ['human', 'release_owner'],
  paid_service: ['human', 'release_owner'],
  remote_mutation: ['human', 'release_owner'],
  production_mutation: ['human', 'release_owner'],
  privileged: ['human', 'release_owner'],
  publish: ['human', 'release_owner'],
  deploy: ['human', 'release_owner'],
  rewrite_files: ['human', 'release_owner'],
} as const satisfies Record<AuthorizationKind, readonly GrantorRule[]>;

/** The authority that grants, with the key it can sign with when its authority has keys. */
import type { Grant, Grantor } from '../../shared/authority.ts';

export type { Grant, Grantor };

function satisfies(rule: GrantorRule, authority: Authority): boolean {
  return rule === 'human'
    ? authority.kind === 'human'
    : authority.stages.includes('release_authority');
}

/** Why `grantor` may not grant `kinds` to `actor`; empty when every grant is allowed. */
export function checkGrants(
  kinds: readonly AuthorizationKind[],
  grantor: Grantor,
  actor: Actor,
  manifest: Manifest,
): string[] {
  if (kinds.length === 0) return [];
  const authority = manifest.authorities.find((a) => a.id === grantor.authority);
  if (authority === undefined) {
    return [`grantor ${grantor.authority} is not registered in the manifest`];
  }
  const problems: string[] = [];
  if (authority.kind === 'agent')
    problems.push(`${grantor.authority} is an agent: agents never grant`);
  else if (grantor.authority === actor.authority && authority.kind !== 'human') {
    problems.push(
      `${grantor.authority} is the acting authority: it may not grant itself a capability`,
    );
  }
  for (const kind of [...new Set(kinds)].sort()) {
    const rules: readonly GrantorRule[] = AUTHORIZATION_GRANTORS[kind];
    if (!rules.some((rule) => satisfies(rule, authority))) {
      problems.push(
        `${grantor.authority} may not grant ${kind} (granted by: ${rules.map(describeRule).join(' or ')})`,
      );
    }
  }
  const keys = authority.keys ?? [];
  if (keys.length > 0 && !keys.some((k) => k.keyid === grantor.keyid)) {
    problems.push(`${grantor.authority} has registered keys: its key must be available to grant`);
  }
  return problems;
}

function describeRule(rule: GrantorRule): string {
  return rule === 'human' ? 'a human authority' : 'an authority with stage release_authority';
}

/** The grants to record, or a usage error (exit 2) naming every reason a grant is refused. */
export function resolveGrants(
  kinds: readonly AuthorizationKind[],
  grantor: Grantor,
  actor: Actor,
  manifest: Manifest,
): Grant[] {
  const problems = checkGrants(kinds, grantor, actor, manifest);
  if (problems.length > 0) {
    throw new UsageError('BAD_VALUE', `--authorize ${kinds.join(', ')} is not granted`, {
      problems,
      expected:
        'a grant by a human authority or the release owner, never the acting developer or an agent',
      next: 'ask the release owner to run it with --granted-by virtual:release-owner (or a human authority id)',
    });
  }
  return [...new Set(kinds)].sort().map((kind) => ({
    kind,
    by: grantor.authority,
    ...(grantor.keyid === undefined ? {} : { keyid: grantor.keyid }),
  }));
}
