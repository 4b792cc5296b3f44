// `proofgate verify`: proves the ledger intact (references/verify.md). Gather (segments, base
// blobs, objects) → decide (verifyLedger, pure) → render. Exit 3 on any finding.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { parseLedger } from './lib/core/ledger/parse-ledger.ts';
import { referencedObjects, verifyLedger } from './lib/core/ledger/verify-ledger.ts';
import type { CommonOptions } from './lib/define-verb.ts';
import { defineVerb } from './lib/define-verb.ts';
import { compareWithBaseRef } from './lib/io/ledger-base.ts';
import { ledgerIdOf, ledgerRel, readLedger } from './lib/io/ledger-store.ts';
import { checkObjects, createObjectStore } from './lib/io/objects.ts';
import { loadPlane } from './lib/io/plane.ts';
import { repairForks } from './lib/io/repair-forks.ts';
import { repairTornTails } from './lib/io/repair-torn.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/io/run-if-main.ts';
import { renderVerify } from './lib/render/verify-report.ts';
import type { VerifyReport } from './lib/render/verify-report.ts';

export interface VerifyOptions extends CommonOptions {
  base: string | undefined;
  repairTorn: boolean;
  /** Record forked positions (two writers, one seq) in notes; see io/repair-forks.ts. */
  repair?: boolean;
  /** Authority recorded on the repair note (with --repair-torn). */
  authorityId: string;
}

export async function runVerify(options: VerifyOptions, ctx: Context): Promise<VerifyReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const manifestFile = plane.manifestPath.slice(root.length + 1);
  const ledgerId = ledgerIdOf(plane.manifest, manifestFile);
  const time = ctx.clock.now().toISOString();
  const repaired = options.repairTorn
    ? await repairTornTails(plane, options.authorityId, ctx.env, time)
    : [];
  const forks =
    options.repair === true ? await repairForks(plane, options.authorityId, ctx.env, time) : [];
  const snapshot = await readLedger(plane);
  const base =
    options.base === undefined
      ? undefined
      : await compareWithBaseRef(root, ledgerRel(plane), snapshot, options.base);
  const parsed = parseLedger(snapshot, base?.start);
  const objects = await checkObjects(createObjectStore(plane), referencedObjects(parsed));
  const result = verifyLedger({
    parsed,
    ledgerId,
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
    ...(base === undefined ? {} : { base }),
  });
  return {
    ok: result.findings.length === 0,
    mode: options.base === undefined ? 'full' : 'base',
    ...(options.base === undefined ? {} : { base: options.base }),
    ...result,
    repaired,
    forks,
  };
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
      'proofgate verify --repair',
      'record a position two writers both appended (a lock race) in a note, then verify',
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
      .option('repair', {
        type: 'boolean',
        default: false,
        describe:
          'Record each forked position (two writers appended one seq) in a note; rewrites nothing',
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
      repair: argv['repair'] === true,
      authorityId: String(argv['authority-id']),
    };
  },
  run: runVerify,
  render: renderVerify,
  exitCode: (report) => (report.ok ? 0 : 3),
});

runIfMain(import.meta.url, verify);
