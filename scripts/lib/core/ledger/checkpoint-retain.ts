// Which lines of a checkpointed prefix a verdict can still consult (references/seal.md
// "Checkpoints"). Conservative: every entry is kept except a run or audit that a later line of the
// same segment supersedes in every way a verdict looks at it:
// - it is a PASS (an audit that agrees: `agree`), and no result about its control, stage and definition
//   anywhere in the prefix is anything but such a PASS (no FAIL, dispute or attestation: flaky
//   history, disputes and attestations never lose a line);
// - a later line of its segment is a result with the same match key: control, stage, definition,
//   tree, inputs, policy, actor, signing keys, status, agreement and the places of its review
//   chain, so whatever binding is current, that later line matches, counts and decides in its
//   place (a later line of a segment comes after it in ledger order);
// - the next line of its segment records heads at or past each of its own (ledger order between
//   the kept entries is unchanged: core/ledger/ledger-order.ts counts original line indexes);
// - it has no merge parents, and no kept entry names it (heads, merge parents, an audit's
//   `reviewed`), to a fixed point.
// Pure; `checkpoint.test.ts` and the property test compare verdicts over kept ∪ suffix with the
// full ledger.
import type { StoredEntry } from './types.ts';

interface Position {
  segment: string;
  line: number;
}

function reviewedOf(stored: StoredEntry): string | undefined {
  const reviewed = stored.entry.kind === 'audit' ? stored.entry.body['reviewed'] : undefined;
  return typeof reviewed === 'string' ? reviewed : undefined;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Control, stage and definition digest: every binding of one control definition. */
function groupOf(stored: StoredEntry): string | undefined {
  const { kind, body, subject } = stored.entry;
  if (kind !== 'run' && kind !== 'audit' && kind !== 'attest') return undefined;
  const stage = kind === 'attest' ? 'self' : str(body['stage']);
  return JSON.stringify([str(body['control']), stage, subject.control ?? null]);
}

function isPlainPass(stored: StoredEntry): boolean {
  const { kind, body } = stored.entry;
  if (kind === 'run') return body['status'] === 'PASS' && body['stage'] === 'self';
  if (kind !== 'audit') return false;
  return (
    body['status'] === 'PASS' &&
    body['reviewed_status'] === 'PASS' &&
    body['agreement'] === 'agree' &&
    typeof body['reviewed'] === 'string'
  );
}

function placeOf(stored: StoredEntry): unknown[] {
  const { actor, sigs } = stored.entry;
  return [
    actor.authority,
    actor.label,
    actor.context,
    actor.keyid ?? null,
    actor.origin ?? null,
    (sigs ?? []).map((s) => s.keyid),
  ];
}

/** Everything a verdict reads from a result, except which execution it was. */
function matchKey(stored: StoredEntry, byHash: ReadonlyMap<string, StoredEntry>): string {
  const { kind, body, subject } = stored.entry;
  const chain: unknown[] = [];
  let current: StoredEntry | undefined = stored;
  // The review chain (as stage-origin.ts reviewChain walks it): whose places the audit is judged by.
  for (let depth = 0; current !== undefined && depth < 9; depth++) {
    chain.push(placeOf(current));
    const reviewed = reviewedOf(current);
    current = reviewed === undefined ? undefined : byHash.get(reviewed);
    if (reviewed !== undefined && current === undefined) chain.push(['unknown', reviewed]);
  }
  return JSON.stringify([
    kind,
    groupOf(stored),
    subject.tree,
    subject.inputs ?? null,
    subject.policy ?? null,
    body['status'] ?? null,
    body['agreement'] ?? null,
    body['reviewed_status'] ?? null,
    body['differences'] ?? null,
    chain,
  ]);
}

/** True when every head `earlier` records is recorded by `later` at the same or a later line. */
function isDominated(
  earlier: StoredEntry,
  later: StoredEntry,
  where: ReadonlyMap<string, Position>,
): boolean {
  const own = earlier.entry.segment;
  const laterHeads = later.entry.storage.heads;
  for (const [name, hash] of Object.entries(earlier.entry.storage.heads)) {
    if (name === own) continue;
    const other = laterHeads[name];
    if (other === hash) continue;
    const from = where.get(hash);
    const to = other === undefined ? undefined : where.get(other);
    if (from === undefined || to === undefined || from.segment !== to.segment) return false;
    if (to.line < from.line) return false;
  }
  return true;
}

/** Hashes of the entries a checkpoint over `entries` (the whole covered prefix) keeps. */
export function retainForCheckpoint(entries: readonly StoredEntry[]): Set<string> {
  const where = new Map<string, Position>();
  const byHash = new Map<string, StoredEntry>();
  const bySegment = new Map<string, StoredEntry[]>();
  const dirty = new Set<string>();
  for (const stored of entries) {
    if (!where.has(stored.hash))
      where.set(stored.hash, { segment: stored.entry.segment, line: stored.line });
    byHash.set(stored.hash, stored);
    const list = bySegment.get(stored.entry.segment) ?? [];
    list.push(stored);
    bySegment.set(stored.entry.segment, list);
    const group = groupOf(stored);
    if (group !== undefined && (stored.entry.kind === 'attest' || !isPlainPass(stored)))
      dirty.add(group);
  }
  const dropped = new Set<string>();
  for (const list of bySegment.values()) {
    list.sort((a, b) => a.line - b.line);
    const later = new Set<string>();
    for (let i = list.length - 1; i >= 0; i--) {
      const stored = list[i]!;
      const group = groupOf(stored);
      if (group === undefined || dirty.has(group) || !isPlainPass(stored)) continue;
      const key = matchKey(stored, byHash);
      const next = list[i + 1];
      const isSuperseded = later.has(key);
      later.add(key);
      if (!isSuperseded || next === undefined || stored.entry.merge !== undefined) continue;
      if (next.line !== stored.line + 1 || !isDominated(stored, next, where)) continue;
      dropped.add(stored.hash);
    }
  }
  // A kept entry's references keep what they name, until nothing changes.
  let changed = true;
  while (changed) {
    changed = false;
    for (const stored of entries) {
      if (dropped.has(stored.hash)) continue;
      const { entry } = stored;
      const named = [
        ...Object.entries(entry.storage.heads)
          .filter(([name]) => name !== entry.segment)
          .map(([, hash]) => hash),
        ...(entry.merge ?? []),
      ];
      const reviewed = reviewedOf(stored);
      if (reviewed !== undefined) named.push(reviewed);
      for (const hash of named) if (dropped.delete(hash)) changed = true;
    }
  }
  return new Set(entries.filter((e) => !dropped.has(e.hash)).map((e) => e.hash));
}

/**
 * Kept entries and the suffix in the order a full read yields them: segments by name (as
 * io/ledger/ledger-tails.ts lists them), then line.
 */
export function inFileOrder(
  retained: readonly StoredEntry[],
  suffix: readonly StoredEntry[],
): StoredEntry[] {
  const bySegment = new Map<string, StoredEntry[]>();
  for (const stored of [...retained, ...suffix]) {
    const list = bySegment.get(stored.entry.segment) ?? [];
    list.push(stored);
    bySegment.set(stored.entry.segment, list);
  }
  return [...bySegment.keys()].sort().flatMap((segment) => bySegment.get(segment)!);
}

/**
 * Whether every entry the suffix names (heads, merge parents, an audit's reviewed result) is among
 * `entries`; otherwise the suffix names a line the checkpoint dropped and the ledger is read whole.
 */
export function namesOnlyKnown(
  entries: readonly StoredEntry[],
  suffix: readonly StoredEntry[],
): boolean {
  const known = new Set(entries.map((e) => e.hash));
  for (const { entry } of suffix) {
    for (const [name, hash] of Object.entries(entry.storage.heads))
      if (name !== entry.segment && !known.has(hash)) return false;
    for (const hash of entry.merge ?? []) if (!known.has(hash)) return false;
    const reviewed = entry.kind === 'audit' ? entry.body['reviewed'] : undefined;
    if (typeof reviewed === 'string' && !known.has(reviewed)) return false;
  }
  return true;
}
