// What `proofgate install --skill` prints: the verdict, each agent's folder and counts, and the
// packaging and formatter files changed.
import type { SkillResult } from '../flows/hook/skill-install-flow.ts';

export function renderSkill(result: SkillResult): string {
  const written = result.targets.reduce((n, t) => n + t.write.length, 0);
  const verdict =
    written === 0
      ? `UNCHANGED proofgate's skill is current in ${result.targets.map((t) => t.dir).join(', ')}`
      : `INSTALLED proofgate's skill (${written} file(s) written)`;
  const lines = result.targets.map(
    (t) => `  ${t.agent}: ${t.dir}/ — ${t.write.length} written, ${t.unchanged.length} unchanged`,
  );
  const packaging =
    result.packaging.length === 0
      ? []
      : [
          `  package: ${result.packaging.join(', ')} now leave the skill folders out of the package`,
        ];
  const formatting = result.formatting.map(
    (file) => `  format: ${file} now leaves the skill folders to proofgate`,
  );
  return [
    verdict,
    ...lines,
    ...packaging,
    ...formatting,
    '  Run the verbs as npx proofgate <verb> (proofgate as a devDependency).',
  ].join('\n');
}
