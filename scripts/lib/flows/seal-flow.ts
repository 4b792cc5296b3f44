// seal: appends a seal over every segment head and the inventory of evidence objects the ledger
// references, after the same full verification `verify` runs; sealed segments are closed.
import type { Context } from '../core/context.ts';
import { IntegrityError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import { closedBy, computeInventory } from '../core/ledger/verify-seals.ts';
import { referencedObjects } from '../core/ledger/verify-ledger.ts';
import type { CommonOptions } from '../core/options.ts';
import { defaultExecutionContext } from '../io/default-context.ts';
import { resolveRoot } from '../io/git.ts';
import { loadSigner } from '../io/keys.ts';
import { appendEntry, ledgerIdOf } from '../io/ledger-store.ts';
import { readMetaSubject } from '../io/meta-subject.ts';
import { loadPlane } from '../io/plane.ts';
import { readAndVerifyLedger } from './verify-flow.ts';
import type { KeylessSigner, SignMode } from '../core/ledger/keyless.ts';
import type { Signer } from '../core/ledger/types.ts';
import type { Plane } from '../core/plane/plane.ts';

export interface SealReport {
  archiveId: string;
  /** `file:line` of the seal entry. */
  entry: string;
  heads: Record<string, string>;
  inventory: string;
  objects: number;
  /** Segments the seal closed: their writers continue in `<name>-g<N>`. */
  closed: string[];
}

export interface SealOptions extends CommonOptions {
  archiveId: string;
  authorityId: string;
  /** `sigstore`: the seal is signed keyless, a witnessed record of the heads (references/sigstore.md). */
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function sealFlow(options: SealOptions, ctx: Context): Promise<SealReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const ledgerId = ledgerIdOf(plane.manifest);
  const { snapshot, parsed, result } = await readAndVerifyLedger(
    plane,
    ledgerId,
    options.sigstoreRoot,
  );
  const { findings } = result;
  if (findings.length > 0) {
    throw new IntegrityError(
      'SEAL_INVALID',
      `refusing to seal a ledger with ${findings.length} findings`,
      {
        problems: findings.map((f) => `${f.file}:${f.line}: ${f.code} ${f.message}`),
        next: 'run "proofgate verify --full" and resolve every finding first',
      },
    );
  }
  const heads: Record<string, string> = {};
  for (const segment of snapshot.segments) {
    const last = segment.lines.at(-1);
    if (last !== undefined) heads[segment.name] = sha256Hex(last);
  }
  const inventory = computeInventory(referencedObjects(parsed));
  const body = { archive_id: options.archiveId, heads, ...inventory };
  const stored = await appendEntry(
    plane,
    {
      kind: 'seal',
      time: ctx.clock.now().toISOString(),
      actor: {
        label: 'proofgate seal',
        authority: options.authorityId,
        context: defaultExecutionContext(),
      },
      subject: await readMetaSubject(plane),
      body,
    },
    { manifest: plane.manifest, ...(await sealSigner(plane, options, ctx)) },
  );
  return {
    archiveId: options.archiveId,
    entry: `${stored.file}:${stored.line}`,
    heads,
    ...inventory,
    closed: closedBy(stored.entry),
  };
}

/** The seal's signer: the authority's key, or keyless through Sigstore with `--sign sigstore`. */
async function sealSigner(
  plane: Plane,
  options: SealOptions,
  ctx: Context,
): Promise<{ signer?: Signer; keyless?: KeylessSigner }> {
  const authority = plane.manifest.authorities.find((a) => a.id === options.authorityId);
  if (options.sign === 'sigstore' && authority !== undefined) {
    const { loadKeylessSigner } = await import('../io/sigstore-sign.ts');
    return { keyless: await loadKeylessSigner(authority, ctx.env) };
  }
  const signer = loadSigner(plane, options.authorityId, ctx.env);
  return signer === undefined ? {} : { signer };
}
