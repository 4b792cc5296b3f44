// `proofgate trace check|adapt`: judge agent traces against a rule pack, or print normalized events.
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runTrace } from './lib/cli/run/trace.ts';
import type { TraceResult } from './lib/flows/trace-check-flow.ts';
import { toTraceOptions } from './lib/cli/trace-options.ts';
import type { TraceOptions } from './lib/cli/trace-options.ts';
import { renderTraceResult } from './lib/render/trace-result.ts';

export { runTrace };
export type { TraceOptions };

/** The flags each action takes (its run reads no other). */
const TRACE_FLAGS: FlagsPerAction = {
  check: ['pack', 'adapter', 'fail-on', 'sarif', 'junit', 'markdown'],
  adapt: ['adapter'],
  compare: ['pack', 'adapter', 'alpha'],
};

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
        describe: `check, adapt or compare; ${describeActionFlags(TRACE_FLAGS)}`,
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
  flagsPerAction: TRACE_FLAGS,
  toOptions: toTraceOptions,
  run: runTrace,
  render: renderTraceResult,
  isMachineOutput: (r) => r.action === 'adapt',
  toJson: (r) => (r.action === 'check' ? r.check : r.action === 'compare' ? r.compare : r.adapt),
  exitCode: (r) => {
    if (r.action === 'adapt') return 0;
    if (r.action === 'compare')
      return r.compare.errors.length > 0 ? 2 : r.compare.regressions.length > 0 ? 1 : 0;
    return r.check.status === 'error' ? 2 : r.check.status === 'fail' ? 1 : 0;
  },
});

runIfMain(import.meta.url, trace);
