// `authority add|list|retire`: register who may act in which stage without editing YAML by hand.
// The manifest is validated after every edit (the plane loader checks the schema); an edit that
// would leave it invalid is refused before anything is written.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { UsageError } from '../../core/errors.ts';
import { keyidOf } from '../../core/ledger/sign-entry.ts';
import { AUDIT_STAGES, type AuditStage } from '../../core/ledger/types.ts';
import type { Authority } from '../../core/plane/types.ts';

export const AUTHORITY_ACTIONS = ['add', 'list', 'retire'] as const;
export type AuthorityAction = (typeof AUTHORITY_ACTIONS)[number];

const KINDS = ['virtual', 'human', 'agent', 'ci', 'external'] as const;
const ID_PATTERN = /^(virtual|human|agent|ci|external):[A-Za-z0-9._@/-]+$/;

export interface AuthorityFlowOptions {
  root: string;
  action: AuthorityAction;
  id?: string;
  stages: string[];
  /** Base64 of a raw 32-byte Ed25519 public key to register with the authority. */
  key?: string;
  time: string;
}

export interface AuthorityRow {
  id: string;
  kind: Authority['kind'];
  stages: AuditStage[];
  keys: number;
  retired?: string;
}

export interface AuthorityFlowResult {
  action: AuthorityAction;
  /** The authority added or retired. */
  changed?: AuthorityRow;
  authorities: AuthorityRow[];
  manifest: string;
}

/** The stages an authority of this kind acts in unless told otherwise. */
export function defaultStages(kind: Authority['kind']): AuditStage[] {
  return kind === 'external' ? ['third_party'] : ['self'];
}

function rows(
  root: string,
  { planeFiles }: Pick<World, 'planeFiles'>,
): { rows: AuthorityRow[]; manifest: string } {
  const plane = planeFiles.loadPlane(root);
  return {
    manifest: plane.manifestPath,
    rows: plane.manifest.authorities.map((a) => ({
      id: a.id,
      kind: a.kind,
      stages: [...a.stages],
      keys: (a.keys ?? []).length,
      ...(a.retired === undefined ? {} : { retired: a.retired }),
    })),
  };
}

function requireId(id: string | undefined, action: AuthorityAction): string {
  if (id === undefined || id.trim() === '') {
    throw new UsageError('MISSING_ARG', `authority ${action} needs the authority id`, {
      expected: 'e.g. human:alice, virtual:quality, external:acme',
      next: `proofgate authority ${action} human:$USER`,
    });
  }
  return id.trim();
}

function parseStages(stages: readonly string[], kind: Authority['kind']): AuditStage[] {
  if (stages.length === 0) return defaultStages(kind);
  const bad = stages.filter((s) => !(AUDIT_STAGES as readonly string[]).includes(s));
  if (bad.length > 0) {
    throw new UsageError('BAD_VALUE', `unknown stage ${bad.join(', ')}`, {
      where: '--stage',
      expected: `one of: ${AUDIT_STAGES.join(', ')}`,
    });
  }
  return [...new Set(stages)] as AuditStage[];
}

function publicKeyEntry(key: string, time: string): NonNullable<Authority['keys']>[number] {
  const raw = Buffer.from(key, 'base64');
  if (raw.length !== 32 || raw.toString('base64') !== key) {
    throw new UsageError('BAD_VALUE', 'the key is not a base64 raw Ed25519 public key', {
      where: '--key',
      expected:
        '44 base64 characters (32 bytes), as `proofgate authority keys list --json` prints them',
    });
  }
  return { keyid: keyidOf(new Uint8Array(raw)), public_key: key, added: time };
}

export function authorityFlow(
  options: AuthorityFlowOptions,
  world: Pick<World, 'planeFiles'> & Pick<WorldExtras, 'planeEdits'>,
): AuthorityFlowResult {
  const { planeEdits } = world;
  const before = rows(options.root, world);
  if (options.action === 'list')
    return { action: 'list', authorities: before.rows, manifest: before.manifest };
  const id = requireId(options.id, options.action);
  const existing = before.rows.find((a) => a.id === id);
  if (options.action === 'retire') {
    if (existing === undefined) {
      throw new UsageError('UNKNOWN_ID', `authority ${id} is not in the manifest`, {
        expected: `one of: ${before.rows.map((a) => a.id).join(', ')}`,
        next: 'proofgate authority list',
      });
    }
    if (existing.retired === undefined)
      planeEdits.markAuthorityRetired(before.manifest, id, options.time);
  } else {
    if (!ID_PATTERN.test(id)) {
      throw new UsageError('BAD_VALUE', `authority id ${id} is malformed`, {
        expected: `<kind>:<name> with kind one of ${KINDS.join(', ')} and name of letters, digits, ._@/-`,
      });
    }
    const kind = id.slice(0, id.indexOf(':')) as Authority['kind'];
    const stages = parseStages(options.stages, kind);
    if (existing !== undefined) {
      // Adding what is already there changes nothing (so `authority add … && …` can be re-run);
      // new stages or a key for a registered authority are a different decision.
      const covered = stages.every((s) => existing.stages.includes(s));
      if (!covered || options.key !== undefined || existing.retired !== undefined) {
        throw new UsageError('BAD_VALUE', `authority ${id} is already registered`, {
          expected: `stages ${existing.stages.join(', ')}${existing.retired === undefined ? '' : `, retired ${existing.retired}`}`,
          next: 'proofgate authority list',
        });
      }
      return { action: 'add', authorities: before.rows, manifest: before.manifest };
    }
    const authority: Authority = { id, kind, stages };
    if (options.key !== undefined) authority.keys = [publicKeyEntry(options.key, options.time)];
    planeEdits.appendAuthority(before.manifest, authority);
  }
  const after = rows(options.root, world);
  return {
    action: options.action,
    ...after.rows.filter((a) => a.id === id).map((changed) => ({ changed }))[0],
    authorities: after.rows,
    manifest: after.manifest,
  };
}
