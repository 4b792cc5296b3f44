// What the evidence budget no longer counts after `seal --archive`: the sealed prefix of each
// segment and the objects only it references; a plain seal archives nothing, and an object a
// later line references again is live again.
import { describe, expect, it } from 'vitest';
import {
  archivedAfter,
  archivedEvidence,
} from '../../../scripts/lib/core/ledger/archived-evidence.ts';
import { sha256Hex } from '../../../scripts/lib/core/hash.ts';
import { MemoryLedger, sealDraft, snapshotOf } from '../../helpers/memory-ledger.ts';
import { draft } from '../../helpers/ledger-repo.ts';

const MAIN = 'c1-main';
const FEATURE = 'c1-feature';
const digest = (s: string): string => sha256Hex(s);
const [A, B, C, MANIFEST] = ['a', 'b', 'c', 'manifest'].map(digest) as [
  string,
  string,
  string,
  string,
];

const bytesOf = (lines: string[]): number =>
  lines.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);

describe('archivedEvidence', () => {
  it('an archive seal archives every sealed prefix and the objects only they reference', () => {
    const ledger = new MemoryLedger();
    ledger.append(MAIN, draft(1, { objects: [A, B] }));
    ledger.append(FEATURE, draft(2, { objects: [C] }));
    ledger.append(MAIN, sealDraft(ledger, 3, MANIFEST));
    const sealed = bytesOf(ledger.lines(MAIN)) + bytesOf(ledger.lines(FEATURE));
    // After the seal: a new generation references B again, and a line in FEATURE follows its head.
    ledger.append(`${MAIN}-g1`, draft(4, { objects: [B] }));
    ledger.append(FEATURE, draft(5));
    const archived = archivedEvidence(snapshotOf(ledger.files()));
    expect(archived.lineBytes).toBe(sealed);
    expect([...archived.objects].sort()).toEqual([A, C, MANIFEST].sort());
  });

  it('a seal without --archive archives nothing', () => {
    const ledger = new MemoryLedger();
    ledger.append(MAIN, draft(1, { objects: [A] }));
    ledger.append(MAIN, sealDraft(ledger, 2));
    const archived = archivedEvidence(snapshotOf(ledger.files()));
    expect(archived).toEqual({ lineBytes: 0, objects: new Set() });
  });

  it('a seal body that is not a seal (a string that only mentions one) archives nothing', () => {
    const ledger = new MemoryLedger();
    ledger.append(MAIN, draft(1, { body: { note: '"kind":"seal"' }, objects: [A] }));
    expect(archivedEvidence(snapshotOf(ledger.files())).lineBytes).toBe(0);
  });
});

describe('archivedAfter', () => {
  const sealed = (): MemoryLedger => {
    const ledger = new MemoryLedger();
    ledger.append(MAIN, draft(1, { objects: [A, B] }));
    ledger.append(MAIN, sealDraft(ledger, 2, MANIFEST));
    return ledger;
  };
  const whole = (ledger: MemoryLedger) => archivedEvidence(snapshotOf(ledger.files()));
  const bytes = (line: string): Uint8Array => Buffer.from(line, 'utf8');

  it('equals the whole ledger read again: an object a new line references is live again', () => {
    const ledger = sealed();
    const before = whole(ledger);
    const appended = [
      ledger.append(MAIN, draft(3, { objects: [A] })),
      ledger.append(FEATURE, draft(4, { objects: [C] })),
      ledger.append(MAIN, sealDraft(ledger, 5)),
    ];
    const after = archivedAfter(before, appended.map(bytes));
    expect(after).toEqual(whole(ledger));
    expect([...(after?.objects ?? [])].sort()).toEqual([B, MANIFEST].sort());
    // the set it was given is not changed under its holder
    expect(before.objects.has(A)).toBe(true);
  });

  it('an appended archive seal moves the cuts: only the whole ledger can tell', () => {
    const ledger = sealed();
    const before = whole(ledger);
    const seal = ledger.append(MAIN, sealDraft(ledger, 3, MANIFEST));
    expect(archivedAfter(before, [bytes(seal)])).toBeUndefined();
  });

  it('a line that does not decode references nothing, as in the whole read', () => {
    const ledger = sealed();
    const before = whole(ledger);
    expect(archivedAfter(before, [bytes(`{"objects":["${A}"]`)])).toEqual(before);
  });
});
