// The tamper scenarios of references/ledger-format.md that apply to the ledger, at the unit level: each
// mutation must be found with the right file, line and code, and the untouched ledger stays clean.
import { beforeEach, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../../scripts/lib/core/hash.ts';
import { canonicalize } from '../../../scripts/lib/core/shared/canonical.ts';
import { preAuthEncoding } from '../../../scripts/lib/core/ledger/sign-entry.ts';
import { draft } from '../../helpers/ledger-repo.ts';
import {
  MemoryLedger,
  authoritiesWith,
  fileOf,
  newKey,
  verifyFiles,
  where,
} from '../../helpers/memory-ledger.ts';
import type { TestKey } from '../../helpers/memory-ledger.ts';

const MAIN = 'aaaa0001-main';
const FEATURE = 'bbbb0002-feature';
const quality = { label: 'qa', authority: 'virtual:quality', context: 'ci:test' };

let ledger: MemoryLedger;
let qaKey: TestKey;
const keyed = (): ReturnType<typeof authoritiesWith> =>
  authoritiesWith({ 'virtual:quality': [qaKey] });

function files(): Map<string, Uint8Array> {
  return ledger.files();
}

function check(options: Parameters<typeof verifyFiles>[1] = {}): string[] {
  return where(verifyFiles(files(), { authorities: keyed(), ...options }));
}

function edit(
  segment: string,
  index: number,
  change: (entry: Record<string, unknown>) => void,
): void {
  const lines = ledger.lines(segment);
  const value = JSON.parse(lines[index]!) as Record<string, unknown>;
  change(value);
  lines[index] = canonicalize(value);
}

beforeEach(() => {
  ledger = new MemoryLedger();
  qaKey = newKey();
  for (let i = 0; i < 4; i++) ledger.append(MAIN, draft(i));
  ledger.append(MAIN, draft(4, { kind: 'audit', actor: quality }), qaKey.signer);
  ledger.append(FEATURE, draft(5));
  ledger.append(MAIN, draft(6));
});

describe('an untouched ledger', () => {
  test('verifies clean, with signatures and two segments', () => {
    expect(check()).toEqual([]);
  });
});

describe('tampering with old entries (§7.8 1, 2, 3, 19)', () => {
  test('a changed body breaks the successor link', () => {
    edit(MAIN, 1, (e) => void ((e['body'] as Record<string, unknown>)['verdict'] = 'FAIL'));
    expect(check()).toEqual([`${MAIN}.jsonl:2 LINE_EDITED`, `${MAIN}.jsonl:3 PREV_MISMATCH`]);
  });

  test('a flipped byte inside a signature fails the signature', () => {
    edit(MAIN, 4, (e) => {
      const sigs = e['sigs'] as { sig: string }[];
      const sig = Buffer.from(sigs[0]!.sig, 'base64');
      sig[10] = sig[10]! ^ 1;
      sigs[0]!.sig = sig.toString('base64');
    });
    expect(check()).toEqual([
      `${MAIN}.jsonl:5 SIGNATURE_INVALID`,
      `${MAIN}.jsonl:6 PREV_MISMATCH`,
      `${FEATURE}.jsonl:1 HEAD_UNKNOWN`,
    ]);
  });

  test('non-canonical base64 of the same signature bytes is refused', () => {
    const lines = ledger.lines(MAIN);
    const original = lines[4]!;
    const sig = (JSON.parse(original) as { sigs: { sig: string }[] }).sigs[0]!.sig;
    // 64 bytes end in one byte + "==": the second-to-last char carries 4 unused bits.
    const last = sig.at(-3)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const mutated = `${sig.slice(0, -3)}${alphabet[alphabet.indexOf(last) + 1]}==`;
    expect(Buffer.from(mutated, 'base64')).toEqual(Buffer.from(sig, 'base64'));
    lines[4] = original.replace(sig, mutated);
    expect(check()).toContain(`${MAIN}.jsonl:5 BAD_ENTRY`);
  });

  test('duplicate keys, whitespace and reordered keys are not canonical', () => {
    const lines = ledger.lines(MAIN);
    lines[0] = lines[0]!.replace('"verdict":"FAIL"', '"verdict":"FAIL","verdict":"PASS"');
    lines[1] = lines[1]!.replace('{"actor":', '{ "actor":');
    lines[2] = lines[2]!
      .replace('"kind":"run","ledger"', '"ledger"')
      .replace('"v":1}', '"v":1,"kind":"run"}');
    const found = check();
    expect(found).toContain(`${MAIN}.jsonl:1 NOT_CANONICAL`);
    expect(found).toContain(`${MAIN}.jsonl:2 NOT_CANONICAL`);
    expect(found).toContain(`${MAIN}.jsonl:3 NOT_CANONICAL`);
  });

  test('floats, big integers and lone surrogates are not canonical (§7.8 20)', () => {
    const lines = ledger.lines(MAIN);
    lines[0] = lines[0]!.replace('"n":0', '"n":0.5');
    lines[1] = lines[1]!.replace('"n":1', '"n":12345678901234567890');
    lines[2] = lines[2]!.replace('"control":"c-2"', '"control":"\\ud800"');
    const found = check();
    for (const line of [1, 2, 3]) expect(found).toContain(`${MAIN}.jsonl:${line} NOT_CANONICAL`);
  });

  test('a 2 MiB line and deep nesting are refused without crashing (§7.8 29)', () => {
    const lines = ledger.lines(MAIN);
    lines[1] = lines[1]!.replace('"control":"c-1"', `"control":"${'x'.repeat(2 << 20)}"`);
    lines[2] = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const found = check();
    expect(found).toContain(`${MAIN}.jsonl:2 LINE_TOO_LONG`);
    expect(found).toContain(`${MAIN}.jsonl:3 NOT_CANONICAL`);
  });

  test('an unknown key is refused even in canonical form', () => {
    edit(MAIN, 2, (e) => void (e['verdict'] = 'PASS'));
    expect(check()).toContain(`${MAIN}.jsonl:3 BAD_ENTRY`);
  });
});

describe('deleting, swapping, duplicating and truncating lines (§7.8 4, 5, 8, 9, 24)', () => {
  test('a deleted middle line breaks seq and prev at the next line', () => {
    ledger.lines(MAIN).splice(2, 1);
    expect(check()).toEqual([`${MAIN}.jsonl:3 SEQ_MISMATCH`, `${MAIN}.jsonl:3 PREV_MISMATCH`]);
  });

  test('swapped lines are found at both positions', () => {
    const lines = ledger.lines(MAIN);
    [lines[1], lines[2]] = [lines[2]!, lines[1]!];
    const found = check();
    for (const line of [2, 3, 4]) expect(found).toContain(`${MAIN}.jsonl:${line} PREV_MISMATCH`);
    expect(found).toContain(`${MAIN}.jsonl:2 SEQ_MISMATCH`);
  });

  test('a duplicated line is found', () => {
    const lines = ledger.lines(MAIN);
    lines.splice(2, 0, lines[2]!);
    const found = check();
    expect(found).toContain(`${MAIN}.jsonl:4 DUPLICATE_ENTRY`);
    expect(found).toContain(`${MAIN}.jsonl:4 SEQ_MISMATCH`);
  });

  test('a torn last line is never accepted', () => {
    const all = files();
    const bytes = all.get(fileOf(MAIN))!;
    all.set(fileOf(MAIN), bytes.subarray(0, bytes.length - 40));
    expect(where(verifyFiles(all, { authorities: keyed() }))).toEqual([
      `${MAIN}.jsonl:6 TORN_LINE`,
    ]);
  });

  test('truncating published lines is found against the base', () => {
    const base = files();
    ledger.lines(MAIN).pop();
    expect(check({ base })).toEqual([`${MAIN}.jsonl:6 HISTORY_REWRITTEN`]);
  });
});

describe('segments (§7.8 6, 7, 11)', () => {
  test('a deleted segment is found against the base and through recorded heads', () => {
    const base = files();
    ledger.segments.delete(FEATURE);
    expect(check({ base })).toEqual([`${FEATURE}.jsonl:0 SEGMENT_DELETED`]);
    expect(check()).toEqual([`${MAIN}.jsonl:6 HEAD_UNKNOWN`]);
  });

  test('a renamed segment is found by its segment field and against the base', () => {
    const base = files();
    ledger.segments.set('cccc0003-feature', ledger.lines(FEATURE));
    ledger.segments.delete(FEATURE);
    const found = check({ base });
    expect(found).toContain(`${FEATURE}.jsonl:0 SEGMENT_DELETED`);
    expect(found).toContain('cccc0003-feature.jsonl:1 SEGMENT_MISMATCH');
  });

  test('an entry copied into another segment does not fit its new place', () => {
    ledger.lines(FEATURE).push(ledger.lines(MAIN)[4]!);
    const found = check();
    expect(found).toContain(`${FEATURE}.jsonl:2 SEGMENT_MISMATCH`);
    expect(found).toContain(`${FEATURE}.jsonl:2 PREV_MISMATCH`);
    expect(found).toContain(`${FEATURE}.jsonl:2 DUPLICATE_ENTRY`);
  });

  test('an unknown merge parent is found', () => {
    ledger.append(FEATURE, draft(7, { merge: ['e'.repeat(64)] }));
    expect(check()).toEqual([`${FEATURE}.jsonl:2 MERGE_UNKNOWN`]);
  });
});

describe('ledger identity and actors (§7.8 10, 12, 14, 21)', () => {
  test('an entry replayed from another ledger is found', () => {
    const other = new MemoryLedger('other-ledger');
    other.append(MAIN, draft(0));
    ledger.lines(MAIN)[0] = other.lines(MAIN)[0]!;
    const found = check();
    expect(found).toContain(`${MAIN}.jsonl:1 LEDGER_MISMATCH`);
    expect(found).toContain(`${MAIN}.jsonl:2 PREV_MISMATCH`);
  });

  test('a relabelled actor of a signed entry fails the signature and the key registry', () => {
    edit(
      MAIN,
      4,
      (e) => void ((e['actor'] as Record<string, unknown>)['authority'] = 'virtual:developer'),
    );
    const found = check();
    expect(found).toContain(`${MAIN}.jsonl:5 KEY_UNREGISTERED`);
    expect(found).toContain(`${MAIN}.jsonl:6 PREV_MISMATCH`);
  });

  test('an unsigned entry under an authority the manifest does not know is found', () => {
    ledger.append(
      MAIN,
      draft(8, { actor: { label: 'dev', authority: 'human:alice', context: 'x' } }),
    );
    expect(check()).toEqual([`${MAIN}.jsonl:7 AUTHORITY_UNKNOWN`]);
  });

  test('a signature by a key not in the manifest is found', () => {
    ledger.append(MAIN, draft(8, { actor: quality }), newKey().signer);
    expect(check()).toEqual([`${MAIN}.jsonl:7 KEY_UNREGISTERED`]);
  });

  test('a valid signature over another payload type does not verify', () => {
    edit(MAIN, 4, (e) => {
      const { sigs: _sigs, ...unsigned } = e;
      const pae = preAuthEncoding('application/vnd.in-toto+json', canonicalize(unsigned));
      const sig = Buffer.from(qaKey.signer.sign(pae)).toString('base64');
      (e['sigs'] as { sig: string }[])[0]!.sig = sig;
    });
    expect(check()).toContain(`${MAIN}.jsonl:5 SIGNATURE_INVALID`);
  });
});

describe('keys, objects and seals', () => {
  test('after an authority key entry, its unsigned entries are found', () => {
    const key = newKey();
    const body = {
      authority: 'virtual:developer',
      keyid: key.signer.keyid,
      public_key: key.publicKey,
    };
    ledger.append(MAIN, draft(8, { kind: 'key', body }), key.signer);
    ledger.append(FEATURE, draft(9));
    ledger.append(MAIN, draft(10));
    const authorities = authoritiesWith({ 'virtual:quality': [qaKey], 'virtual:developer': [key] });
    expect(check({ authorities })).toEqual([
      `${MAIN}.jsonl:8 UNSIGNED_AFTER_KEY`,
      `${FEATURE}.jsonl:2 UNSIGNED_AFTER_KEY`,
    ]);
  });

  test('missing and corrupt evidence objects are found', () => {
    const [a, b] = ['1', '2'].map((d) => sha256Hex(d));
    ledger.append(MAIN, draft(8, { objects: [b!, a!] }));
    const objects = new Map([
      [a!, 'missing' as const],
      [b!, 'corrupt' as const],
    ]);
    const found = check({ objects });
    expect(found).toEqual([`${MAIN}.jsonl:7 OBJECT_MISSING`, `${MAIN}.jsonl:7 OBJECT_CORRUPT`]);
  });

  test('a seal with a wrong inventory, and an entry after a seal, are found', () => {
    const heads = Object.fromEntries(
      [...ledger.segments].map(([name, lines]) => [name, sha256Hex(lines.at(-1)!)]),
    );
    const body = { archive_id: 'r1', heads, inventory: 'f'.repeat(64), objects: 0 };
    ledger.append(MAIN, draft(8, { kind: 'seal', body }));
    ledger.append(MAIN, draft(9));
    ledger.append(FEATURE, draft(10));
    expect(check()).toEqual([
      `${MAIN}.jsonl:7 SEAL_INVALID`,
      `${MAIN}.jsonl:8 APPEND_AFTER_SEAL`,
      `${FEATURE}.jsonl:2 APPEND_AFTER_SEAL`,
    ]);
  });
});
