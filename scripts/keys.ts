// `proofgate keys generate|list` (references/keys.md): Ed25519 keys for authorities. Private keys
// stay outside the repository; public keys are registered in the manifest and announced by a
// `key` entry signed by the new key.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import type { CommonOptions } from './lib/define-verb.ts';
import { defineVerb } from './lib/define-verb.ts';
import { readGitState } from './lib/io/git-state.ts';
import { generateKey, keyDir, writePrivateKey } from './lib/io/keys.ts';
import { appendEntry } from './lib/io/ledger-store.ts';
import { addKeyToManifest } from './lib/io/manifest-keys.ts';
import { readMetaSubject } from './lib/io/meta-subject.ts';
import { loadPlane } from './lib/io/plane.ts';
import type { Plane } from './lib/io/plane.ts';
import { resolveRoot } from './lib/io/root.ts';
import { runIfMain } from './lib/io/run-if-main.ts';
import { renderKeys } from './lib/render/keys-report.ts';
import type { GeneratedKeyReport, KeysReport } from './lib/render/keys-report.ts';

export interface KeysOptions extends CommonOptions {
  action: 'generate' | 'list';
  authorityId: string | undefined;
}

function listKeys(plane: Plane, dir: string): KeysReport['authorities'] {
  return plane.manifest.authorities.map((a) => ({
    authority: a.id,
    keys: (a.keys ?? []).map((k) => ({
      keyid: k.keyid,
      added: k.added,
      hasPrivateKey: existsSync(join(dir, `${k.keyid}.pem`)),
    })),
  }));
}

async function generate(
  plane: Plane,
  authorityId: string,
  dir: string,
  ctx: Context,
): Promise<GeneratedKeyReport> {
  const known = plane.manifest.authorities.map((a) => a.id);
  if (!known.includes(authorityId)) {
    throw new UsageError('UNKNOWN_ID', `authority ${authorityId} is not in the manifest`, {
      where: '--authority-id',
      expected: `one of: ${known.join(', ')}`,
      next: 'add the authority to controls/manifest.yaml first (a human decision), then retry',
    });
  }
  await readGitState(plane.root);
  const key = generateKey();
  const { keyid } = key.signer;
  const privateKeyPath = writePrivateKey(dir, keyid, key.pem);
  const time = ctx.clock.now().toISOString();
  addKeyToManifest(plane.manifestPath, authorityId, {
    keyid,
    public_key: key.publicKeyBase64,
    added: time,
  });
  const updated = loadPlane(plane.root);
  const stored = await appendEntry(
    updated,
    {
      kind: 'key',
      time,
      actor: {
        label: 'proofgate keys generate',
        authority: authorityId,
        context: `local:${hostname()}`,
      },
      subject: await readMetaSubject(updated),
      body: { authority: authorityId, keyid, public_key: key.publicKeyBase64 },
    },
    { signer: key.signer, manifest: updated.manifest },
  );
  const entry = `${stored.file}:${stored.line}`;
  return { authority: authorityId, keyid, publicKey: key.publicKeyBase64, privateKeyPath, entry };
}

export async function runKeys(options: KeysOptions, ctx: Context): Promise<KeysReport> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const plane = loadPlane(root);
  const dir = keyDir(ctx.env, root);
  if (options.action === 'list') {
    return { action: 'list', keyDir: dir, authorities: listKeys(plane, dir) };
  }
  if (options.authorityId === undefined) {
    throw new UsageError('MISSING_ARG', 'keys generate needs --authority-id', {
      expected: `one of: ${plane.manifest.authorities.map((a) => a.id).join(', ')}`,
    });
  }
  const generated = await generate(plane, options.authorityId, dir, ctx);
  return {
    action: 'generate',
    keyDir: dir,
    generated,
    authorities: listKeys(loadPlane(root), dir),
  };
}

export const keys = defineVerb<KeysOptions, KeysReport>({
  name: 'keys',
  command: 'keys <action>',
  describe: 'Generate or list Ed25519 signing keys of authorities',
  examples: [
    [
      'proofgate keys generate --authority-id virtual:quality',
      'create a key; later entries by that authority are signed',
    ],
    ['proofgate keys list', 'show registered keys and which private keys are on this machine'],
  ],
  builder: (y) =>
    y
      .positional('action', { choices: ['generate', 'list'] as const, describe: 'What to do' })
      .option('authority-id', {
        type: 'string',
        describe: 'Authority id from the manifest (generate)',
      }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] === 'generate' ? 'generate' : 'list',
    authorityId: typeof argv['authority-id'] === 'string' ? argv['authority-id'] : undefined,
  }),
  run: runKeys,
  render: renderKeys,
  exitCode: () => 0,
});

runIfMain(import.meta.url, keys);
