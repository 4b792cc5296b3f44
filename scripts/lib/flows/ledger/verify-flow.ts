// verify: proves the ledger intact with the one integrity check every verdict runs
// (ledger-integrity.ts; with --base only the lines appended after the proven prefix). seal runs
// the same check before it appends.
import type { Context } from '../../core/context.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { VerifiedCounts } from '../../core/ledger/describe-verified.ts';
import type { CommonOptions } from '../../core/options.ts';
import type { UpstreamCheck } from '../../core/ports.ts';
import {
  applyTrust,
  describeTrust,
  judgeRules,
  type TrustSource,
} from '../../core/trust/apply-trust.ts';
import { describeAuthorized } from '../../core/trust/pinned-rules.ts';
import { judgeTool, type ToolBinding } from '../../core/gate/claim/tool-trust.ts';
import { type CheckpointUse, NO_CHECKPOINT } from '../../core/world/ledger-port.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';

export interface VerifyOptions extends CommonOptions {
  base: string | undefined;
  /** Skip the default append-only check against the branch's upstream. */
  noBase: boolean;
  repairTorn: boolean;
  /** Record forked positions (two writers, one seq) in notes; see io/ledger/repair-forks.ts. */
  repair?: boolean;
  /** Authority recorded on the repair note (with --repair-torn). */
  authorityId: string;
  /** `--trust FILE`: authorities, keys and segment heads from the auditor's trust file. */
  trust?: string | undefined;
  /** trusted_root.json for keyless signatures (default: the shipped public-good root). */
  sigstoreRoot?: string | undefined;
  /** Fetch the current trusted root through TUF first (online; io/keys/sigstore-tuf.ts). */
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
  /** Where the keys signatures were checked against came from. */
  trust: TrustSource;
  /** With --trust: rule changes since the file that its release authority approved, one line each. */
  authorizedRules?: string[];
  /**
   * Full mode, when the ledger holds a checkpoint seal: the one verdicts start from, or why none
   * is trusted (they then read the whole ledger).
   */
  checkpoint?: { entry: string; covered: number; retained: number } | { untrusted: string };
  /** The running gate: version, bundle and skill digests, trust state (a modified one is a finding). */
  tool: ToolBinding;
}

export async function verifyFlow(
  options: VerifyOptions,
  ctx: Context,
  world: World & Pick<WorldExtras, 'ledgerRepair'>,
): Promise<VerifyReport> {
  const { ledger, keys, trustFiles } = world;
  const root = await world.resolveRoot(options.root);
  const own = world.planeFiles.loadPlane(root);
  const trust =
    options.trust === undefined ? undefined : trustFiles.readTrustFile(ctx.cwd, options.trust);
  // With a trust file, signatures are checked against its keys and any difference is a finding.
  const trustFindings = trust === undefined ? [] : trustFiles.checkTrust(own, trust);
  const plane = trust === undefined ? own : applyTrust(own, trust);
  // A manifest without a ledger id is a config error before anything is repaired.
  ledger.ledgerIdOf(plane.manifest, plane.manifestPath.slice(root.length + 1));
  const time = ctx.clock.now().toISOString();
  const repaired = options.repairTorn
    ? await world.ledgerRepair.repairTornTails(plane, options.authorityId, ctx.env, time)
    : [];
  const forks =
    options.repair === true
      ? await world.ledgerRepair.repairForks(plane, options.authorityId, ctx.env, time)
      : [];
  const sigstoreRoot =
    options.sigstoreRefresh === true
      ? await keys.refreshTrustedRoot(ctx.env)
      : options.sigstoreRoot;
  const upstream =
    options.base === undefined && !options.noBase ? await ledger.findUpstream(root) : undefined;
  // The same check every verdict runs before it decides (flows/ledger-integrity.ts); --base only
  // parses the lines appended since the base.
  const anchor =
    options.base === undefined
      ? upstream === undefined
        ? undefined
        : ledger.anchorOfUpstream(upstream)
      : await ledger.resolveAnchor(plane, { base: options.base });
  const input = {
    anchor,
    appendedOnly: options.base !== undefined,
    leading: trustFindings,
    ...(sigstoreRoot === undefined ? {} : { sigstoreRoot }),
  };
  // With a trust file the entries are kept: its pinned rules are judged against their approvals.
  const { report: result, entries } =
    trust === undefined || options.base !== undefined
      ? { report: await ledger.checkIntegrity(plane, input, ctx), entries: undefined }
      : await ledger.readWholeVerified(plane, input, ctx);
  const rules =
    trust === undefined || entries === undefined || result.findingCount > 0
      ? undefined
      : judgeRules(plane, trust, entries);
  const checkpoint =
    options.base === undefined && trust === undefined
      ? describeCheckpoint(await ledger.usableCheckpoint(plane, anchor, sigstoreRoot))
      : undefined;
  const tool = judgeTool(ledger.readToolIdentity(root), plane.manifest, []);
  const gate = toolFinding(tool);
  const ruleFindings = rules?.findings ?? [];
  const findings = [...ruleFindings, ...result.findings, ...gate];
  const findingCount = ruleFindings.length + result.findingCount + gate.length;
  return {
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ok: findingCount === 0,
    mode: options.base === undefined ? 'full' : 'base',
    ...(options.base === undefined ? {} : { base: options.base }),
    ...(upstream === undefined ? {} : { upstream }),
    ...result,
    findings,
    findingCount,
    repaired,
    forks,
    trust: describeTrust(trust),
    ...(rules === undefined || rules.authorized.length === 0
      ? {}
      : { authorizedRules: rules.authorized.map(describeAuthorized) }),
    tool,
  };
}

/** A locally modified gate is a finding: its own verdict on the ledger cannot be taken either. */
function toolFinding(tool: ToolBinding): LedgerFinding[] {
  if (tool.trust !== 'modified') return [];
  return [
    {
      file: 'proofgate',
      line: 0,
      code: 'TOOL_MODIFIED',
      message: `the running proofgate ${tool.version} is modified: ${tool.reasons.join('; ')}`,
    },
  ];
}

/** What verify says of the checkpoints: undefined when the ledger has no checkpoint seal. */
function describeCheckpoint(use: CheckpointUse): VerifyReport['checkpoint'] {
  if ('skipped' in use)
    return use.skipped === NO_CHECKPOINT ? undefined : { untrusted: use.skipped };
  const { seal, body, retained } = use.checkpoint;
  const covered = Object.values(body.segments).reduce((sum, s) => sum + s.lines, 0);
  return { entry: `${seal.file}:${seal.index + 1}`, covered, retained: retained.length };
}
