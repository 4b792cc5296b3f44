// Invariants of the ledger format (see ARCHITECTURE.md), with a fixed seed: appending then verifying
// always passes; flipping any byte of a line with a successor, or of any signed line, fails
// verify --full; flipping any byte of a line already on the base fails verify --base.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { EntryDraft } from '../../scripts/lib/core/ledger/types.ts';
import { draft } from '../helpers/ledger-repo.ts';
import {
  MemoryLedger,
  authoritiesWith,
  fileOf,
  newKey,
  verifyFiles,
} from '../helpers/memory-ledger.ts';

const SEED = 20_261_130;
const key = newKey();
const authorities = authoritiesWith({ 'virtual:quality': [key] });
const SEGMENTS = ['aaaa0001-main', 'bbbb0002-feature', 'cccc0003-fix'];

const stepArb = fc.record({
  segment: fc.constantFrom(...SEGMENTS),
  signed: fc.boolean(),
  note: fc.string({ unit: 'grapheme', maxLength: 12 }),
  n: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});

interface Step {
  segment: string;
  signed: boolean;
  note: string;
  n: number;
}

function build(steps: readonly Step[]): MemoryLedger {
  const ledger = new MemoryLedger();
  steps.forEach((step, i) => {
    const overrides: Partial<EntryDraft> = { body: { note: step.note, n: step.n, i } };
    if (step.signed) overrides.actor = { label: 'qa', authority: 'virtual:quality', context: 'ci' };
    ledger.append(step.segment, draft(i, overrides), step.signed ? key.signer : undefined);
  });
  return ledger;
}

const ledgerArb = fc.array(stepArb, { minLength: 1, maxLength: 10 });
const flipArb = fc.record({
  pick: fc.nat(),
  offset: fc.nat(),
  mask: fc.integer({ min: 1, max: 255 }),
});

function flip(bytes: Uint8Array, at: number, mask: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[at] = copy[at]! ^ mask;
  return copy;
}

/** Byte offset of line `index` of a segment's file. */
function lineStart(lines: readonly string[], index: number): number {
  return lines.slice(0, index).reduce((n, l) => n + Buffer.byteLength(l, 'utf8') + 1, 0);
}

describe('ledger invariants', () => {
  test.prop([ledgerArb], { seed: SEED, numRuns: 60 })('append then verify passes', (steps) => {
    expect(verifyFiles(build(steps).files(), { authorities })).toEqual([]);
  });

  test.prop([ledgerArb, flipArb], { seed: SEED, numRuns: 150 })(
    'flipping a byte of a line with a successor, or of a signed line, fails verify --full',
    (steps, { pick, offset, mask }) => {
      const ledger = build(steps);
      const targets = [...ledger.segments].flatMap(([segment, lines]) =>
        lines
          .map((line, index) => ({ segment, lines, index, line }))
          .filter((t) => t.index < t.lines.length - 1 || t.line.includes('"sigs":')),
      );
      fc.pre(targets.length > 0);
      const target = targets[pick % targets.length]!;
      const files = ledger.files();
      const at = lineStart(target.lines, target.index) + (offset % Buffer.byteLength(target.line));
      files.set(fileOf(target.segment), flip(files.get(fileOf(target.segment))!, at, mask));
      expect(verifyFiles(files, { authorities }).length).toBeGreaterThan(0);
    },
  );

  test.prop([ledgerArb, ledgerArb, flipArb], { seed: SEED, numRuns: 100 })(
    'flipping any byte already on the base fails verify --base',
    (before, after, { pick, offset, mask }) => {
      const ledger = build(before);
      const base = ledger.files();
      after.forEach((step, i) => ledger.append(step.segment, draft(100 + i)));
      const files = ledger.files();
      expect(verifyFiles(files, { authorities, base })).toEqual([]);
      const [file, bytes] = [...base][pick % base.size]!;
      const at = offset % bytes.length;
      files.set(file, flip(files.get(file)!, at, mask));
      expect(verifyFiles(files, { authorities, base }).length).toBeGreaterThan(0);
    },
  );
});
