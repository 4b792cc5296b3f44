// `policies.unmapped_instructions`: an agent instruction file recorded in the manifest
// (`instruction_sources`) that no control is mapped to either warns on every claim (warn, the
// default) or refuses every claim naming the file (block), until an owner maps it.
import type { Manifest } from '../../plane/types.ts';
import type { ClaimBlocker } from './decide-claim.ts';

export interface InstructionPolicy {
  warnings: string[];
  blockers: ClaimBlocker[];
}

const NEXT =
  'map it: add "mapped_to: [<control id>]" to its instruction_sources entry in controls/manifest.yaml (a human owner decides which control enforces it)';

export function unmappedInstructions(manifest: Manifest): InstructionPolicy {
  const unmapped = (manifest.instruction_sources ?? []).filter(
    (s) => (s.mapped_to ?? []).length === 0,
  );
  if (manifest.policies.unmapped_instructions === 'block') {
    return {
      warnings: [],
      blockers: unmapped.map((s) => ({
        control: `instructions:${s.path}`,
        stage: 'self',
        status: 'TODO',
        reason: `agent instruction file ${s.path} is not mapped to any control (unmapped_instructions: block)`,
        next: NEXT,
      })),
    };
  }
  return {
    warnings: unmapped.map(
      (s) =>
        `agent instruction file ${s.path} is not mapped to any control (unmapped_instructions: warn); ${NEXT}`,
    ),
    blockers: [],
  };
}
