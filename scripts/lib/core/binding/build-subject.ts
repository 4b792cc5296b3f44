// Pure assembly of subject bindings (references/bindings.md). The git work
// that yields the tree id and the input listings lives in scripts/lib/io/subject.ts.
import { digestJson, sha256Hex } from '../hash.ts';
import type { SubjectBinding } from '../ledger/types.ts';
import type { Control, Manifest, Registry } from '../plane/types.ts';
import { assertGlobs } from './pathspec.ts';

/** The plane's own storage: evidence and knowledge never count as what was judged. */
export function listStoragePrefixes(planeRel: string): string[] {
  const base = planeRel === '' ? '' : `${planeRel.replace(/\/+$/, '')}/`;
  return [`${base}evidence/`, `${base}knowledge/`];
}

/**
 * Everything the subject tree leaves out: the storage prefixes plus the declared `outputs` of
 * every control in the registry, so that the tree is the same whichever control is being judged.
 */
export function listSubjectExcludes(planeRel: string, registry: Registry): string[] {
  const outputs = registry.controls.flatMap((control) => {
    const globs = control.outputs ?? [];
    assertGlobs(globs, `control ${control.id} outputs`);
    return globs;
  });
  return [...new Set([...listStoragePrefixes(planeRel), ...outputs])].sort();
}

export interface SubjectBase {
  tree: string;
  manifest: Manifest;
  registry: Registry;
}

/** The binding for entries not about one control (claims, seals, notes). */
export function buildSubject(base: SubjectBase): SubjectBinding {
  return {
    tree: base.tree,
    manifest: digestJson(base.manifest),
    registry: digestJson(base.registry),
  };
}

/** The binding of one control; `inputsListing` is present exactly when the control has inputs. */
export function buildControlSubject(
  base: SubjectBinding,
  control: Control,
  inputsListing?: Uint8Array,
): SubjectBinding {
  const subject: SubjectBinding = { ...base, control: digestJson(control) };
  return inputsListing === undefined
    ? subject
    : { ...subject, inputs: digestInputsListing(inputsListing) };
}

/** sha256 of the exact bytes of `git ls-files -s -z` over the inputs (mode, blob id, stage, path). */
export function digestInputsListing(listing: Uint8Array): string {
  return sha256Hex(listing);
}

export function hasInputs(control: Control): control is Control & { inputs: string[] } {
  return control.inputs !== undefined && control.inputs.length > 0;
}
