// verify: proves the ledger intact. Gather (segments, base blobs, objects) → decide (verifyLedger,
// pure). seal runs the same gather→decide step before it appends (readAndVerifyLedger).
import type { Context } from '../core/context.ts';
import type { LedgerFinding } from '../core/ledger/types.ts';
import { parseLedger } from '../core/ledger/parse-ledger.ts';
import { referencedObjects, verifyLedger } from '../core/ledger/verify-ledger.ts';
import type { CommonOptions } from '../core/options.ts';
import type { Plane } from '../core/plane/plane.ts';
import { resolveRoot } from '../io/git.ts';
import { compareWithBaseRef } from '../io/ledger-base.ts';
import { checkAgainstUpstream, findUpstream, type UpstreamCheck } from '../io/ledger-upstream.ts';
import { ledgerIdOf, ledgerRel, readLedger } from '../io/ledger-store.ts';
import { checkObjects, createObjectStore } from '../io/objects.ts';
import { loadPlane } from '../io/plane.ts';
import { repairTornTails } from '../io/repair-torn.ts';

export interface VerifyOptions extends CommonOptions {
  base: string | undefined;
  /** Skip the default append-only check against the branch's upstream. */
  noBase: boolean;
  repairTorn: boolean;
  /** Authority recorded on the repair note (with --repair-torn). */
  authorityId: string;
}

export interface VerifyReport {
  ok: boolean;
  mode: 'full' | 'base';
  base?: string;
  /** Full mode: the upstream the ledger was also proven to extend byte for byte. */
  upstream?: UpstreamCheck;
  segments: number;
  checkedLines: number;
  findings: LedgerFinding[];
  repaired: { file: string; removedBytes: number; removedSha256: string }[];
}

/** Reads every segment, parses it, checks the referenced objects and verifies the whole ledger. */
export async function readAndVerifyLedger(
  plane: Plane,
  ledgerId: string,
  base: string | undefined,
  upstream?: UpstreamCheck,
) {
  const root = plane.root;
  const manifestFile = plane.manifestPath.slice(root.length + 1);
  const snapshot = await readLedger(plane);
  const compared =
    base === undefined
      ? undefined
      : await compareWithBaseRef(root, ledgerRel(plane), snapshot, base);
  const rewritten =
    upstream === undefined ? [] : await checkAgainstUpstream(plane, snapshot, upstream);
  const parsed = parseLedger(snapshot, compared?.start);
  const objects = await checkObjects(createObjectStore(plane), referencedObjects(parsed));
  const result = verifyLedger({
    parsed,
    ledgerId,
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
    ...(compared === undefined ? {} : { base: compared }),
  });
  result.findings.unshift(...rewritten);
  return { snapshot, parsed, result };
}

export async function verifyFlow(options: VerifyOptions, ctx: Context): Promise<VerifyReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const manifestFile = plane.manifestPath.slice(root.length + 1);
  const ledgerId = ledgerIdOf(plane.manifest, manifestFile);
  const time = ctx.clock.now().toISOString();
  const repaired = options.repairTorn
    ? await repairTornTails(plane, options.authorityId, ctx.env, time)
    : [];
  const upstream =
    options.base === undefined && !options.noBase ? await findUpstream(root) : undefined;
  const { result } = await readAndVerifyLedger(plane, ledgerId, options.base, upstream);
  return {
    ok: result.findings.length === 0,
    mode: options.base === undefined ? 'full' : 'base',
    ...(options.base === undefined ? {} : { base: options.base }),
    ...(upstream === undefined ? {} : { upstream }),
    ...result,
    repaired,
  };
}
