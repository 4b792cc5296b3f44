// Fisher's exact test for `trace compare`: is the new set's rate of an outcome (fail, unknown)
// higher than the baseline's by more than chance? One-sided, on the 2×2 table
// [baseline: x0 of n0] vs [new: x1 of n1]: with the margins fixed, the number of outcomes that
// fall in the new set is hypergeometric, and p is the probability of x1 or more of them there.
// Exact for any sample size, so 0/3 → 2/3 or 10/100 → 11/100 are not called regressions.

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++)
    logFactorials.push((logFactorials[i - 1] ?? 0) + Math.log(i));
  return logFactorials[n] ?? 0;
}

const logChoose = (n: number, k: number): number =>
  logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** P(X ≥ x1): the one-sided p-value that the new rate x1/n1 exceeds the baseline x0/n0. */
export function fisherGreater(x0: number, n0: number, x1: number, n1: number): number {
  const total = n0 + n1;
  const events = x0 + x1;
  if (n1 === 0 || n0 === 0) return 1;
  const denominator = logChoose(total, n1);
  let p = 0;
  for (let x = x1; x <= Math.min(events, n1); x++) {
    if (n1 - x > total - events) continue;
    p += Math.exp(logChoose(events, x) + logChoose(total - events, n1 - x) - denominator);
  }
  return Math.min(1, p);
}
