// The GateIO the verbs use: the real ledger (refusing a ledger that does not verify), the object
// store, subject bindings from git, the process runner and the trace checker. Entries are signed
// automatically when the acting authority has registered keys.
import type { Grantor } from '../../core/gate/grant-authority.ts';
import type { Context } from '../../core/context.ts';
import {
  InternalError,
  INTEGRITY_CODES,
  IntegrityError,
  UsageError,
  type IntegrityCode,
} from '../../core/errors.ts';
import type { Actor, LedgerFinding, ObjectStore, StoredEntry } from '../../core/ledger/types.ts';
import type { GateIO, TraceOutcome } from '../../core/ports.ts';
import { readFileInRoot, statPath } from '../../io/gate-files.ts';
import { loadSigner } from '../../io/keys.ts';
import { proveCommittedLedger } from '../../io/committed-ledger.ts';
import { appendEntry } from '../../io/ledger-store.ts';
import { createObjectStore } from '../../io/objects.ts';
import { loadPlane } from '../../io/plane.ts';
import { streamVerifiedEntries } from '../../io/read-verified-ledger.ts';
import { readAttestationHistory } from '../../io/attestation-history.ts';
import type { UpstreamCheck } from '../../io/ledger-upstream.ts';
import { runCommand } from '../../io/run-command.ts';
import { computeSubjects } from '../../io/subject.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { KeylessSigner, SignMode } from '../../core/ledger/keyless.ts';

export interface RealGateOptions {
  /** Also prove the ledger extends this upstream byte for byte before any status is computed. */
  upstream?: UpstreamCheck | undefined;
  /** Entries of this signer's authority are signed keyless through Sigstore (`--sign sigstore`). */
  keyless?: { authority: string; signer: KeylessSigner } | undefined;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
}

/**
 * The real gate world and the acting authority for a verb that appends. With `sigstore`, the
 * keyless signer is set up first (OIDC token, declared identity; io/sigstore-sign.ts, loaded only
 * then) and the actor's keyid is the identity id; otherwise the authority's key signs as usual.
 */
export async function openSigningIO(
  ctx: Context,
  root: string,
  actor: Actor,
  sign: SignMode | undefined,
  sigstoreRoot?: string,
): Promise<{ io: GateIO; actor: Actor }> {
  const options: RealGateOptions = { sigstoreRoot };
  const io = createRealGateIO(ctx, options);
  if (sign !== 'sigstore') return { io, actor: await resolveActor(io, root, actor, ctx.env) };
  const plane = await io.loadPlane(root);
  const authority = plane.manifest.authorities.find((a) => a.id === actor.authority);
  if (authority === undefined) {
    await resolveActor(io, root, actor, ctx.env);
    throw new InternalError(`authority ${actor.authority} vanished from the manifest`);
  }
  const { loadKeylessSigner } = await import('../../io/sigstore-sign.ts');
  const signer = await loadKeylessSigner(authority, ctx.env);
  options.keyless = { authority: authority.id, signer };
  const { keyid: _keyid, ...rest } = actor;
  return { io, actor: { ...rest, keyid: signer.keyid } };
}

export function createRealGateIO(ctx: Context, options: RealGateOptions = {}): GateIO {
  const planes = new Map<string, Plane>();
  /** Findings of the proof against HEAD, made while the plane's entries were streamed. */
  const committed = new Map<Plane, LedgerFinding[]>();
  const stores = new Map<string, ObjectStore>();
  const objects = (plane: Plane): ObjectStore => {
    let store = stores.get(plane.dir);
    if (store === undefined) stores.set(plane.dir, (store = createObjectStore(plane)));
    return store;
  };
  return {
    loadPlane: (root) => {
      let plane = planes.get(root);
      if (plane === undefined) planes.set(root, (plane = loadPlane(root)));
      return Promise.resolve(plane);
    },
    computeSubjects: (plane, controls) => computeSubjects(plane, controls),
    readEntries: async (plane) => {
      const { entries, committed: found } = await readVerifiedEntries(
        plane,
        options.upstream,
        options.sigstoreRoot,
      );
      committed.set(plane, found);
      return entries;
    },
    readAttestationHistory: (plane, entries) => readAttestationHistory(plane, entries),
    // Proven in the read of the entries when they were read; otherwise a read of its own.
    proveCommitted: (plane) => Promise.resolve(committed.get(plane) ?? proveCommittedLedger(plane)),
    append: (plane, draft) => {
      const keyless = options.keyless;
      if (keyless !== undefined && keyless.authority === draft.actor.authority) {
        if (draft.actor.keyid !== keyless.signer.keyid) {
          throw new InternalError(
            `actor ${draft.actor.authority} carries key ${draft.actor.keyid ?? 'none'} but signs keyless as ${keyless.signer.keyid}`,
          );
        }
        const { keyid: _keyid, ...actor } = draft.actor;
        return appendEntry(
          plane,
          { ...draft, actor },
          { manifest: plane.manifest, keyless: keyless.signer },
        );
      }
      const signer = loadSigner(plane, draft.actor.authority, ctx.env);
      if (signer?.keyid !== draft.actor.keyid) {
        throw new InternalError(
          `actor ${draft.actor.authority} carries key ${draft.actor.keyid ?? 'none'} but signs with ${signer?.keyid ?? 'none'}`,
        );
      }
      const { keyid: _keyid, ...actor } = draft.actor;
      return appendEntry(
        plane,
        { ...draft, actor },
        {
          manifest: plane.manifest,
          ...(signer === undefined ? {} : { signer }),
        },
      );
    },
    objects,
    runCommand,
    checkTrace: (root, execution) => checkTrace(root, execution),
    statPath,
    readFile: readFileInRoot,
  };
}

/** The actor with `keyid` set when its authority signs (resolved the same way append signs). */
export async function resolveActor(
  io: GateIO,
  root: string,
  actor: Actor,
  env: Context['env'],
): Promise<Actor> {
  const plane = await io.loadPlane(root);
  if (!plane.manifest.authorities.some((a) => a.id === actor.authority)) {
    throw new UsageError('UNKNOWN_ID', `authority ${actor.authority} is not in the manifest`, {
      expected: plane.manifest.authorities.map((a) => a.id).join(', '),
      next: 'pass --authority-id with an authority registered in controls/manifest.yaml',
    });
  }
  const signer = loadSigner(plane, actor.authority, env);
  const { keyid: _keyid, ...rest } = actor;
  return signer === undefined ? rest : { ...rest, keyid: signer.keyid };
}

/** The authority granting `--authorize`, with its key when one is available to sign. */
export async function resolveGrantor(
  io: GateIO,
  root: string,
  authority: string,
  env: Context['env'],
): Promise<Grantor> {
  const plane = await io.loadPlane(root);
  if (!plane.manifest.authorities.some((a) => a.id === authority)) {
    throw new UsageError('UNKNOWN_ID', `grantor ${authority} is not in the manifest`, {
      expected: plane.manifest.authorities.map((a) => a.id).join(', '),
      next: 'pass --granted-by with an authority registered in controls/manifest.yaml',
    });
  }
  const signer = loadSigner(plane, authority, env);
  return signer === undefined ? { authority } : { authority, keyid: signer.keyid };
}

/**
 * Streams and verifies the whole ledger (chain, references, signatures, seals, object presence).
 * Objects are checked for presence only here: re-hashing every object is `verify --full`'s job,
 * and audits re-hash what they review.
 */
async function readVerifiedEntries(
  plane: Plane,
  upstream: UpstreamCheck | undefined,
  sigstoreRoot: string | undefined,
): Promise<{ entries: StoredEntry[]; committed: LedgerFinding[] }> {
  const { entries, findings, committed } = await streamVerifiedEntries(
    plane,
    upstream,
    sigstoreRoot,
  );
  if (findings.length === 0) return { entries, committed };
  // Every finding: the human message shows the first few, --json carries all of them.
  const problems = findings.map((f) => `${f.file}:${f.line} ${f.code}: ${f.message}`);
  const first = findings[0]!;
  throw new IntegrityError(
    (INTEGRITY_CODES as readonly string[]).includes(first.code)
      ? (first.code as IntegrityCode)
      : 'CHAIN_BROKEN',
    `the ledger does not verify (${findings.length} finding${findings.length === 1 ? '' : 's'}; first ${problems[0]!}); no status is computed from it`,
    {
      where: `${first.file}:${first.line}`,
      problems,
      next:
        upstream === undefined
          ? 'run "proofgate verify --full" and restore the ledger from git'
          : `run "proofgate verify --full" and restore the ledger from ${upstream.ref}`,
    },
  );
}

/**
 * The trace control as the gate sees it. An invalid or missing pack stays a ConfigError (exit 2):
 * a broken pack is a plane problem for a human, not a result of the code under test.
 */
async function checkTrace(
  root: string,
  execution: { pack: string; traces: string[]; adapter?: string },
): Promise<TraceOutcome> {
  // Loaded on first use: the trace readers and the rule-pack validator are only needed by a
  // trace control that actually runs, never by claim, status or the Stop hook.
  const { checkTraceControl } = await import('../trace-control.ts');
  const result = await checkTraceControl(root, execution);
  return {
    status: result.status,
    detail: result.summary,
    ...(result.report === null
      ? {}
      : { report: new TextEncoder().encode(`${JSON.stringify(result.report, null, 2)}\n`) }),
  };
}
