// `proofgate init --render`: INDEX.md and docs/*.md rendered from the manifest and registry, and
// written when they changed (or, with `check`, only listed when out of date). No run state is read,
// so it never stales evidence.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { renderPlaneFiles } from '../../render/plane-docs.ts';

export interface RenderResult {
  check: boolean;
  /** Plane directory relative to the root. */
  plane: string;
  /** Derived files written (render) or out of date (render --check). */
  files: string[];
}

export function renderPlaneFlow(
  root: string,
  check: boolean,
  { planeFiles, planeEdits }: Pick<World, 'planeFiles'> & Pick<WorldExtras, 'planeEdits'>,
): RenderResult {
  const plane = planeFiles.loadPlane(root);
  const files = renderPlaneFiles(plane.manifest, plane.registry);
  const changed = check
    ? planeEdits.findOutdated(plane.dir, files)
    : planeEdits.writeDerivedFiles(plane.dir, files);
  return { check, plane: plane.rel, files: changed };
}
