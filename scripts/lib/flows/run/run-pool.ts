// Independent controls run in parallel, up to `jobs` at a time; results keep input order. An
// exclusive item (a build, a heavy test suite) runs alone: after the shared ones, one at a time.

export async function runPool<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T, index: number) => Promise<R>,
  isExclusive: (item: T) => boolean = () => false,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const shared: number[] = [];
  const alone: number[] = [];
  items.forEach((item, index) => (isExclusive(item) ? alone : shared).push(index));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < shared.length) {
      const index = shared[next++]!;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, shared.length)) }, worker));
  for (const index of alone) results[index] = await work(items[index]!, index);
  return results;
}

/** Runs tasks one at a time in call order: ledger appends are serialised, execution is not. */
export function createSerialQueue(): <R>(task: () => Promise<R>) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return <R>(task: () => Promise<R>): Promise<R> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
