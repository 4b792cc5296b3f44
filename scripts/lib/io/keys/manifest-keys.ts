// Registers a public key under an authority in controls/manifest.yaml through the yaml Document
// API, so comments, key order and formatting of everything else survive. Written atomically.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { ConfigError } from '../../core/errors.ts';
import type { PublicKey } from '../../core/plane/types.ts';
import { fsyncDir, writeNewFile } from '../ledger/objects.ts';

export function writeAtomically(path: string, text: string): void {
  const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  writeNewFile(temp, text, 0o644);
  renameSync(temp, path);
  fsyncDir(dirname(path));
}

export function addKeyToManifest(manifestPath: string, authorityId: string, key: PublicKey): void {
  const doc = parseDocument(readFileSync(manifestPath, 'utf8'));
  const authorities = doc.get('authorities');
  const authority = isSeq(authorities)
    ? authorities.items.find((item) => isMap(item) && item.get('id') === authorityId)
    : undefined;
  if (!isMap(authority)) {
    throw new ConfigError('CONTROL_UNKNOWN', `authority ${authorityId} is not in ${manifestPath}`, {
      where: manifestPath,
    });
  }
  const keys = authority.get('keys');
  const entry = doc.createNode({ keyid: key.keyid, public_key: key.public_key, added: key.added });
  if (isSeq(keys)) keys.add(entry);
  else authority.set('keys', doc.createNode([entry]));
  writeAtomically(manifestPath, doc.toString({ flowCollectionPadding: false }));
}
