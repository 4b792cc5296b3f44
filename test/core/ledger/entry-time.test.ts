// An entry's time is a real UTC instant exactly when a Date round trip prints it back unchanged;
// the ledger reader checks it with integer arithmetic, so the two must agree on every shape of
// calendar edge (month and day bounds, leap years by the 4/100/400 rule, 24:00, leap seconds).
import { describe, expect, test } from 'vitest';
import { isRealUtcInstant } from '../../../scripts/lib/core/ledger/parse-entry.ts';

function byDate(text: string): boolean {
  const at = new Date(text);
  return !Number.isNaN(at.getTime()) && at.toISOString() === text;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

describe('isRealUtcInstant', () => {
  test('agrees with the Date round trip on calendar edges', () => {
    const years = [0, 1, 4, 100, 400, 1900, 1970, 2000, 2023, 2024, 2100, 2400, 9999];
    const days = [0, 1, 28, 29, 30, 31, 32, 99];
    const clocks = ['00:00:00', '23:59:59', '24:00:00', '23:60:00', '23:59:60', '99:99:99'];
    let checked = 0;
    let real = 0;
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (const day of days)
          for (const clock of clocks) {
            const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${clock}.000Z`;
            expect(isRealUtcInstant(text), text).toBe(byDate(text));
            checked += 1;
            if (byDate(text)) real += 1;
          }
    // Both answers occur, so agreement is not vacuous.
    expect(real).toBeGreaterThan(100);
    expect(checked - real).toBeGreaterThan(1000);
  });

  test('29 February exists only in leap years', () => {
    expect(isRealUtcInstant('2024-02-29T12:00:00.000Z')).toBe(true);
    expect(isRealUtcInstant('2000-02-29T12:00:00.000Z')).toBe(true);
    expect(isRealUtcInstant('1900-02-29T12:00:00.000Z')).toBe(false);
    expect(isRealUtcInstant('2023-02-29T12:00:00.000Z')).toBe(false);
  });
});
