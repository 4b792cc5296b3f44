// The trust comparison as a pure function: every difference between the manifest and the trust
// file is one finding, and every pinned head is checked against the segment bytes now.
import { createHash, generateKeyPairSync, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../scripts/lib/core/errors.ts';
import {
  checkPinnedHeads,
  compareAuthorities,
  trustedManifest,
} from '../../../scripts/lib/core/trust/compare-trust.ts';
import {
  buildTrustFile,
  parseTrustFile,
  type TrustFile,
} from '../../../scripts/lib/core/trust/trust-file.ts';
import type { Manifest } from '../../../scripts/lib/core/plane/types.ts';

function key() {
  const raw = createPublicKey(generateKeyPairSync('ed25519').privateKey)
    .export({ format: 'der', type: 'spki' })
    .subarray(-32);
  return {
    keyid: createHash('sha256').update(raw).digest('hex'),
    public_key: raw.toString('base64'),
    added: '2026-01-01T00:00:00.000Z',
  };
}

const K1 = key();
const manifest = {
  ledger_id: 'lg-test',
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:quality', kind: 'virtual', stages: ['cross'], keys: [K1] },
  ],
} as unknown as Manifest;

const line0 = '{"a":0}';
const line1 = '{"a":1}';
const segment = `${line0}\n${line1}\n`;
const heads = {
  s1: {
    seq: 1,
    sha256: createHash('sha256').update(line1).digest('hex'),
    bytes: Buffer.byteLength(segment),
  },
};
const trust: TrustFile = buildTrustFile(manifest, [], heads, '2026-01-01T00:00:00.000Z');
const places = { trustFile: 'T', manifestFile: 'm.yaml' };
const codes = (findings: { code: string; message: string }[]) =>
  findings.map((f) => `${f.code} ${f.message}`);

describe('compareAuthorities', () => {
  it('finds nothing when the manifest is the trust file', () => {
    expect(compareAuthorities(trust, manifest, places)).toEqual([]);
    expect(trustedManifest(manifest, trust)).toEqual(manifest);
  });

  it('names a swapped key both ways, an added authority, a removed one, a restaged one', () => {
    const K2 = key();
    const changed = {
      ledger_id: 'lg-other',
      authorities: [
        { id: 'virtual:quality', kind: 'virtual', stages: ['self', 'cross'], keys: [K2] },
        { id: 'human:mallory', kind: 'human', stages: ['cross'] },
      ],
    } as unknown as Manifest;
    expect(codes(compareAuthorities(trust, changed, places))).toEqual([
      "TRUST_LEDGER_MISMATCH ledger_id lg-other is not the trust file's lg-test (T): another ledger",
      'AUTHORITY_CHANGED authority virtual:quality is virtual in stages [self, cross]; trust file T has virtual in [cross]',
      `KEY_NOT_TRUSTED virtual:quality keyid ${K2.keyid.slice(0, 12)}… is not in trust file T`,
      `KEY_REMOVED virtual:quality keyid ${K1.keyid.slice(0, 12)}… of trust file T is not in the manifest`,
      'AUTHORITY_NOT_TRUSTED authority human:mallory is not in trust file T',
      'AUTHORITY_REMOVED authority virtual:developer of trust file T is not in the manifest',
    ]);
    // The judged manifest holds the trust file's authorities and keys, never the repository's.
    const judged = trustedManifest(changed, trust);
    expect(judged.authorities.map((a) => [a.id, a.keys?.map((k) => k.keyid) ?? []])).toEqual([
      ['virtual:developer', []],
      ['virtual:quality', [K1.keyid]],
    ]);
  });
});

describe('checkPinnedHeads', () => {
  const at = (text: string | undefined, size = text?.length ?? 0) => [
    {
      name: 's1',
      file: 'l/s1.jsonl',
      prefix: text === undefined ? undefined : Buffer.from(text.slice(0, heads.s1.bytes)),
      from: 0,
      size,
    },
  ];
  it('accepts the head in place, with lines appended after it', () => {
    expect(checkPinnedHeads(trust, at(`${segment}{"a":2}\n`), 'T')).toEqual([]);
  });
  it('reads only the bytes ending at the head: a window that starts mid-file', () => {
    const window = (from: number, text: string) => [
      { name: 's1', file: 'l/s1.jsonl', prefix: Buffer.from(text), from, size: heads.s1.bytes },
    ];
    expect(checkPinnedHeads(trust, window(4, segment.slice(4)), 'T')).toEqual([]);
    // No newline in a window that starts past 0: the head line would be longer than any line.
    const [finding] = checkPinnedHeads(trust, window(9, segment.slice(9)), 'T');
    expect(finding?.message).toContain('is rewritten: no line that short ends there');
  });

  it('a segment gone, lines deleted, a line rewritten: HEAD_MISSING at the pinned line', () => {
    for (const [text, why] of [
      [undefined, 'is gone: the segment file no longer exists'],
      [`${line0}\n`, 'is gone: the segment has 8 bytes, fewer than the 16 it had (lines deleted)'],
      [`${line0}\n{"a":7}\n`, 'is rewritten: that line now hashes to'],
    ] as const) {
      const [finding] = checkPinnedHeads(trust, at(text), 'T');
      expect(finding?.code).toBe('HEAD_MISSING');
      expect(finding?.line).toBe(2);
      expect(finding?.message).toContain(
        `segment s1 seq 1 (sha256 ${heads.s1.sha256.slice(0, 12)}…, pinned by trust file T) ${why}`,
      );
    }
  });
});

describe('parseTrustFile', () => {
  it('round-trips an export and refuses a malformed file naming every problem', () => {
    expect(parseTrustFile(JSON.stringify(trust), 'T')).toEqual(trust);
    const bad = { ...trust, format: 'x', heads: { s1: { seq: -1, sha256: 'zz', bytes: 0 } } };
    bad.authorities = [{ ...trust.authorities[1]!, keys: [{ ...K1, keyid: '0'.repeat(64) }] }];
    let error: unknown;
    try {
      parseTrustFile(JSON.stringify(bad), 'T');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      '/format: expected "proofgate-trust/v1"',
      '/authorities/0/keys/0/keyid: not the sha256 of its public key',
      '/heads/s1/seq: not a line index',
      '/heads/s1/sha256: not a sha256 hex',
      '/heads/s1/bytes: not a length',
    ]);
  });
});
