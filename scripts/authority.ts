// `proofgate authority add|list|retire` (references/authority.md): register who may act in which
// stage, with an optional public key, by editing controls/manifest.yaml in place (comments kept).
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { AUDIT_STAGES } from './lib/core/ledger/types.ts';
import {
  AUTHORITY_ACTIONS,
  type AuthorityAction,
  type AuthorityFlowResult,
} from './lib/flows/authority-flow.ts';
import { runAuthority, type AuthorityOptions } from './lib/cli/run/authority.ts';
import { readStrings } from './lib/cli/gate-flags.ts';
import { renderAuthority } from './lib/render/authority.ts';

/** The flags each action takes (its run reads no other). */
const AUTHORITY_FLAGS: FlagsPerAction = { add: ['stage', 'key'], list: [], retire: [] };

export const authority = defineVerb<AuthorityOptions, AuthorityFlowResult>({
  name: 'authority',
  command: 'authority <action> [id]',
  describe: 'Register, list or retire the authorities that may act in each stage',
  examples: [
    ['proofgate authority add human:alice', 'a person who attests manual controls (stage self)'],
    [
      'proofgate authority add human:alice --stage release_authority',
      'a person who signs releases off',
    ],
    ['proofgate authority list', 'every authority, its stages and keys'],
    ['proofgate authority retire human:bob', 'bob may no longer act; his past entries count'],
  ],
  builder: (y) =>
    y
      .positional('action', {
        choices: AUTHORITY_ACTIONS,
        describe: `What to do; ${describeActionFlags(AUTHORITY_FLAGS)}`,
      })
      .positional('id', { type: 'string', describe: 'authority id, e.g. human:alice' })
      .option('stage', {
        type: 'string',
        array: true,
        describe: `stage it may act in (repeatable; ${AUDIT_STAGES.join(', ')}); default: self, third_party for external:`,
      })
      .option('key', {
        type: 'string',
        describe: 'base64 raw Ed25519 public key to register with it (add)',
      }),
  flagsPerAction: AUTHORITY_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as AuthorityAction,
    id: typeof argv['id'] === 'string' ? argv['id'] : undefined,
    stages: readStrings(argv, 'stage'),
    key: typeof argv['key'] === 'string' ? argv['key'] : undefined,
  }),
  run: runAuthority,
  render: renderAuthority,
  exitCode: () => 0,
});

runIfMain(import.meta.url, authority);
