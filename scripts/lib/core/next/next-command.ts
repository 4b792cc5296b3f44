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
  /** More than one: the runs a flaky control still needs (`--repeat N`). */
  repeat?: number;
}

export function formatEvaluateCommand(request: RerunRequest): string {
  const args = ['proofgate', 'evaluate', '--run', '--control', request.control];
  args.push(...actorFlags(request.actor));
  for (const auth of [...new Set(request.authorize ?? [])].sort()) args.push('--authorize', auth);
  if (request.repeat !== undefined && request.repeat > 1)
    args.push('--repeat', `${request.repeat}`);
  return args.map(quoteArg).join(' ');
}

/** A registered authority as the next commands need it (a subset of the manifest's entry). */
export interface AuthorityRef {
  id: string;
  kind: string;
  stages: readonly string[];
  retired?: string;
  /** Registered public keys; an authority without one can only record unsigned labels. */
  keys?: readonly unknown[];
  /** Declared Sigstore identities; such an authority signs keyless, with no key to generate. */
  identities?: readonly unknown[];
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
  /** True where the stage counts only when signed (engineering_ready and up). */
  signed = false,
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
  const steps = [args.map(quoteArg).join(' ')];
  // An audit by an authority without a key would be an unsigned label that does not count here:
  // the key comes first, so the audit is not run in vain (--if-missing: the next control's line
  // does not add a second key).
  if (signed && (auditor?.keys ?? []).length === 0 && (auditor?.identities ?? []).length === 0) {
    const keys = [
      'proofgate',
      'authority',
      'keys',
      'generate',
      '--authority-id',
      id,
      '--if-missing',
    ];
    steps.unshift(keys.map(quoteArg).join(' '));
  }
  if (auditor === undefined) steps.unshift(formatAuthorityAddCommand(id, stage));
  return steps.join(' && ');
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
