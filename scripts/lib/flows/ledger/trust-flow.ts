// trust export: the auditor's trust root, written from a checkout the auditor trusts. The ledger
// must verify first (a trust root taken from a tampered ledger would pin the tampering); then the
// manifest's authorities and keys, every segment's current head and the rules (policies and control
// definitions, by digest) go into one JSON file, kept outside the repository it guards.
import type { Context } from '../../core/context.ts';
import { IntegrityError } from '../../core/errors.ts';
import type { CommonOptions } from '../../core/options.ts';
import { buildTrustFile, type TrustFile } from '../../core/trust/trust-file.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import { verifyFlow } from './verify-flow.ts';

export interface TrustOptions extends CommonOptions {
  action: 'export';
  /** Where to write the file; undefined prints it on stdout. */
  out: string | undefined;
  /** Write it even inside the repository. */
  force: boolean;
}

export interface TrustResult {
  action: 'export';
  trust: TrustFile;
  /** The absolute path written, when --out was given. */
  written?: string;
}

export async function trustFlow(
  options: TrustOptions,
  ctx: Context,
  world: World & Pick<WorldExtras, 'ledgerRepair'>,
): Promise<TrustResult> {
  const root = await world.resolveRoot(options.root);
  const report = await verifyFlow(
    { ...options, root, base: undefined, noBase: false, repairTorn: false, authorityId: '' },
    ctx,
    world,
  );
  if (!report.ok) {
    const first = report.findings[0];
    throw new IntegrityError(
      'CHAIN_BROKEN',
      'the ledger does not verify; no trust root is exported from it',
      {
        ...(first === undefined ? {} : { where: `${first.file}:${first.line}` }),
        problems: report.findings.map((f) => `${f.file}:${f.line} ${f.code}: ${f.message}`),
        next: 'run "proofgate verify --full"; export the trust root from an intact checkout',
      },
    );
  }
  const plane = world.planeFiles.loadPlane(root);
  const trust = buildTrustFile(
    plane.manifest,
    plane.registry.controls,
    world.trustFiles.readCurrentHeads(plane),
    ctx.clock.now().toISOString(),
  );
  if (options.out === undefined) return { action: 'export', trust };
  const text = `${JSON.stringify(trust, null, 2)}\n`;
  const written = world.trustFiles.writeTrustFile(ctx.cwd, root, options.out, text, options.force);
  return { action: 'export', trust, written };
}
