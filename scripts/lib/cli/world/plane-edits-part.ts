// The plane's writes (core/world/plane-port.ts PlaneEditPort), for the verbs that make or change
// a plane: init, adopt, authority, keys, render; apart from the world, as no verdict writes one.
import type { WorldExtras } from '../../core/world/world.ts';
import { loadCatalog } from '../../io/plane/catalog.ts';
import { appendAuthority, markAuthorityRetired } from '../../io/keys/manifest-authorities.ts';
import { addKeyToManifest } from '../../io/keys/manifest-keys.ts';
import { applyMaturityRaise } from '../../io/plane/manifest-maturity.ts';
import { replacePlaneFiles } from '../../io/plane/replace-plane-files.ts';
import {
  createPlaneDir,
  findOutdated,
  randomLedgerId,
  readTextFile,
  replaceFile,
  writeDerivedFiles,
} from '../../io/plane/write-plane.ts';

export const PLANE_EDITS_PART: Pick<WorldExtras, 'planeEdits'> = {
  planeEdits: {
    readTextFile,
    replaceFile,
    createPlaneDir,
    randomLedgerId,
    writeDerivedFiles,
    findOutdated,
    loadCatalog,
    applyMaturityRaise,
    appendAuthority,
    markAuthorityRetired,
    addKeyToManifest,
    replacePlaneFiles,
  },
};
