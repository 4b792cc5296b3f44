// Seals (references/seal.md): a seal entry records the head of every segment its writer saw and an
// inventory digest over the evidence objects those prefixes reference. A sealed segment is closed:
// its writer continues in `<name>-g<N>`, and an entry appended after the sealed head by a writer
// that had seen the seal is a finding.
import { sha256Hex } from '../hash.ts';
import { HEX64 } from './parse-entry.ts';
import type { LedgerEntry } from './types.ts';

/** Domain-separation prefix of the inventory digest (see ARCHITECTURE.md). */
const INVENTORY_DOMAIN = 'proofgate.inventory.v1\n';

export interface SealBody {
  archive_id: string;
  heads: Record<string, string>;
  inventory: string;
  objects: number;
}

/** sha256 over the domain prefix and the sorted unique digests joined by `\n`. */
export function computeInventory(digests: Iterable<string>): {
  inventory: string;
  objects: number;
} {
  const sorted = [...new Set(digests)].sort();
  return { inventory: sha256Hex(INVENTORY_DOMAIN + sorted.join('\n')), objects: sorted.length };
}

export function readSealBody(entry: LedgerEntry): SealBody | string {
  const body = entry.body;
  if (Object.keys(body).sort().join(',') !== 'archive_id,heads,inventory,objects') {
    return 'body must be {archive_id, heads, inventory, objects}';
  }
  const { archive_id: archiveId, heads, inventory, objects } = body;
  if (typeof archiveId !== 'string' || archiveId === '') return 'body.archive_id must be a string';
  if (typeof heads !== 'object' || heads === null || Array.isArray(heads))
    return 'body.heads must be an object';
  if (!Object.values(heads).every((h) => typeof h === 'string' && HEX64.test(h)))
    return 'body.heads values must be sha256 hex';
  if (typeof inventory !== 'string' || !HEX64.test(inventory))
    return 'body.inventory must be sha256 hex';
  if (typeof objects !== 'number' || objects < 0) return 'body.objects must be a count';
  return { archive_id: archiveId, heads: heads as Record<string, string>, inventory, objects };
}

/** Segments a seal closes: every segment in its heads, and its own. */
export function closedBy(seal: LedgerEntry): string[] {
  const body = readSealBody(seal);
  return typeof body === 'string' ? [] : [...new Set([...Object.keys(body.heads), seal.segment])];
}

/** Checks a seal's heads and inventory; `prefixObjects` lists the objects of a segment's lines 0..index. */
export function checkSealInventory(
  body: SealBody,
  locate: (hash: string, segment: string) => { segment: string; index: number } | undefined,
  prefixObjects: (segment: string, lastIndex: number) => Iterable<string>,
): string[] {
  const problems: string[] = [];
  const digests = new Set<string>();
  for (const [segment, head] of Object.entries(body.heads)) {
    const at = locate(head, segment);
    if (at === undefined || at.segment !== segment) {
      problems.push(`sealed head of ${segment} is not in that segment`);
      continue;
    }
    for (const digest of prefixObjects(segment, at.index)) digests.add(digest);
  }
  const actual = computeInventory(digests);
  if (actual.inventory !== body.inventory || actual.objects !== body.objects) {
    problems.push(
      `inventory ${body.inventory.slice(0, 12)}… over ${body.objects} objects does not match the sealed prefixes (${actual.inventory.slice(0, 12)}… over ${actual.objects})`,
    );
  }
  return problems;
}
