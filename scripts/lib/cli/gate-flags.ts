// Flags shared by the gate verbs (evaluate, claim, audit, attest, status and their views), as
// declarations a verb spreads into its own, and their defaults: actor from $USER (else `agent`),
// authority virtual:developer, context local:<hostname>. An explicit flag always wins.
import { defaultExecutionContext } from '../io/host/default-context.ts';
import { availableParallelism } from 'node:os';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { SIGN_MODES } from '../core/ledger/keyless.ts';
import type { Actor } from '../core/ledger/types.ts';
import { AUTHORIZATION_KINDS } from '../core/plane/types.ts';
import type { FlagSpecs } from './flags.ts';

const DEFAULT_AUTHORITY = 'virtual:developer';

/** One control per core: more only makes them compete (a build beside the tests slows both). */
export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}

export interface ActorFlags {
  label: string | undefined;
  authority: string | undefined;
  context: string | undefined;
}

/** `--actor`, `--authority-id`, `--execution-context`; `authorityDefault` is what help says. */
export function actorFlags(authorityDefault = DEFAULT_AUTHORITY) {
  return {
    actor: {
      type: 'string',
      nonEmpty: true,
      describe: 'display label (default: $USER, else agent)',
    },
    'authority-id': {
      type: 'string',
      nonEmpty: true,
      describe: `registered authority acting (default: ${authorityDefault})`,
    },
    'execution-context': {
      type: 'string',
      nonEmpty: true,
      describe: 'where this runs, e.g. local:laptop or ci:github:123 (default: local:<hostname>)',
    },
  } as const satisfies FlagSpecs;
}

/** The acting identity as given by the actor flags. */
export function actorOf(argv: {
  actor: string | undefined;
  'authority-id': string | undefined;
  'execution-context': string | undefined;
}): ActorFlags {
  return {
    label: argv.actor,
    authority: argv['authority-id'],
    context: argv['execution-context'],
  };
}

export const controlFlag = {
  control: {
    type: 'string',
    array: true,
    nonEmpty: true,
    describe: 'control id (repeatable); default: every control required at the target maturity',
  },
} as const satisfies FlagSpecs;

/** The flags of a verb that runs controls. */
export const runFlags = {
  authorize: {
    type: 'string',
    array: true,
    choices: AUTHORIZATION_KINDS,
    describe: 'grant a capability the control requires (repeatable)',
  },
  'granted-by': {
    type: 'string',
    nonEmpty: true,
    describe:
      'authority granting --authorize: a human or the release owner (default: the acting authority)',
  },
  jobs: {
    type: 'number',
    describe: 'controls run in parallel (default: the number of cores)',
  },
  progress: {
    type: 'boolean',
    default: false,
    describe:
      'progress lines on stderr, even with --json (default: on a terminal, elsewhere once the run lasts a few seconds; never with --json or --quiet)',
  },
  quiet: { type: 'boolean', default: false, describe: 'no progress lines on stderr' },
} as const satisfies FlagSpecs;

/** `--sign`: how the verb's entries are signed (references/sigstore.md). */
export const signFlag = {
  sign: {
    type: 'string',
    choices: SIGN_MODES,
    default: 'key',
    describe:
      "key: the authority's registered key (if any); sigstore: keyless, bound to the CI's OIDC identity",
  },
} as const satisfies FlagSpecs;

/** `--sigstore-root`: the trusted root keyless signatures are verified against. */
export const sigstoreRootFlag = {
  'sigstore-root': {
    type: 'string',
    nonEmpty: true,
    describe:
      'trusted_root.json for keyless signatures (default: the public-good root shipped with proofgate)',
  },
} as const satisfies FlagSpecs;

export const trustFlag = {
  trust: {
    type: 'string',
    nonEmpty: true,
    describe:
      'auditor trust file (proofgate export --trust-root): authorities, keys and segment heads from it, never from the repository; any difference is exit 3',
  },
} as const satisfies FlagSpecs;

/** The `--trust` file as an option, when given. */
export function trustPath(trust: string | undefined): { trust?: string } {
  return trust === undefined ? {} : { trust };
}

/** The actor with defaults applied (keyid is resolved later, from the plane). */
export function actorFrom(
  flags: ActorFlags,
  ctx: Context,
  authorityDefault = DEFAULT_AUTHORITY,
): Actor {
  const user = ctx.env['USER'];
  return {
    label: flags.label ?? (user !== undefined && user !== '' ? user : 'agent'),
    authority: flags.authority ?? authorityDefault,
    context: flags.context ?? defaultExecutionContext(),
  };
}

/** `--base <ref>` of the read-only views (status, report), the same git ref claim takes. */
export const baseRefFlag = {
  base: {
    type: 'string',
    negatable: true,
    describe:
      'Git ref the ledger must extend and whose rules decide, as in claim (default: the branch upstream when there is one; --no-base skips it)',
  },
} as const satisfies FlagSpecs;

/**
 * The `--base` of a view: a ref, or `--no-base` to skip the upstream check. A `--base` without a
 * ref is refused (it once meant the upstream, which is what no --base does).
 */
export function readBaseRef(base: string | false | undefined): { noBase: boolean; base?: string } {
  if (base === false) return { noBase: true };
  if (base === '')
    throw new UsageError('MISSING_ARG', '--base needs a git ref', {
      where: '--base',
      expected: 'e.g. --base origin/main',
      next: 'give no --base to check against the branch upstream',
    });
  return base === undefined ? { noBase: false } : { noBase: false, base };
}
