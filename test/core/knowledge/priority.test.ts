import { describe, expect, it } from 'vitest';
import { formatMilli, parseMilli, priority } from '../../../scripts/lib/core/knowledge/priority.ts';

describe('priority = infoGain × risk ÷ cost (milli-units)', () => {
  it.each([
    // infoGain, risk, cost, expected
    [900, 700, 1000, 630], // the seed's H1: 0.9 × 0.7 ÷ 1.0 = 0.63
    [1000, 1000, 1000, 1000],
    [0, 1000, 1000, 0],
    [1000, 0, 1000, 0],
    [900, 900, 4000, 203], // 0.2025 rounds half up to 0.203
    [500, 500, 500, 500],
    [1000, 1000, 1, 1_000_000], // near-free probes dominate
    [1, 1, 1000, 0],
    [1, 500, 1000, 1], // 0.0005 rounds half up
  ])('priority(%i, %i, %i) = %i', (infoGain, risk, cost, expected) => {
    expect(priority({ infoGain, risk, cost })).toBe(expected);
  });

  it('halving the cost never lowers priority; doubling the risk never lowers it', () => {
    for (const [g, r, c] of [
      [900, 300, 2000],
      [10, 20, 30],
      [700, 700, 700],
    ] as const) {
      expect(priority({ infoGain: g, risk: r, cost: c / 2 })).toBeGreaterThanOrEqual(
        priority({ infoGain: g, risk: r, cost: c }),
      );
      expect(priority({ infoGain: g, risk: r * 2, cost: c })).toBeGreaterThanOrEqual(
        priority({ infoGain: g, risk: r, cost: c }),
      );
    }
  });

  it('refuses a zero or negative cost', () => {
    expect(() => priority({ infoGain: 1, risk: 1, cost: 0 })).toThrow(/positive/);
    expect(() => priority({ infoGain: 1, risk: 1, cost: -5 })).toThrow(/positive/);
  });
});

describe('decimal flags become milli-units without floating point', () => {
  it.each([
    ['0.7', 700],
    ['0.70', 700],
    ['1', 1000],
    ['1.25', 1250],
    ['0.001', 1],
    ['0', 0],
    ['0.125', 125],
  ])('%s → %i', (text, value) => expect(parseMilli(text, '--risk')).toBe(value));

  it.each(['0.0001', '-0.5', '1e3', '', 'abc', '.5'])('refuses %j', (text) => {
    expect(() => parseMilli(text, '--risk')).toThrow();
  });

  it('enforces a maximum', () =>
    expect(() => parseMilli('1.001', '--risk', 1000)).toThrow(/between 0 and 1/));

  it.each([
    [630, '0.63'],
    [1000, '1'],
    [1250, '1.25'],
    [5, '0.005'],
    [0, '0'],
  ])('formats %i as %s', (v, s) => {
    expect(formatMilli(v)).toBe(s);
  });
});
