// `proofgate authority keys generate|list` (references/keys.md): Ed25519 keys for authorities. Private keys
// stay outside the repository; public keys are registered in the manifest and announced by a
// `key` entry signed by the new key.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { keyDir } from './lib/io/keys.ts';
import { loadPlane } from './lib/io/plane.ts';
import { listRegisteredKeys, registerNewKey } from './lib/flows/keys-flow.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderKeys } from './lib/render/keys-report.ts';
import type { CommonOptions } from './lib/core/options.ts';
import type { KeysReport } from './lib/flows/keys-flow.ts';

export interface KeysOptions extends CommonOptions {
  action: 'generate' | 'list';
  authorityId: string | undefined;
  /** generate: do nothing when the authority already has a registered key. */
  ifMissing: boolean;
}

export async function runKeys(options: KeysOptions, ctx: Context): Promise<KeysReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const dir = keyDir(ctx.env, root);
  if (options.action === 'list') {
    return { action: 'list', keyDir: dir, authorities: listRegisteredKeys(plane, dir) };
  }
  if (options.authorityId === undefined) {
    throw new UsageError('MISSING_ARG', 'keys generate needs --authority-id', {
      expected: `one of: ${plane.manifest.authorities.map((a) => a.id).join(', ')}`,
    });
  }
  const registered = plane.manifest.authorities.find((a) => a.id === options.authorityId)?.keys;
  if (options.ifMissing && registered !== undefined && registered.length > 0) {
    const authorities = listRegisteredKeys(plane, dir);
    return { action: 'generate', keyDir: dir, kept: options.authorityId, authorities };
  }
  const time = ctx.clock.now().toISOString();
  const generated = await registerNewKey(plane, options.authorityId, dir, time);
  const authorities = listRegisteredKeys(loadPlane(root), dir);
  return { action: 'generate', keyDir: dir, generated, authorities };
}

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
      .positional('action', { choices: ['generate', 'list'] as const, describe: 'What to do' })
      .option('authority-id', {
        type: 'string',
        describe: 'Authority id from the manifest (generate)',
      })
      .option('if-missing', {
        type: 'boolean',
        default: false,
        describe: 'generate: do nothing when the authority already has a registered key',
      }),
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
