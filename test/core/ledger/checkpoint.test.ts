// The checkpoint body and state object (core/ledger/checkpoint.ts): what a verdict trusts after a
// signature check is parsed defensively, and a seal body stays exact about its fields.
import { describe, expect, it } from 'vitest';
import {
  decodeState,
  encodeState,
  readCheckpointBody,
} from '../../../scripts/lib/core/ledger/checkpoint.ts';
import { readSealBody } from '../../../scripts/lib/core/ledger/verify-seals.ts';
import type { LedgerEntry } from '../../../scripts/lib/core/ledger/types.ts';

const HEX = 'a'.repeat(64);
const segments = { 'c1-main': { lines: 3, bytes: 900, blob: 'b'.repeat(40) } };

describe('the state object', () => {
  it('round-trips retained lines byte for byte, with their segment and index', () => {
    const lines = [
      { segment: 'c1-main', index: 0, line: Buffer.from('{"a":"tab\\tin a string"}') },
      { segment: 'c1-main', index: 2, line: Buffer.from('{"b":1}') },
    ];
    const decoded = decodeState(encodeState(lines));
    if (typeof decoded === 'string') throw new Error(decoded);
    const text = (l: { segment: string; index: number; line: Uint8Array }) => ({
      ...l,
      line: Buffer.from(l.line).toString('utf8'),
    });
    expect(decoded.map(text)).toEqual(lines.map(text));
  });

  it('refuses another object, a line without its place, a bad index, a torn end', () => {
    expect(decodeState(Buffer.from('all clean\n'))).toMatch(/does not start/);
    const header = 'proofgate.checkpoint-state.v1\n';
    expect(decodeState(Buffer.from(`${header}{"a":1}\n`))).toMatch(/segment and index/);
    expect(decodeState(Buffer.from(`${header}s\t01\t{}\n`))).toMatch(/bad line index/);
    expect(decodeState(Buffer.from(`${header}s\t1\t{}`))).toMatch(/without a newline/);
  });
});

describe('the seal body', () => {
  const seal = (body: Record<string, unknown>): LedgerEntry =>
    ({ kind: 'seal', segment: 'c1-main-g1', body }) as unknown as LedgerEntry;
  const plain = { archive_id: 'cp', heads: { 'c1-main': HEX }, inventory: HEX, objects: 0 };

  it('a plain seal and a checkpoint seal are read; anything else is SEAL_INVALID', () => {
    expect(readSealBody(seal(plain))).toEqual(plain);
    const checkpoint = { state: HEX, entries: 2, segments };
    expect(readSealBody(seal({ ...plain, checkpoint }))).toEqual({ ...plain, checkpoint });
    expect(readSealBody(seal({ ...plain, extra: 1 }))).toMatch(/body must be/);
    expect(readSealBody(seal({ ...plain, checkpoint: { ...checkpoint, state: 'x' } }))).toMatch(
      /state must be sha256/,
    );
  });

  it('every covered segment names lines, bytes and a git blob id, nothing else', () => {
    const body = (s: unknown) => readCheckpointBody({ state: HEX, entries: 1, segments: s });
    expect(body(segments)).toEqual({ state: HEX, entries: 1, segments });
    expect(body({ s: { lines: 1, bytes: 2 } })).toMatch(/must be \{lines, bytes, blob\}/);
    expect(body({ s: { lines: -1, bytes: 2, blob: 'b'.repeat(40) } })).toMatch(/must be/);
    expect(body({ s: { lines: 1, bytes: 2, blob: 'B'.repeat(40) } })).toMatch(/must be/);
    expect(body({ s: { lines: 1, bytes: 2, blob: 'b'.repeat(64), x: 1 } })).toMatch(/must be/);
    expect(readCheckpointBody([])).toMatch(/must be an object/);
  });
});
