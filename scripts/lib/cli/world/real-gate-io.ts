// The GateIO the verbs use: the real ledger (refusing a ledger that does not verify), the object
// store, subject bindings from git, the process runner and the trace checker. Entries are signed
// automatically when the acting authority has registered keys.
import type { Context } from '../../core/context.ts';
import { InternalError } from '../../core/errors.ts';
import { resolveActor } from '../../flows/resolve-actor.ts';
import type { Actor, LedgerFinding, ObjectStore, StoredEntry } from '../../core/ledger/types.ts';
import type { GateIO, TraceOutcome } from '../../core/ports.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { readFileInRoot, statPath } from '../../io/gate-files.ts';
import { loadSigner } from '../../io/keys.ts';
import { proveCommittedLedger } from '../../io/committed-ledger.ts';
import { appendEntry } from '../../io/ledger-store.ts';
import { readToolIdentity, readToolIdentityAsync } from '../../io/tool-identity.ts';
import { evidenceBytes } from '../../io/evidence-bytes.ts';
import { recordOf } from '../../core/gate/claim/tool-trust.ts';
import type { EntryDraft } from '../../core/ledger/types.ts';
import { createObjectStore } from '../../io/objects.ts';
import { loadPlane } from '../../io/plane.ts';
import { streamVerifiedEntries } from '../../io/read-verified-ledger.ts';
import { readAttestationHistory } from '../../io/attestation-history.ts';
import { readUncommitted } from '../../flows/read-uncommitted.ts';
import {
  resolveAnchor,
  type AnchorChoice,
  type IntegrityAnchor,
} from '../../io/ledger-integrity.ts';
import { integrityFailure } from '../../flows/verdict-precheck.ts';
import { runCommand } from '../../io/run-command.ts';
import { computeSubjects, computeSubjectTreeState } from '../../io/subject.ts';
import type { WorktreeState } from '../../io/worktree-state.ts';
import { hasObject, listChangedPaths } from '../../io/trusted-base.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { LoadedTrust } from '../../io/trust-io.ts';
import { applyTrust, checkTrust, trustFailure } from '../../flows/trust-check.ts';
import type { KeylessSigner, SignMode } from '../../core/ledger/keyless.ts';

export interface RealGateOptions {
  /**
   * The ref the ledger is also proven against before any status is computed (it extends it byte
   * for byte, and every commit since it only appended): the branch upstream by default (when
   * there is one), a `--base` ref, or `{ upstream: undefined }` for none (--no-base).
   */
  against?: AnchorChoice;
  /** `--trust FILE`: authorities and keys from the file; any difference is exit 3. */
  trust?: LoadedTrust | undefined;
  /** Entries of this signer's authority are signed keyless through Sigstore (`--sign sigstore`). */
  readonly keyless?: { readonly authority: string; readonly signer: KeylessSigner } | undefined;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /**
   * A verdict (claim, status, the Stop hook, readiness, next): the newest trusted checkpoint
   * stands for the prefix it covers and only the suffix is verified (io/ledger-checkpoint.ts).
   * Never with a --trust file: the file's authorities decide, so the whole ledger is read.
   */
  checkpoint?: boolean;
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
  checkpoint?: boolean,
): Promise<{ io: GateIO; actor: Actor }> {
  const read = checkpoint === true ? { checkpoint } : {};
  const world = createRealGateIO(ctx, { sigstoreRoot, ...read });
  if (sign !== 'sigstore')
    return { io: world, actor: await resolveActor(world, root, actor, ctx.env) };
  const plane = await world.loadPlane(root);
  const authority = plane.manifest.authorities.find((a) => a.id === actor.authority);
  if (authority === undefined) {
    await resolveActor(world, root, actor, ctx.env);
    throw new InternalError(`authority ${actor.authority} vanished from the manifest`);
  }
  const { loadKeylessSigner } = await import('../../io/sigstore-sign.ts');
  const signer = await loadKeylessSigner(authority, ctx.env);
  // The gate world is built once the signer exists: it takes the signer, never has it set later.
  const io = createRealGateIO(ctx, {
    sigstoreRoot,
    ...read,
    keyless: { authority: authority.id, signer },
  });
  const { keyid: _keyid, ...rest } = actor;
  return { io, actor: { ...rest, keyid: signer.keyid } };
}

export function createRealGateIO(ctx: Context, options: RealGateOptions = {}): GateIO {
  const planes = new Map<string, Plane>();
  /** Findings of the trust check, by plane directory (empty: the repository matches the file). */
  const distrust = new Map<string, LedgerFinding[]>();
  // Read once, here: the world signs with what it was built with, whatever the caller's object does.
  const { trust, keyless } = options;
  /** Planes whose entries were read: the proof against HEAD was made in that read. */
  const proven = new Set<Plane>();
  const anchors = new Map<Plane, Promise<IntegrityAnchor | undefined>>();
  /** The working-tree state a task's scope was computed from, for the next subject bindings. */
  const scoped = new Map<string, WorktreeState>();
  const stores = new Map<string, ObjectStore>();
  const objects = (plane: Plane): ObjectStore => {
    let store = stores.get(plane.dir);
    if (store === undefined) stores.set(plane.dir, (store = createObjectStore(plane)));
    return store;
  };
  return {
    loadPlane: (root) => {
      let plane = planes.get(root);
      if (plane === undefined) {
        const own = loadPlane(root);
        if (trust !== undefined) distrust.set(own.dir, checkTrust(own, trust));
        planes.set(root, (plane = trust === undefined ? own : applyTrust(own, trust)));
      }
      return Promise.resolve(plane);
    },
    computeSubjects: (plane, controls) => {
      // A task's scope just read the working tree for this verdict: the statuses use that read.
      const state = scoped.get(plane.root);
      scoped.delete(plane.root);
      return computeSubjects(plane, controls, state);
    },
    readEntries: async (plane) => {
      // The anchor does not move within one run; the ledger is read and checked afresh each time.
      let anchor = anchors.get(plane);
      if (anchor === undefined) {
        anchor = resolveAnchor(plane, options.against ?? { upstream: 'find' });
        anchors.set(plane, anchor);
      }
      const trusted =
        trust === undefined
          ? undefined
          : { trust, findings: distrust.get(plane.dir) ?? checkTrust(plane, trust) };
      const entries = await readVerifiedEntries(
        plane,
        await anchor,
        ctx,
        trusted,
        options.sigstoreRoot,
        options.checkpoint === true && trust === undefined,
      );
      proven.add(plane);
      return entries;
    },
    changedPaths: async (plane, scope, from) => {
      if (!(await hasObject(plane.root, from))) return undefined;
      const { tree, state } = await computeSubjectTreeState(plane.root, scope);
      scoped.set(plane.root, state);
      return listChangedPaths(plane.root, from, tree, scope);
    },
    readAttestationHistory: (plane, entries) => readAttestationHistory(plane, entries),
    readUncommitted: (plane) => readUncommitted(plane),
    // Proven in the read of the entries when they were read (which refuses on any finding);
    // otherwise a read of its own.
    proveCommitted: (plane) =>
      proven.has(plane) ? Promise.resolve([]) : proveCommittedLedger(plane),
    evidenceBytes: (plane) => evidenceBytes(plane),
    readToolIdentity: (plane) => readToolIdentityAsync(plane.root),
    append: (plane, unbound) => {
      const draft = withTool(plane, unbound);
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
          secrets: redactionRulesFor(plane, ctx.env).secrets,
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

/** Every result (run, audit, attest) binds the gate that wrote it (core/gate/tool-trust.ts). */
function withTool(plane: Plane, draft: EntryDraft): EntryDraft {
  if (!['run', 'audit', 'attest'].includes(draft.kind)) return draft;
  const tool = recordOf(readToolIdentity(plane.root), plane.manifest);
  return { ...draft, body: { ...draft.body, tool: { ...tool } } };
}

/**
 * The ledger's entries, after the one integrity check `verify` runs (io/ledger-integrity.ts):
 * any finding refuses every verdict with exit 3, naming it and how many there are.
 */
async function readVerifiedEntries(
  plane: Plane,
  anchor: IntegrityAnchor | undefined,
  ctx: Context,
  trusted: { trust: LoadedTrust; findings: LedgerFinding[] } | undefined,
  sigstoreRoot: string | undefined,
  checkpoint: boolean,
): Promise<StoredEntry[]> {
  const { entries, findings, findingCount } = await streamVerifiedEntries(
    plane,
    anchor,
    ctx,
    trusted?.findings,
    sigstoreRoot,
    { checkpoint },
  );
  if (findingCount === 0) return entries;
  // A repository that differs from the trust file is named first, the ledger's findings after.
  if (trusted !== undefined && trusted.findings.length > 0)
    throw trustFailure(findings, trusted.trust, findingCount);
  const next =
    anchor === undefined
      ? 'run "proofgate verify --full" and restore the ledger and evidence from git, never edit them'
      : `run "proofgate verify --full" and restore the ledger and evidence from ${anchor.ref}, never edit them`;
  throw integrityFailure(findings, findingCount, next);
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
  const { checkTraceControl } = await import('../../flows/trace-control.ts');
  const result = await checkTraceControl(root, execution);
  return {
    status: result.status,
    detail: result.summary,
    ...(result.report === null
      ? {}
      : { report: new TextEncoder().encode(`${JSON.stringify(result.report, null, 2)}\n`) }),
  };
}
