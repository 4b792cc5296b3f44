// Text for `proofgate campaign import-ci`: the status first, then what it is bound to or what to run.
import type { CiImportResult } from '../flows/ledger/ci-import-flow.ts';

export function renderCiImport(r: CiImportResult): string {
  const lines = [`${r.status} [ci ${r.workflow}, tier ${r.tier}] ${r.reason}`];
  if (r.tree !== undefined)
    lines.push(`  bound to commit ${r.commit} (tree ${r.tree.slice(0, 12)})`);
  if (r.entry !== undefined) lines.push(`  entry ${r.entry.slice(0, 12)}`);
  if (r.tier === 'observe')
    lines.push('  observe: recorded as evidence, never required, never satisfies a claim');
  for (const step of r.next ?? []) lines.push(`  next: ${step}`);
  return `${lines.join('\n')}\n`;
}
