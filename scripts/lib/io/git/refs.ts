// Commits and refs: what a name resolves to, the branch and its upstream, fork points and
// ancestry, the repository's object format, and every branch and remote-tracking ref at once.
import type { ObjectFormat } from './objects.ts';
import { REFS_ARGS } from './first-questions.ts';
import { runGit } from './run-git.ts';

/** Trimmed stdout when git exits 0 with some output, else undefined. */
async function answer(root: string, args: readonly string[]): Promise<string | undefined> {
  const result = await runGit(args, { cwd: root });
  const out = result.stdout.toString('utf8').trim();
  return result.code === 0 && out !== '' ? out : undefined;
}

/** The full commit id `ref` names, or undefined when it names no commit (or looks like an option). */
export function resolveCommit(root: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return Promise.resolve(undefined);
  return answer(root, ['rev-parse', '-q', '--verify', `${ref}^{commit}`]);
}

/** The object id HEAD names, or undefined before the first commit. */
export function resolveHead(root: string): Promise<string | undefined> {
  return answer(root, ['rev-parse', '--verify', '-q', 'HEAD']);
}

/** The id of HEAD's tree, or undefined before the first commit. */
export function headTree(root: string): Promise<string | undefined> {
  return answer(root, ['rev-parse', '-q', '--verify', 'HEAD^{tree}']);
}

/** The commit the current branch's upstream names, or undefined without one. */
export function resolveUpstream(root: string): Promise<string | undefined> {
  return answer(root, ['rev-parse', '-q', '--verify', '@{upstream}^{commit}']);
}

/** The repository's object format; sha1 unless git says sha256. */
export async function objectFormat(root: string): Promise<ObjectFormat> {
  const shown = await runGit(['rev-parse', '--show-object-format'], { cwd: root });
  return shown.stdout.toString('utf8').trim() === 'sha256' ? 'sha256' : 'sha1';
}

/**
 * The commit `ref` names and the repository's object format, from one process; undefined when
 * `ref` names no commit (or looks like an option).
 */
export async function resolveCommitAndFormat(
  root: string,
  ref: string,
): Promise<{ commit: string; objectFormat: ObjectFormat } | undefined> {
  if (ref.startsWith('-')) return undefined;
  const resolved = await runGit(
    ['rev-parse', '--show-object-format', '-q', '--verify', `${ref}^{commit}`],
    { cwd: root },
  );
  const [format = '', commit = ''] = resolved.stdout.toString('utf8').trim().split('\n');
  if (resolved.code !== 0 || commit === '') return undefined;
  return { commit, objectFormat: format.trim() === 'sha256' ? 'sha256' : 'sha1' };
}

/** The merge base of HEAD and `ref` (their fork point), or undefined when they share none. */
export function forkPoint(root: string, ref: string): Promise<string | undefined> {
  return answer(root, ['merge-base', 'HEAD', ref]);
}

/** Whether commit `ancestor` is reachable from `descendant`. */
export async function isAncestor(
  root: string,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  const merged = await runGit(['merge-base', '--is-ancestor', ancestor, descendant], {
    cwd: root,
  });
  return merged.code === 0;
}

/** The current branch's short name, or undefined when HEAD is detached. */
export async function currentBranch(root: string): Promise<string | undefined> {
  const head = await runGit(['symbolic-ref', '--short', '-q', 'HEAD'], { cwd: root });
  const branch = head.code === 0 ? head.stdout.toString('utf8').trim() : undefined;
  return branch === '' ? undefined : branch;
}

/** Whether HEAD is a branch with no commit yet (a fresh repository), asked only when HEAD fails. */
export async function isUnbornBranch(root: string): Promise<boolean> {
  const head = await runGit(['rev-parse', '-q', '--verify', 'HEAD'], { cwd: root });
  const symbolic = await runGit(['symbolic-ref', '-q', 'HEAD'], { cwd: root });
  return head.code !== 0 && symbolic.code === 0;
}

/** One branch or remote-tracking ref, as `git for-each-ref` lists it. */
export interface ListedRef {
  /** Whether HEAD is this branch. */
  head: boolean;
  /** Its upstream's full name and the short name `--abbrev-ref @{upstream}` gives ('' if none). */
  upstream: string;
  upstreamShort: string;
  /** The ref a symbolic ref points at, full and short ('' when not symbolic). */
  symref: string;
  symrefShort: string;
  short: string;
  /** The commit the ref names, when the listing says so directly; else rev-parse decides. */
  commit: string | undefined;
  /** The remote of its upstream (`branch.<name>.remote`; '.' for a local branch; '' if none). */
  upstreamRemote: string;
}

/** Every branch and remote-tracking ref by full name, from one process; undefined if git fails. */
export async function listRefs(root: string): Promise<Map<string, ListedRef> | undefined> {
  const result = await runGit(REFS_ARGS, { cwd: root });
  if (result.code !== 0) return undefined;
  const refs = new Map<string, ListedRef>();
  for (const line of result.stdout.toString('utf8').split('\n')) {
    const [head, name, upstream, upstreamShort, symref, symrefShort, short, type, object, remote] =
      line.split('\0');
    if (name === undefined || name === '' || object === undefined) continue;
    refs.set(name, {
      head: head === '*',
      upstream: upstream ?? '',
      upstreamShort: upstreamShort ?? '',
      symref: symref ?? '',
      symrefShort: symrefShort ?? '',
      short: short ?? '',
      commit: type === 'commit' ? object : undefined,
      upstreamRemote: remote ?? '',
    });
  }
  return refs;
}

/**
 * The URL git fetches `remote` from, as `ls-remote --get-url` gives it (after `insteadOf`
 * rewriting, without contacting it); undefined when git cannot say.
 */
export function remoteUrl(root: string, remote: string): Promise<string | undefined> {
  if (remote.startsWith('-')) return Promise.resolve(undefined);
  return answer(root, ['ls-remote', '--get-url', remote]);
}
