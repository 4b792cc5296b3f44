// The tree id of a commit (`git rev-parse <sha>^{tree}`): what an imported CI result is bound to.
import { runGit } from './git.ts';

export async function resolveCommitTree(root: string, commit: string): Promise<string | undefined> {
  if (!/^[0-9a-fA-F]{4,64}$/.test(commit)) return undefined;
  const result = await runGit(['rev-parse', '--verify', '--quiet', `${commit}^{tree}`], {
    cwd: root,
  });
  const tree = result.stdout.toString('utf8').trim();
  return result.code === 0 && /^[0-9a-f]{40,64}$/.test(tree) ? tree : undefined;
}
