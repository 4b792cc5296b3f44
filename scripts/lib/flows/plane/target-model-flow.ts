// The target model kept in the plane's knowledge: `scan` refreshes
// `<plane>/knowledge/target-model.json` on every run when a plane exists, and `explore` reads it
// when no `--target-model` file is given. Outside every subject binding, like all knowledge.
import { join } from 'node:path';
import { buildTargetModel } from '../../core/knowledge/target-model.ts';
import type { TargetModel } from '../../core/knowledge/target-model.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import type { ScanResult } from '../../core/scan/types.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import type { KnowledgePort } from '../../core/world/knowledge-port.ts';

export const TARGET_MODEL_FILE = 'target-model.json';

export type PersistedModel =
  { written: string; model: TargetModel } | { skipped: string } | undefined;

/** Writes the model when `root` has a plane; a plane that does not load is named, not fatal. */
export async function persistTargetModel(
  root: string,
  scan: ScanResult,
  { planeFiles, knowledge }: Pick<World, 'planeFiles'> & Pick<WorldExtras, 'knowledge'>,
): Promise<PersistedModel> {
  const located = planeFiles.locatePlane(root);
  if (located === undefined) return undefined;
  let profile;
  try {
    profile = planeFiles.loadPlane(root).manifest.profile;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { skipped: `the plane does not load (${why}); the target model was not refreshed` };
  }
  const model = buildTargetModel(scan, profile);
  const rel = [located.rel, 'knowledge', TARGET_MODEL_FILE].filter((p) => p !== '').join('/');
  await knowledge.writeFileWhole(
    join(located.dir, 'knowledge', TARGET_MODEL_FILE),
    `${JSON.stringify(model, null, 2)}\n`,
  );
  return { written: rel, model };
}

/** The persisted model of the plane, when scan has written one. */
export async function readPersistedModel(
  store: KnowledgeIO,
  knowledge: Pick<KnowledgePort, 'readJsonFile'>,
): Promise<unknown> {
  const rel = [store.planeRel, 'knowledge', TARGET_MODEL_FILE].filter((p) => p !== '').join('/');
  if ((await store.pathKind(rel)) !== 'file') return undefined;
  return knowledge.readJsonFile(join(store.dir, TARGET_MODEL_FILE), rel);
}
