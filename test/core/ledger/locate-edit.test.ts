// The edited line is named, not only its successor: a one-byte change in line 6 is reported at
// line 6 (LINE_EDITED) beside line 7's broken link; ambiguous patterns name nothing extra.
import { beforeEach, describe, expect, test } from 'vitest';
import { canonicalize } from '../../../scripts/lib/core/shared/canonical.ts';
import { locateEdits } from '../../../scripts/lib/core/ledger/locate-edit.ts';
import { draft } from '../../helpers/ledger-repo.ts';
import { MemoryLedger, verifyFiles, where } from '../../helpers/memory-ledger.ts';

const MAIN = 'aaaa0001-main';
let ledger: MemoryLedger;

beforeEach(() => {
  ledger = new MemoryLedger();
  for (let i = 0; i < 10; i++) ledger.append(MAIN, draft(i));
});

const check = (): string[] => where(verifyFiles(ledger.files()));
/** The chain findings only (a changed prev also breaks the recorded head of its own segment). */
const links = (): string[] => check().filter((f) => / (PREV_MISMATCH|LINE_EDITED)$/.test(f));

describe('the edited line is named', () => {
  test('one byte changed in line 6 is reported at line 6 and at line 7', () => {
    const lines = ledger.lines(MAIN);
    lines[5] = lines[5]!.replace('"time":"2', '"time":"3');
    expect(check()).toEqual([`${MAIN}.jsonl:6 LINE_EDITED`, `${MAIN}.jsonl:7 PREV_MISMATCH`]);
  });

  test('a changed prev field names its own line (its successor breaks too)', () => {
    const lines = ledger.lines(MAIN);
    const value = JSON.parse(lines[6]!) as Record<string, unknown>;
    value['prev'] = 'f'.repeat(64);
    lines[6] = canonicalize(value);
    expect(links()).toEqual([
      `${MAIN}.jsonl:7 PREV_MISMATCH`,
      `${MAIN}.jsonl:7 LINE_EDITED`,
      `${MAIN}.jsonl:8 PREV_MISMATCH`,
    ]);
  });

  test('a break on the last line stays ambiguous: no line is named as edited', () => {
    const lines = ledger.lines(MAIN);
    const value = JSON.parse(lines[9]!) as Record<string, unknown>;
    value['prev'] = 'f'.repeat(64);
    lines[9] = canonicalize(value);
    expect(links()).toEqual([`${MAIN}.jsonl:10 PREV_MISMATCH`]);
  });

  test('a deleted line is not called an edit', () => {
    ledger.lines(MAIN).splice(4, 1);
    expect(check().some((f) => f.includes('LINE_EDITED'))).toBe(false);
  });

  test('only PREV_MISMATCH findings are read', () => {
    const file = `x.jsonl`;
    const findings = [
      { file, line: 3, code: 'SEQ_MISMATCH' as const, message: '' },
      { file, line: 5, code: 'HEAD_UNKNOWN' as const, message: '' },
    ];
    expect(locateEdits(findings, new Map([[file, 9]]))).toEqual([]);
  });
});
