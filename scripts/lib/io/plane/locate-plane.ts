// Where a control plane is: `<root>/.proofgate/` for a target project, or `<root>` itself when
// `<root>/controls/manifest.yaml` exists (proofgate's own plane lives at its repo root). Apart
// from the plane reader (plane.ts), so that asking costs no YAML parser (the Stop hook asks first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PLANE_DIR, type PlaneLocation } from '../../core/plane/plane.ts';

export function locatePlane(root: string): PlaneLocation | undefined {
  const nested = join(root, DEFAULT_PLANE_DIR);
  if (existsSync(join(nested, 'controls', 'manifest.yaml'))) {
    return { root, dir: nested, rel: DEFAULT_PLANE_DIR };
  }
  if (existsSync(join(root, 'controls', 'manifest.yaml'))) return { root, dir: root, rel: '' };
  return undefined;
}
