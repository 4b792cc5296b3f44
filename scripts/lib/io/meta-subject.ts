// The subject binding of the ledger's own bookkeeping entries (key, seal, torn-line repair notes).
// They judge no code, so they bind to HEAD's tree (the empty tree before the first commit) plus
// the manifest and registry digests, instead of hashing the working tree.
import { digestJson } from '../core/hash.ts';
import type { SubjectBinding } from '../core/ledger/types.ts';
import { gitObjectId, runGit } from './git.ts';
import type { Plane } from '../core/plane/plane.ts';

export async function readMetaSubject(plane: Plane): Promise<SubjectBinding> {
  const head = await runGit(['rev-parse', '-q', '--verify', 'HEAD^{tree}'], { cwd: plane.root });
  let tree = head.stdout.toString('utf8').trim();
  if (head.code !== 0 || tree === '') {
    const format = await runGit(['rev-parse', '--show-object-format'], { cwd: plane.root });
    const sha256 = format.stdout.toString('utf8').trim() === 'sha256';
    tree = gitObjectId('tree', new Uint8Array(0), sha256 ? 'sha256' : 'sha1');
  }
  return { tree, manifest: digestJson(plane.manifest), registry: digestJson(plane.registry) };
}
