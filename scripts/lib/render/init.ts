// Human output of `proofgate init`: the verdict first, then what was chosen and the next step.
import type { InitPlaneResult } from '../flows/plane/init-flow.ts';

export type InitResult = { mode: 'template'; template: string } | InitPlaneResult;

export function renderInit(result: InitResult): string {
  if (result.mode === 'template') return result.template;
  const where = result.plane === '' ? 'the repository root' : `${result.plane}/`;
  const controls = result.registry.controls;
  const slots = controls.filter((c) => c.execution.type === 'slot').map((c) => c.id);
  const lines =
    result.replaced !== undefined
      ? replacedLines(result.replaced, where)
      : result.mode === 'created'
        ? [
            `init: created the control plane in ${where} with ${controls.length} controls (ledger ${result.manifest.ledger_id}); no command was adopted`,
          ]
        : result.mode === 'raised'
          ? [
              `init: raised the target maturity of the plane in ${where} from ${result.raised?.from ?? '?'} to ${result.raised?.to ?? '?'}; controls required from the new level now count (TODO until run), nothing recorded was rewritten`,
            ]
          : [
              `init: the plane in ${where} already has this profile; ${result.written.length === 0 ? 'nothing changed' : `only ${result.written.length} derived file(s) were re-rendered`}`,
            ];
  lines.push(
    '',
    `controls: ${controls.map((c) => `${c.id} (${c.execution.type})`).join(', ') || '(none)'}`,
  );
  if (result.written.length > 0) lines.push(`written: ${result.written.join(', ')}`);
  if (result.alsoChanged !== undefined)
    lines.push(
      `also changed: ${result.alsoChanged.join(', ')} (rendered pages kept out of prettier)`,
    );
  for (const p of result.packaging)
    lines.push(`package: ${p.file}${p.changed ? ' (changed)' : ''}: ${p.why}`);
  if (result.profileInProject !== undefined)
    lines.push(
      `profile: ${result.profileInProject} is inside the project and git does not ignore it: ${result.plane === '' ? '' : 'init kept it out of the package, and '}its decisions are in ${result.plane === '' ? '' : `${result.plane}/`}controls/manifest.yaml now, so keep the file outside the project (or delete it), where no commit picks it up`,
    );
  lines.push(`candidates found by scan: ${result.candidates.length} (not adopted)`);
  lines.push('', 'next:');
  if (slots.length > 0)
    lines.push(
      `  - fill the slots ${slots.join(', ')} with real commands: proofgate adopt --list, then proofgate adopt <candidate> --fills <slot>, or the owner's own command: proofgate adopt --fills <slot> -- <program> <args...>; a slot that does not apply: proofgate adopt --not-applicable <slot> --rationale "<why>"`,
    );
  lines.push(
    `  - read ${result.plane === '' ? '' : `${result.plane}/`}INDEX.md, then commit the plane`,
  );
  return lines.join('\n');
}

function replacedLines(
  replaced: NonNullable<InitPlaneResult['replaced']>,
  where: string,
): string[] {
  const { predecessor } = replaced;
  return [
    `init: replaced the control plane in ${where} from sealed archive ${predecessor.archive_id} (manifest ${predecessor.digest}); the ledger continues, its history kept`,
    `predecessor note: ${replaced.entry}`,
    `carried over byte for byte: ${replaced.carried.join(', ') || '(none)'}`,
    ...(replaced.removed.length === 0 ? [] : [`removed: ${replaced.removed.join(', ')}`]),
  ];
}
