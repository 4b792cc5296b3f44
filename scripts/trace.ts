// `proofgate trace check|adapt`: judge agent traces against a rule pack, or print normalized events.
import { defineVerb } from './lib/cli/define-verb.ts';
import { runTrace } from './lib/cli/run/trace.ts';
import { toTraceOptions } from './lib/cli/trace-options.ts';
import type { TraceOptions } from './lib/cli/trace-options.ts';
import { renderTraceResult } from './lib/render/trace/result.ts';

export { runTrace };
export type { TraceOptions };

export const trace = defineVerb({
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
  positionals: {
    action: {
      choices: ['check', 'adapt', 'compare'],
      required: true,
      describe: 'check, adapt or compare',
    },
    traces: { variadic: true, describe: 'trace files' },
  },
  flags: {
    pack: {
      type: 'string',
      describe:
        'trace rule pack: a YAML file, or a shipped pack by name (refund, fs-safety, db-migration, honest-completion); required for check',
    },
    adapter: { type: 'string', default: 'auto', describe: 'trace format, or auto to detect' },
    'fail-on': {
      type: 'string',
      choices: ['block', 'warn'],
      default: 'block',
      describe: 'lowest finding level that fails (exit 1)',
    },
    sarif: { type: 'string', describe: 'also write SARIF 2.1.0 to this file' },
    junit: { type: 'string', describe: 'also write JUnit XML to this file' },
    markdown: { type: 'string', describe: 'also write a Markdown summary to this file' },
    alpha: {
      type: 'number',
      default: 0.05,
      describe:
        "compare: significance threshold; a rule regressed only when Fisher's exact test gives p < alpha",
    },
  },
  flagsPerAction: {
    check: ['pack', 'adapter', 'fail-on', 'sarif', 'junit', 'markdown'],
    adapt: ['adapter'],
    compare: ['pack', 'adapter', 'alpha'],
  },
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
