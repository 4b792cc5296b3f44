// The Stop hook's reading of the session: the transcript the payload names (Claude Code's
// `transcript_path`), adapted by the trace adapters and judged by the shipped honest-completion
// pack. Only the block findings matter to the stop; each is kept as the rule, the quoted sentence
// (redacted), the call it rests on and the transcript's sha256 — never the transcript itself.
import type { World } from '../../core/world/world.ts';
import type { TranscriptFacts, TranscriptFinding } from '../../core/hook/transcript-decision.ts';
import type { Finding, Pack } from '../../core/trace/pack.ts';
import { redactTyped } from '../../core/ledger/redact-draft.ts';
import { checkTraceFile } from '../trace/trace-check-flow.ts';

/** The pack the hook holds every session's final message to. */
export const SESSION_PACK = 'honest-completion';

/** A transcript judged, or why not (the plane's policy then decides: see withPolicy). */
export type TranscriptJudgement =
  | Extract<TranscriptFacts, { kind: 'judged' }>
  | { kind: 'unreadable'; problem: string; sha256?: string };

function toFinding(finding: Finding): TranscriptFinding {
  const command = finding.callName;
  return {
    rule: finding.rule,
    message: redactTyped(finding.message),
    quote: redactTyped(finding.quote ?? ''),
    ...(finding.callId === undefined ? {} : { callId: finding.callId }),
    ...(command === undefined ? {} : { command: redactTyped(command) }),
  };
}

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The pack with the plane's command controls (their argv, as a shell would show it) added to the
 * runs of every `final_claim` rule that asks for them (`controlCommands: true`): a project's own
 * `node check.js` counts as its test run.
 */
export function withControlCommands(pack: Pack, commands: readonly (readonly string[])[]): Pack {
  if (commands.length === 0) return pack;
  const runs = commands.map((argv) => ({
    tool: 'shell',
    where: {
      'args.command': `/(?:^|[;&|(\\n])\\s*(?:[A-Za-z_][A-Za-z0-9_]*=\\S*\\s+)*${argv.map(escape).join('\\s+')}(?:\\s|$|[;&|)])/`,
    },
  }));
  const rules = pack.rules.map((rule) =>
    rule.type === 'final_claim' && rule['controlCommands'] === true
      ? { ...rule, last: [...[rule['last']].flat(), ...runs] }
      : rule,
  );
  return { ...pack, rules };
}

export async function judgeTranscript(
  path: string,
  world: Pick<World, 'loadTrace'>,
  commands: readonly (readonly string[])[] = [],
): Promise<TranscriptJudgement> {
  const trace = await world.loadTrace();
  const shipped = trace.loadPack(trace.shippedPackFile(SESSION_PACK), `${SESSION_PACK}.yaml`);
  const pack = withControlCommands(shipped, commands);
  const item = await checkTraceFile(pack, { path, shownAs: path }, 'auto', trace);
  const sha256 = item.verdict?.header.rawSha256;
  if (item.error !== undefined) {
    const problem = `${item.error.code}: ${item.error.message}`;
    return { kind: 'unreadable', problem, ...(sha256 === undefined ? {} : { sha256 }) };
  }
  if (item.verdict === undefined || sha256 === undefined)
    return { kind: 'unreadable', problem: `${path} gave no verdict` };
  const findings = item.verdict.findings
    .filter((f) => f.level === 'block' && f.outcome === 'fail')
    .map(toFinding);
  return { kind: 'judged', sha256, findings };
}

/** The judgement with the plane's `policies.transcript_unreadable` (default warn). */
export function withPolicy(
  judgement: TranscriptJudgement,
  policy: 'warn' | 'block' | undefined,
): TranscriptFacts {
  return judgement.kind === 'judged' ? judgement : { ...judgement, policy: policy ?? 'warn' };
}
