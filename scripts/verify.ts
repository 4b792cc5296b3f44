// `proofgate verify`: proves the ledger intact (references/verify.md). Gather (segments, base
// blobs, objects) → decide (verifyLedger, pure) → render. Exit 3 on any finding.
import { hostname } from 'node:os';
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { changedOnBase, compareWithBase } from './lib/core/ledger/compare-base.ts';
import type { BaseComparison } from './lib/core/ledger/compare-base.ts';
import type { LedgerSnapshot } from './lib/core/ledger/types.ts';
import { parseLedger } from './lib/core/ledger/parse-ledger.ts';
import { referencedObjects, verifyLedger } from './lib/core/ledger/verify-ledger.ts';
import type { CommonOptions } from './lib/define-verb.ts';
import { defineVerb } from './lib/define-verb.ts';
import { loadSigner } from './lib/io/keys.ts';
import { readBaseBytes, readBaseLedger } from './lib/io/ledger-base.ts';
import { ledgerIdOf, ledgerRel, readLedger } from './lib/io/ledger-store.ts';
import { checkObjects, createObjectStore } from './lib/io/objects.ts';
import { loadPlane } from './lib/io/plane.ts';
import type { PlaneLocation } from './lib/io/plane.ts';
import { repairTornTails } from './lib/io/repair-torn.ts';
import { resolveRoot } from './lib/io/root.ts';
import { runIfMain } from './lib/io/run-if-main.ts';
import { renderVerify } from './lib/render/verify-report.ts';
import type { VerifyReport } from './lib/render/verify-report.ts';

export interface VerifyOptions extends CommonOptions {
  base: string | undefined;
  repairTorn: boolean;
  /** Authority recorded on the repair note (with --repair-torn). */
  authorityId: string;
}

export async function runVerify(options: VerifyOptions, ctx: Context): Promise<VerifyReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const ledgerId = ledgerIdOf(
    plane.manifest,
    `${plane.rel === '' ? '' : `${plane.rel}/`}controls/manifest.yaml`,
  );
  const repaired = options.repairTorn
    ? await repairTornTails(
        plane,
        {
          label: 'proofgate verify --repair-torn',
          authority: options.authorityId,
          context: `local:${hostname()}`,
        },
        ctx.clock.now().toISOString(),
        loadSigner(plane, options.authorityId, ctx.env),
      )
    : [];
  const snapshot = await readLedger(plane);
  const base =
    options.base === undefined ? undefined : await compareBase(root, plane, snapshot, options.base);
  const parsed = parseLedger(snapshot, base?.start);
  const objects = await checkObjects(createObjectStore(plane), referencedObjects(parsed));
  const result = verifyLedger({
    parsed,
    ledgerId,
    authorities: plane.manifest.authorities,
    manifestFile: plane.manifestPath.slice(root.length + 1),
    objects,
    ...(base === undefined ? {} : { base }),
  });
  return {
    ok: result.findings.length === 0,
    mode: options.base === undefined ? 'full' : 'base',
    ...(options.base === undefined ? {} : { base: options.base }),
    segments: result.segments,
    checkedLines: result.checkedLines,
    findings: result.findings,
    repaired,
  };
}

async function compareBase(
  root: string,
  plane: PlaneLocation,
  snapshot: LedgerSnapshot,
  ref: string,
): Promise<BaseComparison> {
  const base = await readBaseLedger(root, ledgerRel(plane), ref);
  const changed = changedOnBase(snapshot, base.segments, base.objectFormat);
  await readBaseBytes(root, base, changed);
  return compareWithBase(snapshot, base.segments, changed, ref);
}

export const verify = defineVerb<VerifyOptions, VerifyReport>({
  name: 'verify',
  describe: 'Prove the ledger intact: every line (--full) or append-only since a base ref (--base)',
  examples: [
    ['proofgate verify --full', 'check every line of every segment, signatures, objects and seals'],
    [
      'proofgate verify --base origin/main',
      'prove the ledger only grew since origin/main; check new lines',
    ],
    [
      'proofgate verify --repair-torn',
      'remove a torn last line left by a killed writer, then verify',
    ],
  ],
  builder: (y) =>
    y
      .option('full', {
        type: 'boolean',
        default: false,
        describe: 'Check every line (the default)',
      })
      .option('base', { type: 'string', describe: 'Git ref the ledger must extend byte for byte' })
      .option('repair-torn', {
        type: 'boolean',
        default: false,
        describe: 'Remove unterminated last lines that are not entries; record a note',
      })
      .option('authority-id', {
        type: 'string',
        default: 'virtual:developer',
        describe: 'Authority of the repair note',
      }),
  toOptions: (argv, common) => {
    const base = argv['base'];
    if (argv['full'] === true && base !== undefined) {
      throw new UsageError('BAD_FLAG', '--full and --base exclude each other', {
        next: 'use --base <ref> in CI for a pull request, --full for an audit',
      });
    }
    if (base !== undefined && (typeof base !== 'string' || base === '')) {
      throw new UsageError('MISSING_ARG', '--base needs a git ref', {
        expected: 'e.g. --base origin/main',
      });
    }
    return {
      ...common,
      base: typeof base === 'string' ? base : undefined,
      repairTorn: argv['repair-torn'] === true,
      authorityId: String(argv['authority-id']),
    };
  },
  run: runVerify,
  render: renderVerify,
  exitCode: (report) => (report.ok ? 0 : 3),
});

runIfMain(import.meta.url, verify);
