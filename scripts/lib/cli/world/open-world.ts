// The one opener of the real world: a verb opens it once per invocation and hands it to its
// flows. It wires the io adapters behind the World (core/world/world.ts): the real ledger (refusing
// a ledger that does not verify), the object store, subject bindings from git, the process
// runner, the one way to the root, the --trust file, the parts every world has (world-parts.ts),
// the extras the verb adds, and the signing parts, set up only when asked. Entries are signed
// automatically when the acting authority has registered keys. It imports io and core only: what
// a flow decides stays in the flows.
import { join } from 'node:path';
import type { Context } from '../../core/context.ts';
import { InternalError } from '../../core/errors.ts';
import type {
  LedgerFinding,
  ObjectStore,
  StoredEntry,
  EntryDraft,
} from '../../core/ledger/types.ts';
import type { KeylessSigner, SignMode } from '../../core/ledger/keyless.ts';
import { integrityFailure } from '../../core/ledger/integrity-failure.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import { WORLD_PARTS } from './world-parts.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { recordOf } from '../../core/gate/claim/tool-trust.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { applyTrust, judgeRules, trustFailure } from '../../core/trust/apply-trust.ts';
import type { LoadedTrust } from '../../core/trust/trust-file.ts';
import { readFileInRoot, statPath } from '../../io/repo/gate-files.ts';
import { resolveRoot } from '../../io/git.ts';
import { loadSigner } from '../../io/keys/keys.ts';
import { proveCommittedLedger } from '../../io/ledger/committed-ledger.ts';
import { appendEntry } from '../../io/ledger/ledger-store.ts';
import { readToolIdentity, readToolIdentityAsync } from '../../io/host/tool-identity.ts';
import { openEvidenceMeter } from '../../io/ledger/evidence-bytes.ts';
import { assertStoreShape, createObjectStore, objectsDir } from '../../io/ledger/objects.ts';
import { loadPlane } from '../../io/plane/plane.ts';
import { streamVerifiedEntries } from '../../io/ledger/read-verified-ledger.ts';
import { readAttestationHistory } from '../../io/ledger/attestation-history.ts';
import { readUncommitted } from '../../io/ledger/read-uncommitted.ts';
import { anchorOfUpstream, resolveAnchor, upstreamOf } from '../../io/ledger/ledger-integrity.ts';
import { runCommand } from '../../io/host/run-command.ts';
import { computeSubjects, computeSubjectTreeState } from '../../io/subject/subject.ts';
import { hasObject, listChangedPaths } from '../../io/repo/trusted-base.ts';
import { ownContentRules, withoutOwnChanges } from '../../io/subject/own-content.ts';
import { checkTrust, readTrustOption } from '../../io/keys/trust-io.ts';
import type { IntegrityAnchor, AnchorChoice } from '../../core/world/ledger-port.ts';
import type { WorktreeState } from '../../core/world/git-port.ts';

export interface WorldOptions {
  /**
   * The ref the ledger is also proven against before any status is computed (it extends it byte
   * for byte, and every commit since it only appended): the branch upstream by default (when
   * there is one), a `--base` ref, or `{ upstream: undefined }` for none (--no-base).
   */
  against?: AnchorChoice;
  /** `--trust FILE` (read from the caller's directory): authorities and keys from the file; any difference is exit 3. */
  trustFile?: string | undefined;
  /** `--sign`: with `sigstore`, `signKeyless` sets up the keyless signer (io/keys/sigstore-sign.ts, loaded only then). */
  sign?: SignMode | undefined;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /**
   * A verdict (claim, status, the Stop hook, readiness, next): the newest trusted checkpoint
   * stands for the prefix it covers and only the suffix is verified (io/ledger/ledger-checkpoint.ts).
   * Never with a --trust file: the file's authorities decide, so the whole ledger is read.
   */
  checkpoint?: boolean;
}

/**
 * What this invocation already asked the world, so it asks once: the planes (under the trust
 * file), the trust check's findings, the planes whose ledger read made the proof against HEAD, the
 * integrity anchor, the working-tree state a task's scope was read from, the object stores and
 * the keyless signer. Nothing outlives the invocation. git's own answers are kept by io for the
 * verdict that opened them (io/repo/verdict-memo.ts, io/repo/worktree-state.ts), each checked against the
 * repository's identity, and the ledger is read and checked afresh on every read.
 */
interface Asked {
  planes: Map<string, Plane>;
  /** Findings of the trust check, by plane directory (empty: the repository matches the file). */
  distrust: Map<string, LedgerFinding[]>;
  proven: Set<Plane>;
  /** The upstream or fork point the ledger is proven against, by root. */
  upstreams: Map<string, Promise<UpstreamCheck | undefined>>;
  anchors: Map<Plane, Promise<IntegrityAnchor | undefined>>;
  scoped: Map<string, WorktreeState>;
  stores: Map<string, ObjectStore>;
  /** The one authority whose entries are signed keyless, and its signer. */
  keyless?: { authority: string; signer: Promise<KeylessSigner> };
}

/**
 * The world of one invocation, with the extra ports (`extras`: cli/world/*-part.ts) its flows use.
 */
export function openWorld<P extends Partial<WorldExtras> = Record<never, never>>(
  ctx: Context,
  options: WorldOptions = {},
  extras?: P,
): World & P {
  // The trust file is read when first needed (after the root, so a bad --root is named first).
  let loaded: { trust: LoadedTrust | undefined } | undefined;
  const trustOf = (): LoadedTrust | undefined =>
    (loaded ??= { trust: readTrustOption(ctx.cwd, options.trustFile) }).trust;
  const asked: Asked = {
    planes: new Map(),
    distrust: new Map(),
    proven: new Set(),
    upstreams: new Map(),
    anchors: new Map(),
    scoped: new Map(),
    stores: new Map(),
  };
  const against = options.against ?? { upstream: 'find' };
  const ledgerUpstream = (root: string): Promise<UpstreamCheck | undefined> => {
    if ('base' in against) return Promise.resolve(undefined);
    let upstream = asked.upstreams.get(root);
    if (upstream === undefined) asked.upstreams.set(root, (upstream = upstreamOf(root, against)));
    return upstream;
  };
  const objects = (plane: Plane): ObjectStore => {
    let store = asked.stores.get(plane.dir);
    if (store === undefined) asked.stores.set(plane.dir, (store = createObjectStore(plane)));
    return store;
  };
  return {
    ...WORLD_PARTS,
    ...(extras as P),
    get trust() {
      return trustOf();
    },
    resolveRoot: (rootOption) => resolveRoot(rootOption, ctx.cwd),
    ledgerUpstream,
    loadTrace: async () => (await import('./trace-part.ts')).TRACE_PART.trace,
    signKeyless: async (authority) => {
      if (options.sign !== 'sigstore')
        throw new InternalError('a keyless signer was asked for without --sign sigstore');
      if (asked.keyless === undefined) {
        const signer = import('../../io/keys/sigstore-sign.ts').then((m) =>
          m.loadKeylessSigner(authority, ctx.env),
        );
        asked.keyless = { authority: authority.id, signer };
      } else if (asked.keyless.authority !== authority.id) {
        throw new InternalError(
          `keyless signing was set up for ${asked.keyless.authority}, not ${authority.id}`,
        );
      }
      return { keyid: (await asked.keyless.signer).keyid };
    },
    loadPlane: (root) => {
      let plane = asked.planes.get(root);
      if (plane === undefined) {
        const trust = trustOf();
        const own = loadPlane(root);
        if (trust !== undefined) asked.distrust.set(own.dir, checkTrust(own, trust));
        asked.planes.set(root, (plane = trust === undefined ? own : applyTrust(own, trust)));
      }
      return Promise.resolve(plane);
    },
    computeSubjects: (plane, controls) => {
      // The evidence store is real directories before anything is bound: a symlink there is an
      // integrity finding (exit 3), never a link a subject would bind.
      assertStoreShape(plane, join(objectsDir(plane), 'shape-probe'));
      // A task's scope just read the working tree for this verdict: the statuses use that read.
      const state = asked.scoped.get(plane.root);
      asked.scoped.delete(plane.root);
      return computeSubjects(plane, controls, state);
    },
    readEntries: async (plane) => {
      // The anchor does not move within one run; the ledger is read and checked afresh each time.
      let anchor = asked.anchors.get(plane);
      if (anchor === undefined) {
        anchor =
          'base' in against
            ? resolveAnchor(plane, against)
            : ledgerUpstream(plane.root).then((u) =>
                u === undefined ? undefined : anchorOfUpstream(u),
              );
        asked.anchors.set(plane, anchor);
      }
      const trust = trustOf();
      const trusted =
        trust === undefined
          ? undefined
          : { trust, findings: asked.distrust.get(plane.dir) ?? checkTrust(plane, trust) };
      const entries = await readVerifiedEntries(
        plane,
        await anchor,
        ctx,
        trusted,
        options.sigstoreRoot,
        options.checkpoint === true && trust === undefined,
      );
      asked.proven.add(plane);
      return entries;
    },
    changedPaths: async (plane, scope, from) => {
      if (!(await hasObject(plane.root, from))) return undefined;
      const { tree, state } = await computeSubjectTreeState(plane.root, scope);
      asked.scoped.set(plane.root, state);
      const paths = await listChangedPaths(plane.root, from, tree, scope);
      // a file changed only by proofgate's own lines (the skill's ignore lines, the hook) is no change
      return scope.plane === undefined
        ? paths
        : withoutOwnChanges(plane.root, from, tree, paths, ownContentRules(scope.plane));
    },
    readAttestationHistory: (plane, entries) => readAttestationHistory(plane, entries),
    readUncommitted: (plane) => readUncommitted(plane),
    // Proven in the read of the entries when they were read (which refuses on any finding);
    // otherwise a read of its own.
    proveCommitted: (plane) =>
      asked.proven.has(plane) ? Promise.resolve([]) : proveCommittedLedger(plane),
    evidenceMeter: (plane) => openEvidenceMeter(plane),
    readToolIdentity: (plane) => readToolIdentityAsync(plane.root),
    append: async (plane, unbound) => {
      const draft = withTool(plane, unbound);
      const keyless = asked.keyless;
      if (keyless !== undefined && keyless.authority === draft.actor.authority) {
        const signer = await keyless.signer;
        if (draft.actor.keyid !== signer.keyid) {
          throw new InternalError(
            `actor ${draft.actor.authority} carries key ${draft.actor.keyid ?? 'none'} but signs keyless as ${signer.keyid}`,
          );
        }
        const { keyid: _keyid, ...actor } = draft.actor;
        return appendEntry(
          plane,
          { ...draft, actor },
          { manifest: plane.manifest, keyless: signer },
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
 * The ledger's entries, after the one integrity check `verify` runs (io/ledger/ledger-integrity.ts):
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
  if (findingCount === 0) {
    if (trusted === undefined) return entries;
    // The rules the trust file pins: a change its release authority did not approve is exit 3.
    const rules = judgeRules(plane, trusted.trust, entries);
    if (rules.findings.length > 0) throw trustFailure(rules.findings, trusted.trust);
    return entries;
  }
  // A repository that differs from the trust file is named first, the ledger's findings after.
  if (trusted !== undefined && trusted.findings.length > 0)
    throw trustFailure(findings, trusted.trust, findingCount);
  const next =
    anchor === undefined
      ? 'run "proofgate verify --full" and restore the ledger and evidence from git, never edit them'
      : `run "proofgate verify --full" and restore the ledger and evidence from ${anchor.ref}, never edit them`;
  throw integrityFailure(findings, findingCount, next);
}
