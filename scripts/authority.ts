// `proofgate authority add|list|retire` (references/authority.md): register who may act in which
// stage, with an optional public key, by editing controls/manifest.yaml in place (comments kept).
// Its actions `keys` and `approve` are scripts/authority/.
import { defineVerb } from './lib/cli/define-verb.ts';
import { AUDIT_STAGES } from './lib/core/ledger/types.ts';
import { AUTHORITY_ACTIONS } from './lib/flows/audit/authority-flow.ts';
import { runAuthority } from './lib/cli/run/authority.ts';
import { renderAuthority } from './lib/render/authority.ts';

export const authority = defineVerb({
  examples: [
    ['proofgate authority add human:alice', 'a person who attests manual controls (stage self)'],
    [
      'proofgate authority add human:alice --stage release_authority',
      'a person who signs releases off',
    ],
    ['proofgate authority list', 'every authority, its stages and keys'],
    ['proofgate authority retire human:bob', 'bob may no longer act; his past entries count'],
  ],
  positionals: {
    action: { choices: AUTHORITY_ACTIONS, required: true, describe: 'What to do' },
    id: { describe: 'authority id, e.g. human:alice' },
  },
  flags: {
    stage: {
      type: 'string',
      array: true,
      nonEmpty: true,
      describe: `stage it may act in (repeatable; ${AUDIT_STAGES.join(', ')}); default: self, third_party for external:`,
    },
    key: { type: 'string', describe: 'base64 raw Ed25519 public key to register with it (add)' },
  },
  flagsPerAction: { add: ['stage', 'key'], list: [], retire: [] },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    id: argv.id,
    stages: argv.stage ?? [],
    key: argv.key,
  }),
  run: runAuthority,
  render: renderAuthority,
  exitCode: () => 0,
});
