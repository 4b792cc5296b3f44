// The one hard constraint of direction finding:
// priority = expected information gain × risk ÷ cost. Inputs and result are milli-units so that
// nothing written to disk is a float: 0.9 × 0.7 ÷ 1.0 = 0.63 is 900 × 700 ÷ 1000 = 630.
import { UsageError } from '../errors.ts';

export const MILLI = 1000;

export interface Scored {
  infoGain: number;
  risk: number;
  cost: number;
}

/** Rounded half up; cost must be a positive whole number of milli-units. */
export function priority({ infoGain, risk, cost }: Scored): number {
  if (!Number.isSafeInteger(cost) || cost <= 0) {
    throw new UsageError('BAD_VALUE', `cost must be a positive number of milli-units, got ${cost}`);
  }
  return Math.floor((infoGain * risk * 2 + cost) / (2 * cost));
}

/** Parses a decimal such as `0.7` or `1.25` into milli-units without floating point. */
export function parseMilli(text: string, flag: string, max?: number): number {
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(text.trim());
  const value =
    match === null ? NaN : Number(match[1]) * MILLI + Number((match[2] ?? '').padEnd(3, '0') || 0);
  if (Number.isNaN(value) || (max !== undefined && value > max)) {
    throw new UsageError(
      'BAD_VALUE',
      `${flag} ${text} is not a decimal${max === undefined ? '' : ` between 0 and ${formatMilli(max)}`}`,
      {
        where: flag,
        expected: 'a decimal with at most three places, e.g. 0.7',
      },
    );
  }
  return value;
}

/** 630 → "0.63", 1000 → "1", 1250 → "1.25". */
export function formatMilli(value: number): string {
  const whole = Math.trunc(value / MILLI);
  const frac = String(Math.abs(value % MILLI))
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(whole) : `${whole}.${frac}`;
}
