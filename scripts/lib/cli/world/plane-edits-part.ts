// The plane's writes (core/world/plane-port.ts PlaneEditPort), for the verbs that make or change
// a plane: init, adopt, authority, keys, render; apart from the world, as no verdict writes one.
import type { WorldExtras } from '../../core/world/world.ts';
import { loadCatalog } from '../../io/catalog.ts';
import { appendAuthority, markAuthorityRetired } from '../../io/manifest-authorities.ts';
import { addKeyToManifest } from '../../io/manifest-keys.ts';
import { applyMaturityRaise } from '../../io/manifest-maturity.ts';
import { replacePlaneFiles } from '../../io/replace-plane-files.ts';
import {
  createPlaneDir,
  findOutdated,
  randomLedgerId,
  readTextFile,
  replaceFile,
  writeDerivedFiles,
} from '../../io/write-plane.ts';

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
