// Human output of `proofgate authority`: the verdict first, then every authority.
import type { AuthorityFlowResult, AuthorityRow } from '../flows/audit/authority-flow.ts';

function row(a: AuthorityRow): string {
  const keys = a.keys === 0 ? 'unsigned' : `${a.keys} key(s)`;
  const retired = a.retired === undefined ? '' : `, retired ${a.retired}`;
  return `  ${a.id}  stages: ${a.stages.join(', ')}  (${keys}${retired})`;
}

export function renderAuthority(result: AuthorityFlowResult): string {
  const lines: string[] = [];
  const c = result.changed;
  if (result.action === 'add' && c !== undefined) {
    lines.push(`ADDED ${c.id} (${c.kind}) for stages ${c.stages.join(', ')} in ${result.manifest}`);
  } else if (result.action === 'retire' && c !== undefined) {
    lines.push(`RETIRED ${c.id} at ${c.retired ?? ''}: it may no longer act`);
  } else if (result.action === 'add') {
    lines.push(`UNCHANGED: already registered in ${result.manifest}`);
  } else {
    lines.push(`AUTHORITIES ${result.authorities.length} registered in ${result.manifest}`);
  }
  lines.push(...result.authorities.map(row));
  if (result.action !== 'list' && c !== undefined)
    lines.push(
      '',
      'next:',
      '  - commit controls/manifest.yaml (the registration is the owner’s decision)',
    );
  return lines.join('\n');
}
