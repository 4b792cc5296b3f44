// `proofgate init --render`: INDEX.md and docs/*.md rendered from the manifest and registry, and
// written when they changed (or, with `check`, only listed when out of date). No run state is read,
// so it never stales evidence.
import { loadPlane } from '../io/plane.ts';
import { findOutdated, writeDerivedFiles } from '../io/write-plane.ts';
import { renderPlaneFiles } from '../render/plane-docs.ts';

export interface RenderResult {
  check: boolean;
  /** Plane directory relative to the root. */
  plane: string;
  /** Derived files written (render) or out of date (render --check). */
  files: string[];
}

export function renderPlaneFlow(root: string, check: boolean): RenderResult {
  const plane = loadPlane(root);
  const files = renderPlaneFiles(plane.manifest, plane.registry);
  const changed = check ? findOutdated(plane.dir, files) : writeDerivedFiles(plane.dir, files);
  return { check, plane: plane.rel, files: changed };
}
