// The one integrity check (references/verify.md "One integrity verdict"). `verify`, and before any
// verdict claim, status, the Stop hook, readiness, next, query and report, all run exactly this,
// so they never disagree about what is tampered with and report the same finding count:
// - every line of every segment through the ledger verifier: chain, canonical form, signatures,
//   keys, seals, grants, entries dated after the verifier's clock, and every referenced evidence
//   object (superseded ones included) re-hashed from disk;
// - the working ledger extends the one committed at HEAD, and the one at the anchor (the branch
//   upstream's fork point by default, or --base), byte for byte;
// - every commit between the anchor and HEAD only appended to the ledger (under --base, which
//   reads only the appended lines, no object the older lines name was rewritten either).
// Each source returns findings; a trust file's differences come in as `leading`, named first.
import type { Context } from '../../core/context.ts';
import type { LedgerFinding, LocatedEntry, StoredEntry } from '../../core/ledger/types.ts';
import type { VerifyLedgerResult } from '../../core/ledger/verify-stream.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { readBaseLedger } from './ledger-base.ts';
import { checkLedgerHistory } from './ledger-history.ts';
import { committedCheck, upstreamCheck } from './ledger-prefixes.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import { findBaseFork, findUpstream } from './ledger-upstream.ts';
import { currentSegmentFiles, verifyLedgerFiles } from './verify-ledger-files.ts';
import { recheckCheckpoint } from './checkpoint-state.ts';
import { archiveFindings } from '../plane/plane-archive.ts';
import { rewrittenObjectFindings } from './objects-since.ts';
import { readSealBody } from '../../core/ledger/verify-seals.ts';
import type {
  IntegrityAnchor,
  AnchorChoice,
  IntegrityInput,
} from '../../core/world/ledger-port.ts';

/** Checkpoint seals whose state one full check re-computes; more is a finding. */
const MAX_RECHECKED_CHECKPOINTS = 16;

export type IntegrityReport = VerifyLedgerResult;

/** Resolves the anchor a verdict is proven against. */
export async function resolveAnchor(
  plane: Plane,
  choice: AnchorChoice,
): Promise<IntegrityAnchor | undefined> {
  if ('base' in choice) {
    const { commit } = await readBaseLedger(plane.root, ledgerRel(plane), choice.base);
    return { ref: choice.base, commit, label: `${choice.base} (${commit.slice(0, 7)})` };
  }
  const upstream = await upstreamOf(plane.root, choice);
  return upstream === undefined ? undefined : anchorOfUpstream(upstream);
}

/** The upstream or fork point a choice other than a `--base` ledger names. */
export function upstreamOf(
  root: string,
  choice: Exclude<AnchorChoice, { base: string }>,
): Promise<UpstreamCheck | undefined> {
  if ('fork' in choice) return findBaseFork(root, choice.fork);
  return choice.upstream === 'find' ? findUpstream(root) : Promise.resolve(choice.upstream);
}

export function anchorOfUpstream(upstream: UpstreamCheck): IntegrityAnchor {
  return {
    ...upstream,
    label: `${upstream.ref} (fork point ${upstream.commit.slice(0, 7)})`,
  };
}

/** Every integrity finding of the ledger and its evidence (see the file comment). */
export async function checkIntegrity(
  plane: Plane,
  input: IntegrityInput,
  ctx: Pick<Context, 'clock'> | undefined,
): Promise<IntegrityReport> {
  const { anchor } = input;
  const history =
    anchor === undefined
      ? Promise.resolve([])
      : checkLedgerHistory(plane.root, ledgerRel(plane), anchor.commit, anchor.label);
  const archives: ArchivedSeal[] = [];
  const watched: IntegrityInput = { ...input, onEntry: collectArchives(archives, input.onEntry) };
  const lines =
    input.appendedOnly === true
      ? appendedLines(plane, watched, ctx)
      : everyLine(plane, watched, ctx);
  const [verified, commits] = await Promise.all([lines, history]);
  const archived = await archiveFindings(plane, archives, plane.manifest.ledger_id);
  verified.findings.push(...archived);
  verified.findingCount += archived.length;
  // One defect, one finding: lines a commit removed are named once, by that commit.
  const named = new Set(commits.map(findingKey));
  const prefixes = verified.prefixFindings.filter((f) => !named.has(findingKey(f)));
  const leading = input.leading ?? [];
  const sources: (readonly LedgerFinding[])[] = [leading, commits, prefixes, verified.findings];
  return {
    ...verified,
    findings: sources.flat(),
    findingCount: leading.length + commits.length + prefixes.length + verified.findingCount,
  };
}

async function appendedLines(
  plane: Plane,
  input: IntegrityInput,
  ctx: Pick<Context, 'clock'> | undefined,
): Promise<VerifyLedgerResult & { prefixFindings: LedgerFinding[] }> {
  const { checkpointSeals, ...result } = await verifyLedgerFiles(plane, {
    ...(ctx === undefined ? {} : { now: ctx.clock.now() }),
    ...(input.anchor === undefined ? {} : { base: input.anchor.ref }),
    ...(input.findingsCap === undefined ? {} : { findingsCap: input.findingsCap }),
    ...(input.sigstoreRoot === undefined ? {} : { sigstoreRoot: input.sigstoreRoot }),
    ...(input.onEntry === undefined ? {} : { onEntry: input.onEntry }),
  });
  const checkpointFindings = recheckCheckpoints(plane, checkpointSeals);
  // The older lines are proven by bytes; the objects they name are proven unchanged by git.
  const rewritten =
    input.anchor === undefined ? [] : await rewrittenObjectFindings(plane, input.anchor);
  result.findings.push(...checkpointFindings, ...rewritten);
  result.findingCount += checkpointFindings.length + rewritten.length;
  return { ...result, prefixFindings: [] };
}

/** Every line, with the proofs against HEAD and the anchor riding on the verifier's read. */
async function everyLine(
  plane: Plane,
  input: IntegrityInput,
  ctx: Pick<Context, 'clock'> | undefined,
): Promise<VerifyLedgerResult & { prefixFindings: LedgerFinding[] }> {
  const { anchor } = input;
  const [head, fork] = await Promise.all([
    committedCheck(plane),
    anchor === undefined ? undefined : upstreamCheck(plane, anchor, anchor.label),
  ]);
  const checks = [fork, head].filter((c) => c !== undefined);
  const streamed = await verifyLedgerFiles(plane, {
    ...(ctx === undefined ? {} : { now: ctx.clock.now() }),
    prefixes: checks,
    ...(input.findingsCap === undefined ? {} : { findingsCap: input.findingsCap }),
    ...(input.sigstoreRoot === undefined ? {} : { sigstoreRoot: input.sigstoreRoot }),
    ...(input.onEntry === undefined ? {} : { onEntry: input.onEntry }),
    ...(input.checkpoint === undefined ? {} : { checkpoint: input.checkpoint }),
  });
  const { prefixFindings, checkpointSeals, ...verified } = streamed;
  // The trusted checkpoint is vouched for by its signature; any other is re-computed (slow, exact).
  const vouched = input.checkpoint?.seal.hash;
  const checkpointFindings = recheckCheckpoints(
    plane,
    checkpointSeals.filter((seal) => seal.hash !== vouched),
  );
  verified.findings.push(...checkpointFindings);
  verified.findingCount += checkpointFindings.length;
  const found = (check: typeof head): LedgerFinding[] =>
    check === undefined ? [] : (prefixFindings[checks.indexOf(check)] ?? []);
  const rewritten = found(fork);
  const seen = new Set(rewritten.map(findingKey));
  const committed = found(head).filter((f) => !seen.has(findingKey(f)));
  return { ...verified, prefixFindings: [...committed, ...rewritten] };
}

/** Each checkpoint seal's state, re-computed from the lines it covers (read whole: full check only). */
function recheckCheckpoints(plane: Plane, seals: readonly LocatedEntry[]): LedgerFinding[] {
  if (seals.length === 0) return [];
  const segments = currentSegmentFiles(plane);
  const found = seals
    .slice(0, MAX_RECHECKED_CHECKPOINTS)
    .flatMap((seal) => recheckCheckpoint(seal, segments));
  const over = seals[MAX_RECHECKED_CHECKPOINTS];
  if (over !== undefined) {
    found.push({
      file: over.file,
      line: over.index + 1,
      code: 'CHECKPOINT_INVALID',
      message: `more than ${MAX_RECHECKED_CHECKPOINTS} checkpoint seals: the rest are not re-computed`,
    });
  }
  return found;
}

type ArchivedSeal = Parameters<typeof archiveFindings>[1][number];

/** Wraps the caller's entry hook to keep every seal that archived the plane. */
function collectArchives(
  into: ArchivedSeal[],
  onEntry: IntegrityInput['onEntry'],
): (stored: StoredEntry) => void {
  return (stored) => {
    onEntry?.(stored);
    if (stored.entry.kind !== 'seal' || stored.entry.body['archive'] === undefined) return;
    const body = readSealBody(stored.entry);
    if (typeof body === 'string' || body.archive === undefined) return;
    into.push({
      archiveId: body.archive_id,
      archive: body.archive,
      objects: stored.entry.storage.objects,
      at: `${stored.file}:${stored.line}`,
      file: stored.file,
      line: stored.line,
    });
  };
}

function findingKey(finding: LedgerFinding): string {
  return `${finding.file}:${finding.line}:${finding.code}`;
}
