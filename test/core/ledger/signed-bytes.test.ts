// The verifier cuts the signed bytes out of a signed line instead of re-serialising the entry; the
// cut must equal the canonical bytes the signer signed for every entry shape, including bodies that
// spell `,"sigs":[` themselves and strings holding brackets, and must never cut a forged member.
import { describe, expect, test } from 'vitest';
import { attachKeyless, buildEntry } from '../../../scripts/lib/core/ledger/build-entry.ts';
import { decodeLine } from '../../../scripts/lib/core/ledger/parse-ledger.ts';
import { signedBytesOf } from '../../../scripts/lib/core/ledger/sign-entry.ts';
import type { JsonObject } from '../../../scripts/lib/core/ledger/types.ts';
import { signedBodyOf, signedMessage } from '../../../scripts/lib/core/ledger/verify-signatures.ts';
import { draft, TEST_LEDGER_ID } from '../../helpers/ledger-repo.ts';
import { newKey } from '../../helpers/memory-ledger.ts';

const key = newKey();
const actor = { label: 'qa', authority: 'virtual:quality', context: 'ci' };
const placement = { ledger: TEST_LEDGER_ID, segment: 'main', seq: 0, prev: null, heads: {} };

function signedLine(body: JsonObject): Buffer {
  const { line } = buildEntry(draft(1, { actor, body }), placement, key.signer);
  return Buffer.from(line, 'utf8');
}

describe('signedBodyOf', () => {
  test.each([
    ['a plain body', { control: 'c', verdict: 'PASS' }],
    ['a nested sigs member', { a: 1, sigs: [{ keyid: 'k', sig: 's' }], z: 1 }],
    ['a string spelling the member', { note: ',"sigs":[{"keyid":"x"}]', other: ']]' }],
    ['brackets and quotes in strings', { a: '[]', b: '"]"', c: ['x', ['y']] }],
  ])('equals the canonical signed bytes with %s', (_, body) => {
    const bytes = signedLine(body);
    const { entry } = decodeLine(bytes);
    expect(entry).toBeDefined();
    const signed = signedBodyOf(entry!, bytes);
    // The cut is taken from the line itself, not re-serialised.
    expect(signed.body).not.toEqual(Buffer.from(''));
    expect(signed.cutEnd).toBeGreaterThan(signed.cutAt);
    expect(signedMessage(signed).equals(signedBytesOf(entry!))).toBe(true);
  });

  test('cuts a keyless member from the line too, equal to the bytes the bundle signs', () => {
    const { entry: unsigned } = buildEntry(draft(1, { actor, body: { control: 'c' } }), placement);
    const keyid = 'e'.repeat(64);
    const withKey = { ...unsigned, actor: { ...unsigned.actor, keyid } };
    const { line } = attachKeyless(withKey, 'f'.repeat(64), placement);
    const bytes = Buffer.from(line, 'utf8');
    const { entry } = decodeLine(bytes);
    const signed = signedBodyOf(entry!, bytes);
    expect(signed.cutEnd).toBeGreaterThan(signed.cutAt);
    expect(signedMessage(signed).equals(signedBytesOf(withKey))).toBe(true);
  });

  test('a member whose length does not match the parsed signatures falls back to re-serialising', () => {
    const bytes = signedLine({ control: 'c' });
    const { entry } = decodeLine(bytes);
    // The parsed entry claims a longer signature than the line holds: no cut is trusted.
    const claimed = {
      ...entry!,
      sigs: [{ keyid: entry!.sigs![0]!.keyid, sig: `${entry!.sigs![0]!.sig}AAAA` }],
    };
    const signed = signedBodyOf(claimed, bytes);
    expect(signed.cutEnd).toBe(signed.cutAt);
    expect(signedMessage(signed).equals(signedBytesOf(claimed))).toBe(true);
  });
});
