// The real-I/O wiring of `proofgate authority keys`: the project root and the private key
// directory ($PROOFGATE_KEY_DIR or the default outside the repository), the gate world that
// verifies the ledger before a key entry is appended, then the keys flow.
import type { Context } from '../../core/context.ts';
import { keysFlow, type KeysOptions, type KeysReport } from '../../flows/audit/keys-flow.ts';
import { keyDir } from '../../io/keys/keys.ts';
import { openWorld } from '../world/open-world.ts';
import { REPO_PART } from '../world/repo-part.ts';
import { PLANE_EDITS_PART } from '../world/plane-edits-part.ts';

export async function runKeys(options: KeysOptions, ctx: Context): Promise<KeysReport> {
  const { action, authorityId, ifMissing } = options;
  // The whole ledger is verified before a key is made (an uncommitted edit inside a checkpoint's
  // covered prefix too): keys are registered rarely, so the full read is affordable here.
  const gate = openWorld(ctx, {}, { ...REPO_PART, ...PLANE_EDITS_PART });
  const root = await gate.resolveRoot(options.root);
  return keysFlow({ action, authorityId, ifMissing }, root, keyDir(ctx.env, root), ctx, gate);
}
