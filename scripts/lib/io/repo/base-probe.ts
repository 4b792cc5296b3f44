// The branch upstream and the base a verdict is judged against, found with one `for-each-ref`
// (and one `merge-base` with the base found): the current branch's upstream, else the remote's
// default branch (origin/HEAD, else origin/main), each at its fork point with HEAD. A verb starts
// the probe beside git status and its consumers take it once each (trusted-base.ts for the rules,
// ledger-upstream.ts for the ledger's append-only check). Kept apart from the path matching the
// task scope needs, so the hook loads nothing more before its git status starts.
import {
  forkPoint as mergeBase,
  type ListedRef,
  listRefs,
  remoteUrl,
  resolveCommit,
} from '../git.ts';
import { rememberHead, startVerdictMemo } from './verdict-memo.ts';
import { type BaseCandidate, type BaseDistrust, localDistrust, urlDistrust } from './base-trust.ts';
import type { TrustedBase } from '../../core/world/git-port.ts';

/** The branch upstream (`@{upstream}`) and the base a verdict is judged against, found together. */
export interface BaseProbe {
  /** The current branch's upstream and its fork point; undefined without one (or no fork point). */
  upstream: { ref: string; commit: string } | undefined;
  /**
   * The upstream, else origin/HEAD's target, else origin/main, at its fork point (else tip);
   * `untrusted` says why when local git commands could have moved it (base-trust.ts).
   */
  trusted: TrustedBase | undefined;
}

// The commit `name` (a full ref name) names, as `rev-parse --verify <name>^{commit}` resolves it.
async function commitOf(
  root: string,
  refs: ReadonlyMap<string, ListedRef>,
  name: string,
): Promise<string | undefined> {
  const listed = refs.get(name)?.commit;
  if (listed !== undefined) return listed;
  return resolveCommit(root, name);
}

// The merge base of HEAD and `commit`; `commit` itself when HEAD is that commit (no process).
const forkPoint = (
  root: string,
  commit: string,
  head: string | undefined,
): Promise<string | undefined> =>
  commit === head ? Promise.resolve(commit) : mergeBase(root, commit);

// Why `base` is not trusted (base-trust.ts), its remote's URL asked beside the fork point.
async function distrust(root: string, base: BaseCandidate): Promise<BaseDistrust | undefined> {
  const local = localDistrust(root, base);
  if (local !== undefined) return local;
  const url = await remoteUrl(root, base.remote);
  return url === undefined ? undefined : urlDistrust(root, base.remote, url);
}

// The base found, at its fork point, and why it is not trusted if it is not.
async function judged(
  root: string,
  base: BaseCandidate,
  head: string | undefined,
): Promise<{ fork: string | undefined; trusted: TrustedBase }> {
  const [fork, untrusted] = await Promise.all([
    forkPoint(root, base.commit, head),
    distrust(root, base),
  ]);
  const trusted = { ref: base.short, commit: fork ?? base.commit };
  return { fork, trusted: untrusted === undefined ? trusted : { ...trusted, untrusted } };
}

// The remote's default branch when the current branch has no upstream: origin/HEAD's target
// (origin/HEAD itself when it is not a symbolic ref), else origin/main.
function remoteDefault(
  refs: ReadonlyMap<string, ListedRef>,
): { name: string; ref: string } | undefined {
  const head = 'refs/remotes/origin/HEAD';
  const remoteHead = refs.get(head);
  if (remoteHead !== undefined) {
    return remoteHead.symref === ''
      ? { name: head, ref: remoteHead.short }
      : { name: remoteHead.symref, ref: remoteHead.symrefShort };
  }
  const main = 'refs/remotes/origin/main';
  return refs.has(main) ? { name: main, ref: 'origin/main' } : undefined;
}

/** Runs the probe: one `for-each-ref`, then `merge-base` with the base found (none without one). */
export async function probeBase(root: string, onHead?: (head: string) => void): Promise<BaseProbe> {
  const refs = await listRefs(root);
  if (refs === undefined) return { upstream: undefined, trusted: undefined };
  const current = [...refs.values()].find((r) => r.head);
  const head = current?.commit;
  if (head !== undefined) {
    rememberHead(root, head);
    onHead?.(head);
  }
  if (current !== undefined && current.upstream !== '') {
    const tip = await commitOf(root, refs, current.upstream);
    // An upstream that exists but names no commit leaves no base (as rev-parse ^{commit} fails).
    if (tip === undefined && refs.has(current.upstream))
      return { upstream: undefined, trusted: undefined };
    if (tip !== undefined) {
      const ref = current.upstreamShort;
      const { fork, trusted } = await judged(
        root,
        { name: current.upstream, short: ref, remote: current.upstreamRemote, commit: tip },
        head,
      );
      return { upstream: fork === undefined ? undefined : { ref, commit: fork }, trusted };
    }
  }
  const fallback = remoteDefault(refs);
  const tip = fallback === undefined ? undefined : await commitOf(root, refs, fallback.name);
  if (fallback === undefined || tip === undefined)
    return { upstream: undefined, trusted: undefined };
  const base = { name: fallback.name, short: fallback.ref, remote: 'origin', commit: tip };
  return { upstream: undefined, trusted: (await judged(root, base, head)).trusted };
}

// A probe started ahead of the verdict that will use it (the hook and `claim` start it beside git
// status), by root: each consumer (the trusted rules, the ledger's append-only check, the key
// provenance) takes it once, and the verb that started it ends it when its verdict is decided.
const started = new Map<string, { probe: Promise<BaseProbe>; taken: Set<string> }>();

/**
 * Starts the probe for `root` and opens the verdict's memo of git answers (verdict-memo.ts); the
 * returned function ends both (a later question asks git again). `onHead` is told the commit HEAD
 * names as soon as the probe knows it, to start the questions about it meanwhile.
 */
export function startBaseProbe(root: string, onHead?: (head: string) => void): () => void {
  const endMemo = startVerdictMemo(root);
  const probe = probeBase(root, onHead);
  probe.catch(() => undefined);
  const slot = { probe, taken: new Set<string>() };
  started.set(root, slot);
  return () => {
    endMemo();
    if (started.get(root) === slot) started.delete(root);
  };
}

/** The started probe for `root` if `consumer` has not taken it yet, else a probe of its own. */
export function takeBaseProbe(root: string, consumer: string): Promise<BaseProbe> {
  const slot = started.get(root);
  if (slot === undefined || slot.taken.has(consumer)) return probeBase(root);
  slot.taken.add(consumer);
  return slot.probe;
}
