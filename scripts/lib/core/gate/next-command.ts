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

export function formatAuditCommand(control: string, stage: AuditStage, actor?: Actor): string {
  const args = ['proofgate', 'audit', '--audit-stage', stage, '--review-run', 'latest'];
  args.push('--control', control, ...actorFlags(actor));
  return args.map(quoteArg).join(' ');
}

export function formatAttestCommand(control: string): string {
  return [
    'proofgate',
    'attest',
    '--control',
    control,
    '--status',
    'PASS',
    '--note',
    '<what was checked>',
  ]
    .map(quoteArg)
    .join(' ');
}

export const ADOPT_COMMAND = 'proofgate adopt --list';
