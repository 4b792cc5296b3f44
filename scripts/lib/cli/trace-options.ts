// The parsed command line → TraceOptions for `proofgate trace`, with every usage error raised
// before any I/O.
import { UsageError } from '../core/errors.ts';
import { adapterIds, findAdapter } from '../core/trace/adapters/index.ts';
import type { FailOn } from '../flows/trace/trace-check-flow.ts';
import type { CommonOptions } from '../core/options.ts';

export interface TraceOptions extends CommonOptions {
  action: 'check' | 'adapt' | 'compare';
  traces: string[];
  pack: string | undefined;
  adapter: string;
  failOn: FailOn;
  sarif: string | undefined;
  junit: string | undefined;
  markdown: string | undefined;
  /** compare: a rule regressed only when its one-sided Fisher p-value is below this. */
  alpha: number;
}

/** What `proofgate trace` declares (scripts/trace.ts), as parsed. */
interface TraceArgs {
  action: TraceOptions['action'];
  traces: readonly string[];
  pack: string | undefined;
  adapter: string;
  'fail-on': FailOn;
  sarif: string | undefined;
  junit: string | undefined;
  markdown: string | undefined;
  alpha: number;
}

const str = (v: string | undefined): string | undefined => (v !== '' ? v : undefined);

export function toTraceOptions(argv: TraceArgs, common: CommonOptions): TraceOptions {
  const traces = [...argv.traces];
  const { action } = argv;
  if (traces.length === 0)
    throw new UsageError('MISSING_ARG', 'name at least one trace file', {
      next: 'proofgate trace check --pack <file> <trace>...',
    });
  if (action === 'adapt' && traces.length !== 1)
    throw new UsageError('BAD_VALUE', 'trace adapt takes exactly one trace', { where: 'traces' });
  if (action === 'compare' && traces.length !== 2)
    throw new UsageError(
      'BAD_VALUE',
      'trace compare takes two trace sets: the baseline, then the new traces',
      {
        where: 'traces',
        expected: 'two arguments, each a trace file, a directory of traces or a glob',
        next: 'proofgate trace compare --pack <file> traces/baseline traces/new',
      },
    );
  if (action !== 'adapt' && str(argv.pack) === undefined) {
    throw new UsageError('MISSING_ARG', `trace ${action} needs --pack <file>`, {
      where: '--pack',
      next: 'e.g. --pack refund (a shipped pack) or --pack <file>.yaml',
    });
  }
  const adapter = str(argv.adapter) ?? 'auto';
  if (adapter !== 'auto' && findAdapter(adapter) === undefined) {
    throw new UsageError('BAD_VALUE', `unknown adapter "${adapter}"`, {
      where: '--adapter',
      expected: `auto, a name, or one of ${adapterIds.join(', ')}`,
      next: 'name the adapter without a version to use the one this proofgate has',
    });
  }
  const { alpha } = argv;
  if (!(alpha > 0 && alpha < 1)) {
    throw new UsageError('BAD_VALUE', `--alpha ${String(alpha)} is not a probability`, {
      where: '--alpha',
      expected: 'a number between 0 and 1 (exclusive), e.g. 0.05',
      next: 'proofgate trace compare --alpha 0.01 --pack <file> <baseline> <new>',
    });
  }
  return {
    ...common,
    action,
    alpha,
    traces,
    pack: str(argv.pack),
    adapter,
    failOn: argv['fail-on'],
    sarif: str(argv.sarif),
    junit: str(argv.junit),
    markdown: str(argv.markdown),
  };
}
