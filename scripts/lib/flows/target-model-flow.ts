// The target model kept in the plane's knowledge: `scan` refreshes
// `<plane>/knowledge/target-model.json` on every run when a plane exists, and `explore` reads it
// when no `--target-model` file is given. Outside every subject binding, like all knowledge.
import { join } from 'node:path';
import { buildTargetModel } from '../core/knowledge/target-model.ts';
import type { TargetModel } from '../core/knowledge/target-model.ts';
import type { KnowledgeIO } from '../core/ports.ts';
import type { ScanResult } from '../core/scan/types.ts';
import { readJsonFile, writeFileWhole } from '../io/knowledge-store.ts';
import { locatePlane } from '../io/locate-plane.ts';
import { loadPlane } from '../io/plane.ts';

export const TARGET_MODEL_FILE = 'target-model.json';

export type PersistedModel =
  { written: string; model: TargetModel } | { skipped: string } | undefined;

/** Writes the model when `root` has a plane; a plane that does not load is named, not fatal. */
export async function persistTargetModel(root: string, scan: ScanResult): Promise<PersistedModel> {
  const located = locatePlane(root);
  if (located === undefined) return undefined;
  let profile;
  try {
    profile = loadPlane(root).manifest.profile;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { skipped: `the plane does not load (${why}); the target model was not refreshed` };
  }
  const model = buildTargetModel(scan, profile);
  const rel = [located.rel, 'knowledge', TARGET_MODEL_FILE].filter((p) => p !== '').join('/');
  await writeFileWhole(
    join(located.dir, 'knowledge', TARGET_MODEL_FILE),
    `${JSON.stringify(model, null, 2)}\n`,
  );
  return { written: rel, model };
}

/** The persisted model of the plane, when scan has written one. */
export async function readPersistedModel(store: KnowledgeIO): Promise<unknown> {
  const rel = [store.planeRel, 'knowledge', TARGET_MODEL_FILE].filter((p) => p !== '').join('/');
  if ((await store.pathKind(rel)) !== 'file') return undefined;
  return readJsonFile(join(store.dir, TARGET_MODEL_FILE), rel);
}
