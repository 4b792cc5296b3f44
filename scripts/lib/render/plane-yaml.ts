// The human-owned sources as YAML text: a header comment that says what the file is and how it is
// checked, then the value. Deterministic, so re-running init with the same profile is idempotent.
import { Document } from 'yaml';
import type { Manifest, Registry } from '../core/plane/types.ts';

function toYaml(value: unknown, header: string): string {
  const doc = new Document(value);
  doc.commentBefore = header;
  return doc.toString({ lineWidth: 0 });
}

export function renderManifestYaml(manifest: Manifest): string {
  return toYaml(
    manifest,
    [
      " proofgate manifest: the owner's decisions, authorities and policies (human-owned).",
      ' Checked against controls/schema/manifest.schema.json by every command; after editing,',
      ' run "proofgate init --render". The ledger_id is fixed: every ledger entry carries it.',
    ].join('\n'),
  );
}

export function renderRegistryYaml(registry: Registry): string {
  return toYaml(
    registry,
    [
      ' proofgate registry: the controls (human-owned). Checked against',
      ' controls/schema/registry.schema.json. A slot stays TODO until "proofgate adopt <candidate>',
      ' --fills <id>" puts a real command in it; never write a command that does not exist.',
    ].join('\n'),
  );
}
