// Answers git gives about one verdict's fixed inputs, asked once per verb invocation and shared by
// the parts that need them: the ledger's blobs at HEAD and at the anchor (the checkpoint's prefix
// proof and the integrity check's prefix proofs), the plane at the anchor (the trusted rules and
// the checkpoint's signer), whether the anchor's commit is in the object store. A verb opens the
// memo for its root with the base probe (base-probe.ts startBaseProbe) and ends it when its verdict
// is decided, so nothing outlives the invocation: a later verb in the same process (tests commit
// between calls) asks git again. Without an open memo every question goes to git.
const sessions = new Map<string, Map<string, Promise<unknown>>>();
// The commit HEAD named when the verb's probe listed the refs, by root (same lifetime).
const heads = new Map<string, string>();

/** Opens the memo for `root`; the returned function ends it. */
export function startVerdictMemo(root: string): () => void {
  const answers = new Map<string, Promise<unknown>>();
  sessions.set(root, answers);
  heads.delete(root);
  return () => {
    if (sessions.get(root) !== answers) return;
    sessions.delete(root);
    heads.delete(root);
  };
}

/** Records the commit HEAD names (from the probe's ref listing) while `root`'s memo is open. */
export function rememberHead(root: string, commit: string): void {
  if (sessions.has(root)) heads.set(root, commit);
}

/** The commit HEAD named when the probe listed the refs, if the open memo knows it. */
export function knownHead(root: string): string | undefined {
  return sessions.has(root) ? heads.get(root) : undefined;
}

/** The answer to `key` under `root`'s open memo, computed once; computed each time without one. */
export function remembered<T>(root: string, key: string, compute: () => Promise<T>): Promise<T> {
  const answers = sessions.get(root);
  if (answers === undefined) return compute();
  const known = answers.get(key) as Promise<T> | undefined;
  if (known !== undefined) return known;
  const answer = compute();
  answers.set(key, answer);
  // A failed question is asked again by the next caller, which then sees the error itself.
  answer.catch(() => {
    if (answers.get(key) === answer) answers.delete(key);
  });
  return answer;
}

/** The key under which whether `id` is in the object store is remembered. */
export const objectKey = (id: string): string => `object ${id}`;

/** The answer to `key` under `root`'s open memo if one was asked for; never asks. */
export function rememberedSoFar<T>(root: string, key: string): Promise<T> | undefined {
  return sessions.get(root)?.get(key) as Promise<T> | undefined;
}

/** Records an answer found on the way (e.g. a commit id resolved by another read). */
export function remember<T>(root: string, key: string, value: T): void {
  sessions.get(root)?.set(key, Promise.resolve(value));
}
