// `proofgate scan`: the read-only inventory of the repository, plus the target model refreshed in
// the plane's knowledge when the repository has a plane. Runs nothing; adopts nothing.
import type { ScanResult } from '../../core/scan/types.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import { persistTargetModel } from './target-model-flow.ts';

/** The inventory, plus where the target model was kept when the repository has a plane. */
export type ScanFlowResult = ScanResult & {
  target_model?: { written: string } | { skipped: string };
};

export async function scanFlow(
  root: string,
  world: World & Pick<WorldExtras, 'knowledge' | 'repo'>,
): Promise<ScanFlowResult> {
  const scanned = await world.repo.scanRepository(root);
  const persisted = await persistTargetModel(root, scanned, world);
  if (persisted === undefined) return scanned;
  return {
    ...scanned,
    target_model: 'written' in persisted ? { written: persisted.written } : persisted,
  };
}
