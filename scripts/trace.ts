// `proofgate trace check|adapt`: judge agent traces against a rule pack, or print normalized events.
import { isAbsolute, resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { VERSION } from './lib/cli/report-error.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { adaptTrace, renderEventsJsonl } from './lib/io/trace/adapt-trace.ts';
import type { AdaptResult } from './lib/io/trace/adapt-trace.ts';
import { checkTraceFiles } from './lib/flows/trace-check-flow.ts';
import { compareTraceFiles } from './lib/flows/trace-compare-flow.ts';
import { expandTraceSet } from './lib/io/trace/trace-set.ts';
import type { CompareResult } from './lib/core/trace/compare.ts';
import type { TraceCheckResult } from './lib/flows/trace-check-flow.ts';
import { toTraceOptions } from './lib/cli/trace-options.ts';
import type { TraceOptions } from './lib/cli/trace-options.ts';
import { loadPack, resolvePackFile } from './lib/io/trace/load-pack.ts';
import { findRepoRoot } from './lib/io/trace/repo-root.ts';
import { writeFileAtomic } from './lib/io/write-file-atomic.ts';
import { renderTraceJunit } from './lib/render/trace-junit.ts';
import { renderTraceMarkdown } from './lib/render/trace-markdown.ts';
import { renderTraceSarif } from './lib/render/trace-sarif.ts';
import { renderTraceCompare } from './lib/render/trace-compare.ts';
import { renderTraceCheck } from './lib/render/trace-text.ts';

export type TraceResult =
  | { action: 'check'; check: TraceCheckResult }
  | { action: 'adapt'; adapt: AdaptResult }
  | { action: 'compare'; compare: CompareResult };

export type { TraceOptions };

export const trace = defineVerb<TraceOptions, TraceResult>({
  name: 'trace',
  command: 'trace <action> [traces..]',
  describe:
    'Check agent traces against a trajectory rule pack, compare a baseline and a new set of traces, or print normalized events',
  examples: [
    [
      'proofgate trace check --pack refund session.jsonl',
      'judge a trace; exit 1 on block findings',
    ],
    ['proofgate trace adapt --adapter claude-code session.jsonl', 'print normalized events JSONL'],
    [
      'proofgate trace compare --pack controls/catalog/traces/fs-safety.yaml traces/v1 traces/v2',
      'rules whose outcome got worse from the baseline traces to the new ones; exit 1 on a regression',
    ],
  ],
  builder: (y) =>
    y
      .positional('action', {
        choices: ['check', 'adapt', 'compare'] as const,
        describe: 'check, adapt or compare',
      })
      .positional('traces', { type: 'string', array: true, describe: 'trace files' })
      .option('pack', {
        type: 'string',
        describe:
          'trace rule pack: a YAML file, or a shipped pack by name (refund, fs-safety, db-migration); required for check',
      })
      .option('adapter', {
        type: 'string',
        default: 'auto',
        describe: 'trace format, or auto to detect',
      })
      .option('fail-on', {
        choices: ['block', 'warn'] as const,
        default: 'block',
        describe: 'lowest finding level that fails (exit 1)',
      })
      .option('sarif', { type: 'string', describe: 'also write SARIF 2.1.0 to this file' })
      .option('junit', { type: 'string', describe: 'also write JUnit XML to this file' })
      .option('markdown', {
        type: 'string',
        describe: 'also write a Markdown summary to this file',
      })
      .option('alpha', {
        type: 'number',
        default: 0.05,
        describe:
          "compare: significance threshold; a rule regressed only when Fisher's exact test gives p < alpha",
      }),
  toOptions: toTraceOptions,
  run: runTrace,
  render: (r) =>
    r.action === 'check'
      ? renderTraceCheck(r.check)
      : r.action === 'compare'
        ? renderTraceCompare(r.compare)
        : renderEventsJsonl(r.adapt),
  isMachineOutput: (r) => r.action === 'adapt',
  toJson: (r) => (r.action === 'check' ? r.check : r.action === 'compare' ? r.compare : r.adapt),
  exitCode: (r) => {
    if (r.action === 'adapt') return 0;
    if (r.action === 'compare')
      return r.compare.errors.length > 0 ? 2 : r.compare.regressions.length > 0 ? 1 : 0;
    return r.check.status === 'error' ? 2 : r.check.status === 'fail' ? 1 : 0;
  },
});

export async function runTrace(options: TraceOptions, ctx: Context): Promise<TraceResult> {
  const at = (p: string): string => (isAbsolute(p) ? p : resolve(ctx.cwd, p));
  if (options.action === 'adapt') {
    const file = options.traces[0] ?? '';
    return { action: 'adapt', adapt: await adaptTrace(at(file), file, options.adapter) };
  }
  const packFile = options.pack ?? '';
  const pack = loadPack(resolvePackFile(packFile, ctx.cwd), packFile);
  if (options.action === 'compare') {
    const [baseline = '', next = ''] = options.traces;
    const compare = await compareTraceFiles(
      pack,
      expandTraceSet(baseline, ctx.cwd, 'baseline'),
      expandTraceSet(next, ctx.cwd, 'new'),
      options.adapter,
      options.alpha,
    );
    return { action: 'compare', compare };
  }
  const files = options.traces.map((t) => ({ path: at(t), shownAs: t }));
  const check = await checkTraceFiles(pack, packFile, files, options.adapter, options.failOn);
  if (options.sarif !== undefined) {
    const places = { root: findRepoRoot(ctx.cwd), pathOf: at };
    writeFileAtomic(at(options.sarif), renderTraceSarif(check, VERSION, pack, places), '--sarif');
  }
  if (options.junit !== undefined)
    writeFileAtomic(at(options.junit), renderTraceJunit(check), '--junit');
  if (options.markdown !== undefined)
    writeFileAtomic(at(options.markdown), renderTraceMarkdown(check), '--markdown');
  return { action: 'check', check };
}

runIfMain(import.meta.url, trace);
