// Seals (references/seal.md): a seal entry records the head of every segment its writer saw and an
// inventory digest over the evidence objects those prefixes reference. A sealed segment is closed:
// its writer continues in `<name>-g<N>`, and an entry appended after the sealed head by a writer
// that had seen the seal is a finding.
import { sha256Hex } from '../hash.ts';
import type { LedgerIndex } from './ledger-index.ts';
import { decodeLine } from './parse-ledger.ts';
import type { ParsedLedger } from './parse-ledger.ts';
import { HEX64 } from './parse-entry.ts';
import type { LedgerEntry, LedgerFinding, LocatedEntry } from './types.ts';

/** Domain-separation prefix of the inventory digest (see ARCHITECTURE.md). */
const INVENTORY_DOMAIN = 'proofgate.inventory.v1\n';

interface SealBody {
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

function readSealBody(entry: LedgerEntry): SealBody | string {
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

function entryAt(parsed: ParsedLedger, segment: string, index: number): LedgerEntry | undefined {
  const seg = parsed.segments.find((s) => s.snapshot.name === segment);
  if (seg === undefined) return undefined;
  if (index >= seg.start) return seg.entries[index - seg.start];
  const line = seg.snapshot.lines[index];
  return line === undefined ? undefined : decodeLine(line).entry;
}

function checkSeal(body: SealBody, parsed: ParsedLedger, index: LedgerIndex): string[] {
  const problems: string[] = [];
  const digests: string[] = [];
  for (const [segment, head] of Object.entries(body.heads)) {
    const at = index.locate(head, segment);
    if (at === undefined || at.segment !== segment) {
      problems.push(`sealed head of ${segment} is not in that segment`);
      continue;
    }
    for (let i = 0; i <= at.index; i++)
      digests.push(...(entryAt(parsed, segment, i)?.storage.objects ?? []));
  }
  const actual = computeInventory(digests);
  if (actual.inventory !== body.inventory || actual.objects !== body.objects) {
    problems.push(
      `inventory ${body.inventory.slice(0, 12)}… over ${body.objects} objects does not match the sealed prefixes (${actual.inventory.slice(0, 12)}… over ${actual.objects})`,
    );
  }
  return problems;
}

export function verifySeals(
  entries: readonly LocatedEntry[],
  context: readonly LocatedEntry[],
  parsed: ParsedLedger,
  index: LedgerIndex,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  const seals: { seal: LocatedEntry; body: SealBody }[] = [];
  for (const seal of entries.filter((e) => e.entry.kind === 'seal')) {
    const body = readSealBody(seal.entry);
    const problems = typeof body === 'string' ? [body] : checkSeal(body, parsed, index);
    for (const message of problems)
      findings.push({ file: seal.file, line: seal.index + 1, code: 'SEAL_INVALID', message });
    if (typeof body !== 'string') seals.push({ seal, body });
  }
  for (const seal of context.filter((c) => c.entry.kind === 'seal')) {
    const body = readSealBody(seal.entry);
    if (typeof body !== 'string') seals.push({ seal, body });
  }
  for (const { seal, body } of seals) {
    const closedAt = new Map<string, number>([[seal.segment, seal.index]]);
    for (const [segment, head] of Object.entries(body.heads)) {
      const at = index.locate(head, segment);
      if (at !== undefined && at.segment === segment && segment !== seal.segment)
        closedAt.set(segment, at.index);
    }
    for (const located of entries) {
      const after = closedAt.get(located.segment);
      if (after === undefined || located.index <= after) continue;
      if (located.segment === seal.segment || index.hasSeen(located, seal)) {
        findings.push({
          file: located.file,
          line: located.index + 1,
          code: 'APPEND_AFTER_SEAL',
          message: `entry appended to segment ${located.segment} after seal "${body.archive_id}" (${seal.file}:${seal.index + 1}) closed it`,
        });
      }
    }
  }
  return findings;
}
