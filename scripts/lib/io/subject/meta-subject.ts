// The subject binding of the ledger's own bookkeeping entries (key, seal, torn-line repair notes).
// They judge no code, so they bind to HEAD's tree (the empty tree before the first commit) plus
// the manifest and registry digests, instead of hashing the working tree.
import { digestJson } from '../../core/hash.ts';
import type { SubjectBinding } from '../../core/ledger/types.ts';
import { gitObjectId, headTree, objectFormat } from '../git.ts';
import type { Plane } from '../../core/plane/plane.ts';

export async function readMetaSubject(plane: Plane): Promise<SubjectBinding> {
  const tree =
    (await headTree(plane.root)) ??
    gitObjectId('tree', new Uint8Array(0), await objectFormat(plane.root));
  return { tree, manifest: digestJson(plane.manifest), registry: digestJson(plane.registry) };
}
