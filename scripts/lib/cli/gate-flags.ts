// Flags shared by the gate verbs (evaluate, claim, audit, attest, status) and their defaults:
// actor from $USER (else `agent`), authority virtual:developer, context local:<hostname>. An
// explicit flag always wins.
import { defaultExecutionContext } from '../io/default-context.ts';
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import type { Context } from '../core/context.ts';
import { UsageError } from '../core/errors.ts';
import { SIGN_MODES, type SignMode } from '../core/ledger/keyless.ts';
import type { Actor } from '../core/ledger/types.ts';
import { AUTHORIZATION_KINDS, type AuthorizationKind } from '../core/plane/types.ts';
import type { ParsedArgs } from './define-verb.ts';

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

export function actorFlags(y: Argv, authorityDefault = DEFAULT_AUTHORITY): Argv {
  return y
    .option('actor', { type: 'string', describe: 'display label (default: $USER, else agent)' })
    .option('authority-id', {
      type: 'string',
      describe: `registered authority acting (default: ${authorityDefault})`,
    })
    .option('execution-context', {
      type: 'string',
      describe: 'where this runs, e.g. local:laptop or ci:github:123 (default: local:<hostname>)',
    });
}

export function controlFlag(y: Argv): Argv {
  return y.option('control', {
    type: 'string',
    array: true,
    describe: 'control id (repeatable); default: every control required at the target maturity',
  });
}

export function runFlags(y: Argv): Argv {
  return y
    .option('authorize', {
      type: 'string',
      array: true,
      describe: `grant a capability the control requires (repeatable): ${AUTHORIZATION_KINDS.join(', ')}`,
    })
    .option('granted-by', {
      type: 'string',
      describe:
        'authority granting --authorize: a human or the release owner (default: the acting authority)',
    })
    .option('jobs', {
      type: 'number',
      describe: `controls run in parallel (default: the number of cores, here ${defaultJobs()})`,
    })
    .option('progress', {
      type: 'boolean',
      default: false,
      describe:
        'progress lines on stderr, even with --json (default: on a terminal, elsewhere once the run lasts a few seconds; never with --json or --quiet)',
    })
    .option('quiet', {
      type: 'boolean',
      default: false,
      describe: 'no progress lines on stderr',
    });
}

function optionalText(argv: ParsedArgs, name: string): string | undefined {
  const value = argv[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError('MISSING_ARG', `--${name} needs a value`);
  return value.trim();
}

export function readActorFlags(argv: ParsedArgs): ActorFlags {
  return {
    label: optionalText(argv, 'actor'),
    authority: optionalText(argv, 'authority-id'),
    context: optionalText(argv, 'execution-context'),
  };
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

export function readStrings(argv: ParsedArgs, name: string): string[] {
  const value = argv[name];
  if (value === undefined) return [];
  const list = (Array.isArray(value) ? value : [value]).map(String);
  if (list.some((v) => v.trim() === ''))
    throw new UsageError('MISSING_ARG', `--${name} needs a value`);
  return list;
}

export function readAuthorize(argv: ParsedArgs): AuthorizationKind[] {
  const list = readStrings(argv, 'authorize');
  const bad = list.filter((v) => !(AUTHORIZATION_KINDS as readonly string[]).includes(v));
  if (bad.length > 0) {
    throw new UsageError('BAD_VALUE', `unknown --authorize ${bad.join(', ')}`, {
      expected: AUTHORIZATION_KINDS.join(', '),
    });
  }
  return list as AuthorizationKind[];
}

/** The `--granted-by` authority id, when given. */
export function readGrantedBy(argv: ParsedArgs): string | undefined {
  return optionalText(argv, 'granted-by');
}

/** `--sign`: how the verb's entries are signed (references/sigstore.md). */
export function signFlag(y: Argv): Argv {
  return y.option('sign', {
    choices: SIGN_MODES,
    default: 'key',
    describe:
      "key: the authority's registered key (if any); sigstore: keyless, bound to the CI's OIDC identity",
  });
}

/** `--sigstore-root`: the trusted root keyless signatures are verified against. */
export function sigstoreRootFlag(y: Argv): Argv {
  return y.option('sigstore-root', {
    type: 'string',
    describe:
      'trusted_root.json for keyless signatures (default: the public-good root shipped with proofgate)',
  });
}

export function readSigstoreRoot(argv: ParsedArgs): string | undefined {
  return optionalText(argv, 'sigstore-root');
}

export function readSign(argv: ParsedArgs): SignMode {
  return argv['sign'] === 'sigstore' ? 'sigstore' : 'key';
}

export function readJobs(argv: ParsedArgs): number {
  return Number(argv['jobs'] ?? defaultJobs());
}

export function trustFlag(y: Argv): Argv {
  return y.option('trust', {
    type: 'string',
    describe:
      'auditor trust file (proofgate export --trust-root): authorities, keys and segment heads from it, never from the repository; any difference is exit 3',
  });
}

/** The `--trust` file as given, when given. */
export function readTrustPath(argv: ParsedArgs): { trust?: string } {
  const trust = optionalText(argv, 'trust');
  return trust === undefined ? {} : { trust };
}

/**
 * `--base <ref>` of the read-only views (status, report), the same git ref claim takes;
 * `--no-base` skips the upstream check; a bare `--base` (the old boolean, deprecated) is the
 * default: the branch upstream.
 */
export function readBaseRef(argv: ParsedArgs): { noBase: boolean; base?: string } {
  const base = argv['base'];
  if (base === false) return { noBase: true };
  if (base !== undefined && typeof base !== 'string') {
    throw new UsageError('BAD_VALUE', '--base takes one git ref', {
      where: '--base',
      expected: 'e.g. --base origin/main',
    });
  }
  return base === undefined || base === '' ? { noBase: false } : { noBase: false, base };
}
