// `proofgate sync`: derives the traceability graph (requirement → risk → control → test →
// evidence → outcome) from the registry and requirement files, writes it to
// `<plane>/knowledge/trace-graph.json` (derived, never hand-edited) and reports the gaps that
// block claims at the project's target maturity.
import { join, relative, resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { buildTraceGraph, gapsBlockingAt } from './lib/core/knowledge/build-trace-graph.ts';
import type {
  TraceEvidence,
  TraceGap,
  TraceGraph,
} from './lib/core/knowledge/build-trace-graph.ts';
import { parseRequirementFile } from './lib/core/knowledge/parse-requirements.ts';
import type { Maturity } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { CommonOptions } from './lib/cli/define-verb.ts';
import { findGitRoot } from './lib/io/git.ts';
import { writeFileWhole } from './lib/io/knowledge-store.ts';
import { loadPlane, readYamlFile } from './lib/io/plane.ts';
import { readControlEvidence } from './lib/flows/knowledge-sources.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderSync } from './lib/render/knowledge.ts';

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
  gaps: TraceGap[];
  /** Gaps that block claims at the target maturity. */
  blocking: TraceGap[];
}

/** Supplies ledger results per control; the integrator wires the ledger reader here. */
export type EvidenceSource = (root: string) => Promise<TraceEvidence[] | undefined>;

export const sync = defineVerb<SyncOptions, SyncResult>({
  name: 'sync',
  describe: 'Derive the traceability graph and report chains that stop short',
  examples: [
    ['proofgate sync', 'write <plane>/knowledge/trace-graph.json and list the gaps'],
    ['proofgate sync --requirements docs/requirements.yaml --dry-run', 'check without writing'],
  ],
  builder: (y) =>
    y
      .option('requirements', {
        type: 'string',
        array: true,
        describe: 'requirement file (YAML; repeatable)',
      })
      .option('dry-run', {
        type: 'boolean',
        default: false,
        describe: 'report only, write nothing',
      }),
  toOptions: (argv, common) => ({
    ...common,
    requirements: (Array.isArray(argv['requirements']) ? argv['requirements'] : []).map(String),
    isDryRun: argv['dry-run'] === true,
  }),
  run: (options, ctx) => runSync(options, ctx, (root) => readControlEvidence(root, ctx)),
  render: renderSync,
  exitCode: (r) => (r.blocking.length > 0 ? 1 : 0),
});

export async function runSync(
  options: SyncOptions,
  ctx: Context,
  readEvidence: EvidenceSource = () => Promise.resolve(undefined),
): Promise<SyncResult> {
  const root = options.root ?? (await findGitRoot(ctx.cwd));
  const plane = loadPlane(root);
  const files = options.requirements.map((p) => {
    const shown = relative(root, resolve(root, p)).split('\\').join('/');
    return parseRequirementFile(readYamlFile(resolve(root, p), shown), shown);
  });
  const graph = buildTraceGraph(plane.registry, files, await readEvidence(root));
  const targetMaturity = plane.manifest.profile.target_maturity;
  const path = join(plane.dir, 'knowledge', 'trace-graph.json');
  if (!options.isDryRun) await writeFileWhole(path, serializeGraph(graph));
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

function serializeGraph(graph: TraceGraph): string {
  const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);
  const doc = {
    derived: 'written by "proofgate sync"; never hand-edited',
    nodes: [...graph.nodes].sort(byId),
    edges: [...graph.edges].sort(
      (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
    gaps: graph.gaps,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

runIfMain(import.meta.url, sync);
