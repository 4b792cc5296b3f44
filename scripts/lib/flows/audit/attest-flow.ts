// attest: a registered human (or external) authority records the result of a manual control as a
// ledger entry, never inside the registry. The entry binds the control definition and the subject
// it judged (the control's inputs, else the tree): a later change to them, the next task's work
// included, stales it; committing it does not. `--standing` (about nothing in the code) binds the
// definition only and must expire.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { AttestBody } from '../../core/gate/entries/bodies.ts';
import { isAttestOnly } from '../../core/gate/select/select-controls.ts';
import { pickControls } from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';

const DAY_MS = 86_400_000;

export interface AttestFlowOptions {
  root: string;
  control: string;
  status: 'PASS' | 'FAIL';
  note: string;
  /** ISO-8601 expiry; defaults to now + the control's attestation_max_age_days when it sets one. */
  expires?: string;
  /** Path of an evidence file inside the root, stored as an evidence object. */
  evidence?: string;
  /** About something outside the code: a code change does not stale it; it must expire. */
  standing?: boolean;
  actor: Actor;
}

/** What the attestation stays current for: the control's inputs, the tree, or its definition. */
export type AttestBinds = 'inputs' | 'tree' | 'standing';

export interface AttestFlowResult {
  control: string;
  status: 'PASS' | 'FAIL';
  expires?: string;
  evidence?: string;
  binds: AttestBinds;
  entry: string;
}

export async function attestFlow(
  options: AttestFlowOptions,
  ctx: Context,
  io: World,
): Promise<AttestFlowResult> {
  const plane = await io.loadPlane(options.root);
  const [control] = pickControls(plane.registry, [options.control]);
  if (control === undefined)
    throw new UsageError('UNKNOWN_ID', `unknown control ${options.control}`);
  if (!isAttestOnly(control.execution)) {
    throw new UsageError(
      'BAD_VALUE',
      `${control.id} is a ${control.execution.type} control: its result comes from running it`,
      {
        next: `proofgate evaluate --run --control ${control.id}`,
      },
    );
  }
  const authority = plane.manifest.authorities.find((a) => a.id === options.actor.authority);
  if (authority === undefined || (authority.kind !== 'human' && authority.kind !== 'external')) {
    throw new UsageError(
      'BAD_VALUE',
      `attestations need a registered human or external authority, not ${options.actor.authority}`,
      {
        expected:
          plane.manifest.authorities
            .filter((a) => a.kind === 'human' || a.kind === 'external')
            .map((a) => a.id)
            .join(', ') || 'a human authority in controls/manifest.yaml',
      },
    );
  }
  if (options.note.trim() === '')
    throw new UsageError('MISSING_ARG', 'an attestation needs a note saying what was checked');
  const now = ctx.clock.now();
  const maxAge =
    control.execution.type === 'manual' ? control.execution.attestation_max_age_days : undefined;
  const expires = decideExpiry(options.expires, now, maxAge);
  const binds = decideBinds(control.id, control.inputs, options.standing === true, expires);
  const body: AttestBody = {
    control: control.id,
    status: options.status,
    note: options.note.trim(),
  };
  if (expires !== undefined) body.expires = expires;
  if (binds === 'standing') body.standing = true;
  // A ledger that does not verify is never appended to: refused (exit 3) before the evidence
  // object is stored or anything is recorded.
  await io.readEntries(plane);
  const objects: string[] = [];
  if (options.evidence !== undefined) {
    const bytes = await io.readFile(plane.root, options.evidence);
    body.evidence = await io.objects(plane).put(bytes);
    objects.push(body.evidence);
  }
  const subjects = await io.computeSubjects(plane, [control]);
  const subject = subjects.get(control.id);
  if (subject === undefined)
    throw new UsageError('BAD_INPUT', `no subject binding for ${control.id}`);
  const stored = await io.append(plane, {
    kind: 'attest',
    time: now.toISOString(),
    actor: options.actor,
    subject,
    body: toJsonObject(body),
    ...(objects.length > 0 ? { objects } : {}),
  });
  return {
    control: control.id,
    status: options.status,
    ...(expires === undefined ? {} : { expires }),
    ...(body.evidence === undefined ? {} : { evidence: body.evidence }),
    binds,
    entry: stored.hash,
  };
}

/**
 * A standing attestation escapes code changes, so it is never open-ended, and a control that
 * declares inputs says what the attestation is about: both are refused rather than quietly widened.
 */
function decideBinds(
  control: string,
  inputs: readonly string[] | undefined,
  standing: boolean,
  expires: string | undefined,
): AttestBinds {
  if (!standing) return inputs === undefined ? 'tree' : 'inputs';
  if (inputs !== undefined)
    throw new UsageError(
      'BAD_FLAG',
      `${control} declares inputs: its attestation binds them, so --standing does not apply`,
      {
        where: '--standing',
        next: 'drop --standing: a change to those inputs needs a new attestation',
      },
    );
  if (expires === undefined)
    throw new UsageError(
      'MISSING_ARG',
      `a standing attestation of ${control} outlives code changes, so it must expire`,
      {
        where: '--standing',
        expected: '--expires <ISO date>, or attestation_max_age_days on the control',
      },
    );
  return 'standing';
}

function decideExpiry(
  given: string | undefined,
  now: Date,
  maxAgeDays: number | undefined,
): string | undefined {
  const limit = maxAgeDays === undefined ? undefined : now.getTime() + maxAgeDays * DAY_MS;
  if (given === undefined) return limit === undefined ? undefined : new Date(limit).toISOString();
  const at = Date.parse(given);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(given)) {
    throw new UsageError('BAD_VALUE', `--expires ${given} is not an ISO-8601 UTC date`, {
      expected: 'e.g. 2027-01-31 or 2027-01-31T12:00:00Z',
    });
  }
  if (at <= now.getTime())
    throw new UsageError('BAD_VALUE', `--expires ${given} is not in the future`);
  if (limit !== undefined && at > limit) {
    throw new UsageError(
      'BAD_VALUE',
      `--expires ${given} is past the control's maximum age of ${maxAgeDays} days`,
    );
  }
  return new Date(at).toISOString();
}
