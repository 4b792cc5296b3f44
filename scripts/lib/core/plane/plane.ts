// A control plane as the flows see it: where it lives and its validated manifest and registry.
// Reading one from disk is io/plane/plane.ts's job; this is only the shape.
import type { Manifest, Registry } from './types.ts';

export const DEFAULT_PLANE_DIR = '.proofgate';

export interface PlaneLocation {
  root: string;
  /** Absolute plane directory. */
  dir: string;
  /** Plane directory relative to root, POSIX separators; '' when the plane is the root itself. */
  rel: string;
}

/** The ledger directory relative to the plane's root, POSIX separators. */
export function ledgerRel(plane: PlaneLocation): string {
  return [plane.rel, 'evidence', 'ledger'].filter((p) => p !== '').join('/');
}

export interface Plane extends PlaneLocation {
  manifest: Manifest;
  registry: Registry;
  manifestPath: string;
  registryPath: string;
}
