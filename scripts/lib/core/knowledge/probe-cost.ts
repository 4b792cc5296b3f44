// What one run of a probe spends against the cost budget: what the probe declares (milli of
// tokens, money or abstract units), else the hypothesis's own cost in abstract units.
import type { CostUnit, Hypothesis } from './types.ts';

export function costOfProbe(h: Pick<Hypothesis, 'cost' | 'probe'>): {
  amount: number;
  unit: CostUnit;
} {
  return h.probe?.cost ?? { amount: h.cost, unit: 'units' };
}
