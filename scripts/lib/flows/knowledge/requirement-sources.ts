// The requirement files a verdict is decided with. The files are agent-writable, so under a base
// the base's manifest lists them and the base commit's contents decide: deleting, emptying or
// unlisting one in the working tree changes nothing until it is merged. A file only the working
// tree lists is read from the working tree (it can only add requirements). Every listed file that
// is missing, empty or malformed is a problem, and every problem blocks the claim.
import { ConfigError } from '../../core/errors.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { RequirementFile } from '../../core/knowledge/build-requirement-graph.ts';
import { parseRequirementFile } from '../../core/knowledge/parse-requirements.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { RequirementSources } from '../../core/verdict/decide-verdict.ts';
import type { World } from '../../core/world/world.ts';

interface Listed {
  path: string;
  /** How messages name it: `<base>:<path>` for the base's copy, the path for the working tree's. */
  shown: string;
  text: string | undefined;
}

/** The listed requirement files, read where the deciding rules say, parsed, with every problem. */
export async function readRequirementSources(
  working: Plane,
  base: BaseRules | undefined,
  { planeFiles }: Pick<World, 'planeFiles'>,
): Promise<RequirementSources> {
  const atBase = base?.plane === undefined ? undefined : { ...base, plane: base.plane };
  const trusted = atBase?.plane.manifest.requirement_files ?? [];
  const own = (working.manifest.requirement_files ?? []).filter((p) => !trusted.includes(p));
  const listed: Listed[] = [];
  if (atBase !== undefined && trusted.length > 0) {
    const texts = await planeFiles.readRequirementTexts(working.root, trusted, atBase.commit);
    for (const path of trusted) {
      listed.push({ path, shown: `${atBase.base}:${path}`, text: texts.get(path) });
    }
  }
  if (own.length > 0) {
    const texts = await planeFiles.readRequirementTexts(working.root, own);
    for (const path of own) listed.push({ path, shown: path, text: texts.get(path) });
  }
  const files: RequirementFile[] = [];
  const problems: RequirementSources['problems'] = [];
  for (const item of listed) {
    const parsed = parseListed(item, planeFiles);
    if ('reason' in parsed) problems.push({ file: item.shown, reason: parsed.reason });
    else files.push(parsed.file);
  }
  return { files, problems };
}

function parseListed(
  item: Listed,
  planeFiles: World['planeFiles'],
): { file: RequirementFile } | { reason: string } {
  if (item.text === undefined) {
    return { reason: 'listed in requirement_files but not there' };
  }
  try {
    const file = parseRequirementFile(planeFiles.parseYamlText(item.text, item.shown), item.shown);
    if ((file.requirements ?? []).length === 0) {
      return {
        reason:
          'lists no requirement: a listed file names at least one (unlist it in the manifest instead of emptying it)',
      };
    }
    return { file };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const detail = error.problems.length > 0 ? `: ${error.problems.join('; ')}` : '';
    return { reason: `${error.message}${detail}` };
  }
}
