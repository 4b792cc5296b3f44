// `proofgate authority keys generate|list` (references/keys.md): Ed25519 keys for authorities. Private keys
// stay outside the repository; public keys are registered in the manifest and announced by a
// `key` entry signed by the new key.
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runKeys } from './lib/cli/run/keys.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderKeys } from './lib/render/keys-report.ts';
import type { KeysOptions, KeysReport } from './lib/flows/keys-flow.ts';

/** The flags each action takes (its run reads no other). */
const KEYS_FLAGS: FlagsPerAction = { generate: ['authority-id', 'if-missing'], list: [] };

export const keys = defineVerb<KeysOptions, KeysReport>({
  name: 'keys',
  command: 'keys <action>',
  describe: 'Generate or list Ed25519 signing keys of authorities',
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
  builder: (y) =>
    y
      .positional('action', {
        choices: ['generate', 'list'] as const,
        describe: `What to do; ${describeActionFlags(KEYS_FLAGS)}`,
      })
      .option('authority-id', {
        type: 'string',
        describe: 'Authority id from the manifest (generate)',
      })
      .option('if-missing', {
        type: 'boolean',
        default: false,
        describe: 'generate: do nothing when the authority already has a registered key',
      }),
  flagsPerAction: KEYS_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] === 'generate' ? 'generate' : 'list',
    authorityId: typeof argv['authority-id'] === 'string' ? argv['authority-id'] : undefined,
    ifMissing: argv['if-missing'] === true,
  }),
  run: runKeys,
  render: renderKeys,
  exitCode: () => 0,
});

runIfMain(import.meta.url, keys);
