// sync: builds the requirement-control-evidence graph and writes it.
import { join, relative, resolve } from 'node:path';
import {
  buildRequirementGraph,
  gapsBlockingAt,
} from '../../core/knowledge/build-requirement-graph.ts';
import type {
  RequirementEvidence,
  RequirementGap,
  RequirementGraph,
} from '../../core/knowledge/build-requirement-graph.ts';
import { parseRequirementFile } from '../../core/knowledge/parse-requirements.ts';
import type { Maturity } from '../../core/plane/types.ts';
import type { World, WorldExtras } from '../../core/world/world.ts';
import { ConfigError } from '../../core/errors.ts';
import type { CommonOptions } from '../../core/options.ts';

export interface SyncOptions extends CommonOptions {
  requirements: string[];
  /** Compute and report only; write nothing. */
  isDryRun: boolean;
}

export interface SyncResult {
  /** Repository-relative path of the derived graph. */
  file: string;
  isWritten: boolean;
  targetMaturity: Maturity;
  nodes: number;
  edges: number;
  gaps: RequirementGap[];
  /** Gaps that block claims at the target maturity. */
  blocking: RequirementGap[];
}

export type EvidenceSource = (root: string) => Promise<RequirementEvidence[] | undefined>;

export async function syncFlow(
  options: SyncOptions,
  world: World & Pick<WorldExtras, 'knowledge'>,
  readEvidence: EvidenceSource = () => Promise.resolve(undefined),
): Promise<SyncResult> {
  const { planeFiles, knowledge } = world;
  const root = await world.resolveRoot(options.root);
  const plane = planeFiles.loadPlane(root);
  // The manifest's requirement files by default, then any given with --requirements.
  const given = options.requirements.map((p) =>
    relative(root, resolve(root, p)).split('\\').join('/'),
  );
  const paths = [...new Set([...(plane.manifest.requirement_files ?? []), ...given])];
  const texts = await planeFiles.readRequirementTexts(root, paths);
  const files = paths.map((shown) => {
    const text = texts.get(shown);
    if (text === undefined) {
      throw new ConfigError('SCHEMA_INVALID', `requirement file ${shown} is not there`, {
        where: shown,
        expected: 'a requirement file (YAML with requirements and risks)',
        next: `restore ${shown}, or unlist it from requirement_files in the manifest`,
      });
    }
    return parseRequirementFile(planeFiles.parseYamlText(text, shown), shown);
  });
  const graph = buildRequirementGraph(plane.registry, files, await readEvidence(root));
  const targetMaturity = plane.manifest.profile.target_maturity;
  const path = join(plane.dir, 'knowledge', 'trace-graph.json');
  if (!options.isDryRun) await knowledge.writeFileWhole(path, serializeGraph(graph));
  return {
    file: relative(root, path).split('\\').join('/'),
    isWritten: !options.isDryRun,
    targetMaturity,
    nodes: graph.nodes.length,
    edges: graph.edges.length,
    gaps: graph.gaps,
    blocking: gapsBlockingAt(graph.gaps, targetMaturity),
  };
}

function serializeGraph(graph: RequirementGraph): string {
  const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);
  const doc = {
    derived: 'written by "proofgate knowledge sync"; never hand-edited',
    nodes: [...graph.nodes].sort(byId),
    edges: [...graph.edges].sort(
      (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
    gaps: graph.gaps,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
