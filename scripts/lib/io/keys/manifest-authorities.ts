// Adds or retires an authority in controls/manifest.yaml through the yaml Document API, so the
// owner's comments, key order and formatting survive; the file is replaced atomically.
import { readFileSync } from 'node:fs';
import { isMap, isSeq, parseDocument, type Document, type YAMLSeq } from 'yaml';
import { ConfigError } from '../../core/errors.ts';
import type { Authority } from '../../core/plane/types.ts';
import { writeAtomically } from './manifest-keys.ts';

function readAuthorities(manifestPath: string): { doc: Document; list: YAMLSeq } {
  const doc = parseDocument(readFileSync(manifestPath, 'utf8'));
  const list: unknown = doc.get('authorities');
  if (!isSeq(list)) {
    throw new ConfigError('SCHEMA_INVALID', `${manifestPath} has no authorities list`, {
      where: manifestPath,
    });
  }
  return { doc, list };
}

export function appendAuthority(manifestPath: string, authority: Authority): void {
  const { doc, list } = readAuthorities(manifestPath);
  list.add(doc.createNode(authority));
  writeAtomically(manifestPath, doc.toString({ flowCollectionPadding: false }));
}

/** Marks the authority retired at `time`; false when it is not in the manifest. */
export function markAuthorityRetired(manifestPath: string, id: string, time: string): boolean {
  const { doc, list } = readAuthorities(manifestPath);
  const authority = list.items.find((item) => isMap(item) && item.get('id') === id);
  if (!isMap(authority)) return false;
  authority.set('retired', time);
  writeAtomically(manifestPath, doc.toString({ flowCollectionPadding: false }));
  return true;
}
