// Requirement files referenced by `proofgate knowledge sync --requirements`: human-owned YAML, checked
// structurally with every problem reported at once.
import { ConfigError } from '../errors.ts';
import { MATURITY_LEVELS } from '../plane/types.ts';
import type { RequirementFile } from './build-requirement-graph.ts';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9][\w.-]*$/.test(v);

export function parseRequirementFile(value: unknown, shownAs: string): RequirementFile {
  const problems: string[] = [];
  const doc = isObject(value) ? value : {};
  if (!isObject(value)) problems.push(`${shownAs}: expected a mapping with requirements and risks`);
  const list = (key: string): unknown[] => {
    const v = doc[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) problems.push(`${shownAs}:/${key}: must be a list`);
    return Array.isArray(v) ? v : [];
  };
  const requirements = list('requirements');
  const risks = list('risks');
  requirements.forEach((r, i) => {
    const at = `${shownAs}:/requirements/${i}`;
    if (!isObject(r) || !isId(r['id'])) return void problems.push(`${at}/id: must be an id`);
    if (r['risks'] !== undefined && !(Array.isArray(r['risks']) && r['risks'].every(isId)))
      problems.push(`${at}/risks: must be a list of ids`);
    if (
      r['maturity'] !== undefined &&
      !(MATURITY_LEVELS as readonly unknown[]).includes(r['maturity'])
    ) {
      problems.push(`${at}/maturity: one of ${MATURITY_LEVELS.join(', ')}`);
    }
  });
  risks.forEach((r, i) => {
    if (!isObject(r) || !isId(r['id'])) problems.push(`${shownAs}:/risks/${i}/id: must be an id`);
  });
  if (problems.length > 0) {
    throw new ConfigError('SCHEMA_INVALID', `${shownAs} is not a requirement file`, {
      where: shownAs,
      problems,
      next: 'fix the listed fields; see references/knowledge.md#traceability-pure-core-buildrequirementgraph',
    });
  }
  return { requirements, risks } as RequirementFile;
}
