// `proofgate seal --archive-id <id>` (references/seal.md): appends a seal over every segment head
// and the inventory of evidence objects the ledger references; sealed segments are closed.
import { defaultExecutionContext } from './lib/io/default-context.ts';
import type { Context } from './lib/core/context.ts';
import { IntegrityError, UsageError } from './lib/core/errors.ts';
import { sha256Hex } from './lib/core/hash.ts';
import { parseLedger } from './lib/core/ledger/parse-ledger.ts';
import { closedBy, computeInventory } from './lib/core/ledger/verify-seals.ts';
import { referencedObjects, verifyLedger } from './lib/core/ledger/verify-ledger.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { loadSigner } from './lib/io/keys.ts';
import { appendEntry, ledgerIdOf, readLedger } from './lib/io/ledger-store.ts';
import { readMetaSubject } from './lib/io/meta-subject.ts';
import { checkObjects, createObjectStore } from './lib/io/objects.ts';
import { loadPlane } from './lib/io/plane.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderSeal } from './lib/render/seal-report.ts';
import type { SealReport } from './lib/render/seal-report.ts';
import type { CommonOptions } from './lib/core/options.ts';

const ARCHIVE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export interface SealOptions extends CommonOptions {
  archiveId: string;
  authorityId: string;
}

export async function runSeal(options: SealOptions, ctx: Context): Promise<SealReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const ledgerId = ledgerIdOf(plane.manifest);
  const snapshot = await readLedger(plane);
  const parsed = parseLedger(snapshot);
  const objects = await checkObjects(createObjectStore(plane), referencedObjects(parsed));
  const { findings } = verifyLedger({
    parsed,
    ledgerId,
    authorities: plane.manifest.authorities,
    manifestFile: plane.manifestPath.slice(root.length + 1),
    objects,
  });
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
    { manifest: plane.manifest, ...signerOption(loadSigner(plane, options.authorityId, ctx.env)) },
  );
  return {
    archiveId: options.archiveId,
    entry: `${stored.file}:${stored.line}`,
    heads,
    ...inventory,
    closed: closedBy(stored.entry),
  };
}

function signerOption<T>(signer: T | undefined): { signer?: T } {
  return signer === undefined ? {} : { signer };
}

export const seal = defineVerb<SealOptions, SealReport>({
  name: 'seal',
  describe:
    'Seal the ledger: record every segment head and the evidence inventory; close the segments',
  examples: [['proofgate seal --archive-id release-1.4.0', 'seal before archiving a release']],
  builder: (y) =>
    y
      .option('archive-id', {
        type: 'string',
        demandOption: true,
        describe: 'Name of the archive this seal marks',
      })
      .option('authority-id', {
        type: 'string',
        default: 'virtual:developer',
        describe: 'Authority recording the seal',
      }),
  toOptions: (argv, common) => {
    const archiveId = argv['archive-id'];
    if (typeof archiveId !== 'string' || !ARCHIVE_ID.test(archiveId)) {
      throw new UsageError('BAD_VALUE', `--archive-id ${String(archiveId)} is not a valid id`, {
        where: '--archive-id',
        expected: `1-100 characters of ${String(ARCHIVE_ID)}`,
      });
    }
    return { ...common, archiveId, authorityId: String(argv['authority-id']) };
  },
  run: runSeal,
  render: renderSeal,
  exitCode: () => 0,
});

runIfMain(import.meta.url, seal);
