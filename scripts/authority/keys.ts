// `proofgate authority keys generate|list` (references/keys.md): Ed25519 keys for authorities.
// Private keys stay outside the repository; public keys are registered in the manifest and
// announced by a `key` entry signed by the new key.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runKeys } from '../lib/cli/run/keys.ts';
import { renderKeys } from '../lib/render/keys.ts';

export const keys = defineVerb({
  examples: [
    [
      'proofgate authority keys generate --authority-id virtual:quality',
      'create a key; later entries by that authority are signed',
    ],
    [
      'proofgate authority keys generate --authority-id virtual:quality --if-missing',
      'create a key only when the authority has none registered (safe to repeat)',
    ],
    [
      'proofgate authority keys list',
      'show registered keys and which private keys are on this machine',
    ],
  ],
  positionals: {
    action: { choices: ['generate', 'list'], required: true, describe: 'What to do' },
  },
  flags: {
    'authority-id': { type: 'string', describe: 'Authority id from the manifest (generate)' },
    'if-missing': {
      type: 'boolean',
      default: false,
      describe: 'generate: do nothing when the authority already has a registered key',
    },
  },
  flagsPerAction: { generate: ['authority-id', 'if-missing'], list: [] },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    authorityId: argv['authority-id'],
    ifMissing: argv['if-missing'],
  }),
  run: runKeys,
  render: renderKeys,
  exitCode: () => 0,
});
