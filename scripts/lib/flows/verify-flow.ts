// verify: proves the ledger intact. The segments stream through the pure line-by-line verifier
// (bounded memory at any size; with --base only the lines appended after the proven prefix). seal
// reads the whole ledger and runs the same decision before it appends (readAndVerifyLedger).
import type { Context } from '../core/context.ts';
import { findGrantProblems } from '../core/gate/grant-signature.ts';
import type { LedgerFinding } from '../core/ledger/types.ts';
import type { VerifiedCounts } from '../core/ledger/describe-verified.ts';
import { parseLedger } from '../core/ledger/parse-ledger.ts';
import { referencedObjects, verifyLedger } from '../core/ledger/verify-ledger.ts';
import type { CommonOptions } from '../core/options.ts';
import type { Plane } from '../core/plane/plane.ts';
import { resolveRoot } from '../io/git.ts';
import { committedCheck, upstreamCheck } from '../io/ledger-prefixes.ts';
import { findUpstream, type UpstreamCheck } from '../io/ledger-upstream.ts';
import { ledgerIdOf, readLedger } from '../io/ledger-store.ts';
import { checkObjects, createObjectStore } from '../io/objects.ts';
import { loadPlane } from '../io/plane.ts';
import { repairForks } from '../io/repair-forks.ts';
import { repairTornTails } from '../io/repair-torn.ts';
import { keylessFindings, verifyLedgerFiles } from '../io/verify-ledger-files.ts';

export interface VerifyOptions extends CommonOptions {
  base: string | undefined;
  /** Skip the default append-only check against the branch's upstream. */
  noBase: boolean;
  repairTorn: boolean;
  /** Record forked positions (two writers, one seq) in notes; see io/repair-forks.ts. */
  repair?: boolean;
  /** Authority recorded on the repair note (with --repair-torn). */
  authorityId: string;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /** Fetch the current trusted root through TUF first (online; io/sigstore-tuf.ts). */
  sigstoreRefresh?: boolean;
}

export interface VerifyReport {
  ok: boolean;
  mode: 'full' | 'base';
  base?: string;
  /** Full mode: the upstream the ledger was also proven to extend byte for byte. */
  upstream?: UpstreamCheck;
  segments: number;
  checkedLines: number;
  /** Entries, signed entries and seals among the checked lines. */
  counts: VerifiedCounts;
  /** The first findings in file and line order (capped). */
  findings: LedgerFinding[];
  /** Every finding, listed or not. */
  findingCount: number;
  repaired: { file: string; removedBytes: number; removedSha256: string }[];
  /** Forked positions recorded by `--repair` in this run. */
  forks?: { file: string; line: number; seq: number; lineSha256: string }[];
}

/** Reads every segment, parses it, checks the referenced objects and verifies the whole ledger. */
export async function readAndVerifyLedger(plane: Plane, ledgerId: string, sigstoreRoot?: string) {
  const root = plane.root;
  const manifestFile = plane.manifestPath.slice(root.length + 1);
  const snapshot = await readLedger(plane);
  const parsed = parseLedger(snapshot);
  const objects = await checkObjects(createObjectStore(plane), referencedObjects(parsed));
  const { keyless, ...result } = verifyLedger({
    parsed,
    ledgerId,
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
  });
  const unsigned = await keylessFindings(plane, keyless, sigstoreRoot);
  result.findings.push(...unsigned);
  result.findingCount += unsigned.length;
  return { snapshot, parsed, result };
}

export async function verifyFlow(options: VerifyOptions, ctx: Context): Promise<VerifyReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  // A manifest without a ledger id is a config error before anything is repaired.
  ledgerIdOf(plane.manifest, plane.manifestPath.slice(root.length + 1));
  const time = ctx.clock.now().toISOString();
  const repaired = options.repairTorn
    ? await repairTornTails(plane, options.authorityId, ctx.env, time)
    : [];
  const forks =
    options.repair === true ? await repairForks(plane, options.authorityId, ctx.env, time) : [];
  const sigstoreRoot =
    options.sigstoreRefresh === true
      ? await (await import('../io/sigstore-tuf.ts')).refreshTrustedRoot(ctx.env)
      : options.sigstoreRoot;
  const upstream =
    options.base === undefined && !options.noBase ? await findUpstream(root) : undefined;
  // Like every verdict, the full check proves the working ledger extends the one committed at
  // HEAD, upstream or not (a committed line deleted locally is a finding naming where), and the
  // one at the upstream's fork point; both in the read the verifier makes anyway.
  const head = options.base === undefined ? await committedCheck(plane) : undefined;
  const fork = upstream === undefined ? undefined : await upstreamCheck(plane, upstream);
  const checks = [fork, head].filter((c) => c !== undefined);
  // A grant by a keyed authority must carry that authority's own signature: checked on every
  // entry as it streams past (with --base, on the appended ones).
  const grants: LedgerFinding[] = [];
  const authorities = plane.manifest.authorities;
  const streamed = await verifyLedgerFiles(plane, {
    now: ctx.clock.now(),
    ...(options.base === undefined ? {} : { base: options.base }),
    prefixes: checks,
    sigstoreRoot,
    onEntry: ({ entry, file, line }) => {
      grants.push(...findGrantProblems(entry, { file, line }, authorities));
    },
  });
  const { prefixFindings, ...verified } = streamed;
  const [rewritten, headFindings] = [fork, head].map((check) =>
    check === undefined ? [] : (prefixFindings[checks.indexOf(check)] ?? []),
  ) as [LedgerFinding[], LedgerFinding[]];
  const seen = new Set(rewritten.map(findingKey));
  const committed = headFindings.filter((f) => !seen.has(findingKey(f)));
  const result = {
    ...verified,
    findings: [...committed, ...rewritten, ...verified.findings, ...grants],
    findingCount: committed.length + rewritten.length + verified.findingCount + grants.length,
  };
  return {
    ok: result.findingCount === 0,
    mode: options.base === undefined ? 'full' : 'base',
    ...(options.base === undefined ? {} : { base: options.base }),
    ...(upstream === undefined ? {} : { upstream }),
    ...result,
    repaired,
    forks,
  };
}

function findingKey(finding: LedgerFinding): string {
  return `${finding.file}:${finding.line}:${finding.code}`;
}
