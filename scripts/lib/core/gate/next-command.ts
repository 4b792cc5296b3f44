// The exact commands a reader is told to run next. Arguments are quoted for a POSIX shell so the
// line can be pasted as is.
import type { Actor, AuditStage } from '../ledger/types.ts';

const SAFE_ARG = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function quoteArg(arg: string): string {
  return SAFE_ARG.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

function actorFlags(actor: Actor | undefined): string[] {
  if (actor === undefined) return [];
  return [
    '--actor',
    actor.label,
    '--authority-id',
    actor.authority,
    '--execution-context',
    actor.context,
  ];
}

export interface RerunRequest {
  control: string;
  actor?: Actor;
  /** Authorizations the rerun needs; each becomes an --authorize flag. */
  authorize?: readonly string[];
}

export function formatEvaluateCommand(request: RerunRequest): string {
  const args = ['proofgate', 'evaluate', '--run', '--control', request.control];
  if (request.actor !== undefined) args.push('--audit-stage', 'self', ...actorFlags(request.actor));
  for (const auth of [...new Set(request.authorize ?? [])].sort()) args.push('--authorize', auth);
  return args.map(quoteArg).join(' ');
}

/** A registered authority as the next commands need it (a subset of the manifest's entry). */
export interface AuthorityRef {
  id: string;
  kind: string;
  stages: readonly string[];
  retired?: string;
}

/** The command that registers an authority for `stage` when none is registered. */
export function formatAuthorityAddCommand(id: string, stage: AuditStage): string {
  return ['proofgate', 'authority', 'add', id, '--stage', stage].map(quoteArg).join(' ');
}

/**
 * The audit of `control` at `stage`. Without an explicit actor, the first authority registered for
 * the stage acts, in an execution context named after the stage (an audit must run somewhere else
 * than the run it reviews); with no such authority, the command that registers one comes first.
 */
export function formatAuditCommand(
  control: string,
  stage: AuditStage,
  actor?: Actor,
  authorities: readonly AuthorityRef[] = [],
): string {
  const args = ['proofgate', 'audit', '--audit-stage', stage, '--review-run', 'latest'];
  args.push('--control', control);
  if (actor !== undefined) {
    args.push(...actorFlags(actor));
    return args.map(quoteArg).join(' ');
  }
  const auditor = authorities.find((a) => a.retired === undefined && a.stages.includes(stage));
  const id = auditor?.id ?? defaultAuditorFor(stage);
  args.push(
    '--authority-id',
    id,
    '--execution-context',
    `local:${stage.replaceAll('_', '-')}-audit`,
  );
  const audit = args.map(quoteArg).join(' ');
  return auditor === undefined ? `${formatAuthorityAddCommand(id, stage)} && ${audit}` : audit;
}

function defaultAuditorFor(stage: AuditStage): string {
  if (stage === 'third_party') return 'external:third-party';
  if (stage === 'release_authority') return 'virtual:release-owner';
  return 'virtual:quality';
}

/** A human or external authority attests; with none registered, registering one comes first. */
export function formatAttestCommand(
  control: string,
  authorities: readonly AuthorityRef[] = [],
): string {
  const attester = authorities.find(
    (a) =>
      a.retired === undefined &&
      (a.kind === 'human' || a.kind === 'external') &&
      a.stages.includes('self'),
  );
  const id = attester?.id ?? 'human:owner';
  const attest = [
    'proofgate',
    'attest',
    '--control',
    control,
    '--status',
    'PASS',
    '--note',
    '<what was checked>',
    '--authority-id',
    id,
  ]
    .map(quoteArg)
    .join(' ');
  return attester === undefined ? `${formatAuthorityAddCommand(id, 'self')} && ${attest}` : attest;
}

export const ADOPT_COMMAND = 'proofgate adopt --list';
