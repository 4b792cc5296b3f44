// The claim half of `proofgate hook stop`: the plane, the verified ledger and the subject
// bindings, judged as `claim` would judge the task (hook-stop-flow.ts loads it once git status
// has been started, so compiling it overlaps that status).
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { sha256Hex } from '../../core/hash.ts';
import { quoteArg } from '../../core/next/next-command.ts';
import type { StopFacts } from '../../core/hook/decide-stop.ts';
import { decideInCampaign } from '../campaign/campaign-claim.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import type { ControlStatus } from '../../core/gate/status/compute-status.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';
import { chooseClaimSubject } from '../claim/claim-subject.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import type { TaskScope } from '../../core/gate/select/task-scope.ts';
import { readTrustedRules } from '../claim/trusted-rules.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { InternalError } from '../../core/errors.ts';

export interface StopContext {
  root: string;
  /** `<git dir>/proofgate`: the task file. */
  dir: string;
  gate: World;
  ctx: Context;
}

/** What the claim half found, and what a note needs to be bound to. */
export interface ClaimFound {
  facts: StopFacts;
  plane: Plane;
  binding: SubjectBinding | undefined;
}

/** The claim an ai_brownfield task makes: inside its campaign (`campaign list` names both ids). */
const CAMPAIGN_CLAIM = 'proofgate claim --campaign <campaign id> --task <task id>';

export async function gatherClaimFacts(
  context: StopContext,
  controls: readonly string[],
): Promise<ClaimFound> {
  const { root, dir, ctx, gate: io } = context;
  const plane = await io.loadPlane(root);
  // The claim `claim` would make for this task (claim-subject.ts): in ai_brownfield the task file
  // names the campaign task even when the controls are named elsewhere (they then add to it).
  const subject = await chooseClaimSubject(
    {
      flags: controls,
      env: ctx.env,
      brownfield: plane.manifest.profile.development_mode === 'ai_brownfield',
      isTask: true,
    },
    () => Promise.resolve(io.hook.readTaskFile(dir)),
  );
  // The verified ledger read (once: the hook's gate keeps it) starts now and runs while the rules
  // and the subject bindings are read; a failure surfaces where it is awaited.
  io.readEntries(plane).catch(() => undefined);
  // The rules `claim` decides with: the upstream branch's, else the working tree's own, said so.
  const atBase = await readTrustedRules(io, plane, undefined);
  if (subject.kind === 'campaign-task') {
    const { campaign, task, controls: added, controlsFrom: from = 'task.json' } = subject;
    return campaignFacts(plane, { campaign, task }, { added, from, atBase }, ctx, io);
  }
  // A task that names controls covers at least what it changes; naming none gates every
  // required control.
  const { controls: ids, controlsFrom: source = 'task.json' } = subject;
  // The decision `claim` makes (claim-now.ts): in ai_brownfield a plain task claim is refused
  // outside a campaign, so the hook never lets a stop through that `claim` would refuse; the
  // statuses are still gathered, as the hook's note is bound to them.
  const now = await decideClaimNow(
    plane,
    atBase ?? null,
    { scope: 'task', ids, source, gatherRefused: true },
    ctx,
    io,
  );
  if (now.gathered === undefined) throw new InternalError('the stop was decided without statuses');
  const gathered = now.gathered.gathered;
  // Outside a campaign task the refusal (claim-now's) names the registered campaigns and the way in.
  const explained = now.isOutsideCampaign
    ? now.decision
    : explainScope(now.decision, now.scoped, now.rules);
  // Granted on the self stage alone: the ledger lines behind it are the agent's to write, so the
  // hook runs the task's fast controls again itself before it lets the stop through.
  // Loaded only then: running a control needs the runner and the redaction rules, which a stop
  // that is refused anyway (or rests on a cross audit) never loads.
  const onSelf = (atBase?.plane ?? plane).manifest.policies.claims.task.required_stages.every(
    (s) => s === 'self',
  );
  const rerun =
    explained.granted && onSelf
      ? await (await import('./hook-rerun.ts')).rerunTask(plane, gathered.statuses, ctx, io)
      : undefined;
  const decision =
    rerun === undefined || rerun.blockers.length === 0
      ? explained
      : {
          granted: false,
          verdict: `REFUSED task claim: ${rerun.blockers.length} control(s) recorded as PASS do not pass when run again`,
          blockers: rerun.blockers,
        };
  // A plain `claim` works the task out as this hook did (the same task file and environment
  // variable, the same change), so only controls named to the hook itself are named to it.
  return claimFacts(
    plane,
    decision,
    gathered,
    now.isOutsideCampaign ? CAMPAIGN_CLAIM : claimCommandFor(controls),
  );
}

/**
 * The refusal as the hook shows it: each blocker of a control the change put in the task says
 * why, and the verdict says where its rules came from and which rule changes are not in effect.
 */
function explainScope(
  decision: ClaimDecision,
  scoped: TaskScope | undefined,
  rules: RulesReport | undefined,
): ClaimDecision {
  if (decision.granted) return decision;
  const why = new Map((scoped?.reasons ?? []).map((r) => [r.control, r.reason]));
  const blockers = decision.blockers.map((b) => {
    const reason = why.get(b.control);
    return reason === undefined || reason.startsWith('named by')
      ? b
      : { ...b, reason: `${b.reason} (in the task: ${reason})` };
  });
  return { ...decision, verdict: `${decision.verdict}${describeRules(rules)}`, blockers };
}

function describeRules(rules: RulesReport | undefined): string {
  if (rules === undefined) return '';
  if (rules.base === undefined) return `; rules: ${rules.reason ?? ''}`;
  if (rules.changes.length === 0) return '';
  return `; rules from ${rules.base}, not in effect until merged: ${rules.changes.join('; ')}`;
}

/** A campaign task named by the task file: the decision `claim --campaign --task` would make. */
async function campaignFacts(
  plane: Plane,
  named: { campaign: string; task: string },
  extra: { added: readonly string[]; from: string; atBase: BaseRules | undefined },
  ctx: Context,
  io: World,
): Promise<ClaimFound> {
  const decided = await decideInCampaign(
    plane,
    {
      ...named,
      controls: [...extra.added],
      controlsFrom: extra.from,
      changeBase: extra.atBase,
    },
    ctx,
    io,
  );
  const command = ['proofgate', 'claim', '--campaign', named.campaign, '--task', named.task]
    .map(quoteArg)
    .join(' ');
  return claimFacts(plane, decided.decision, decided, command);
}

function claimFacts(
  plane: Plane,
  decision: Pick<ClaimDecision, 'granted' | 'verdict' | 'blockers'>,
  gathered: { subjects: ReadonlyMap<string, SubjectBinding>; statuses: readonly ControlStatus[] },
  claimCommand: string,
): ClaimFound {
  // Code-unit order: a locale comparison would load the collator (milliseconds) for ids alone.
  const subjects = [...gathered.subjects.entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const facts: StopFacts = {
    kind: 'claim',
    subject: sha256Hex(JSON.stringify(subjects)),
    granted: decision.granted,
    verdict: decision.verdict,
    blockers: decision.blockers,
    applicable: gathered.statuses.filter((s) => s.status !== 'NOT_APPLICABLE').length,
    controls: gathered.statuses.map((s) => s.control),
    claimCommand,
  };
  return { facts, plane, binding: subjects[0]?.[1] };
}

function claimCommandFor(controls: readonly string[]): string {
  const command = ['proofgate', 'claim', ...controls.flatMap((c) => ['--control', c])]
    .map(quoteArg)
    .join(' ');
  return command.length <= 300
    ? command
    : 'proofgate claim --control <id> for each control the task touched';
}
