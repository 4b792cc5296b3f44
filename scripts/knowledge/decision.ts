// `proofgate knowledge decision add|list|supersede`: negative decisions that stay in force until an explicit
// supersede names the decision that replaces them.
import { defineVerb } from './lib/cli/define-verb.ts';
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderDecision } from './lib/render/knowledge.ts';
import {
  decisionFlow,
  type DecisionResult,
  type DecisionOptions,
} from './lib/flows/decision-flow.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strs = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(String);

/** The flags each action takes (decision-flow reads no other). */
const DECISION_FLAGS: FlagsPerAction = {
  add: ['reason', 'condition', 'path'],
  list: ['path', 'all'],
  supersede: ['id', 'by'],
};

export const decision = defineVerb<DecisionOptions, DecisionResult>({
  name: 'decision',
  command: 'decision <action> [title]',
  describe: 'Record, list or supersede negative decisions (rejected approaches)',
  examples: [
    [
      'proofgate knowledge decision add "retry payments client-side" --reason "double charges" --condition "provider not idempotent" --path src/pay',
      'record a rejected approach as ND-0001',
    ],
    [
      'proofgate knowledge decision list --path src/pay/retry.ts',
      'decisions in force that touch a path',
    ],
    [
      'proofgate knowledge decision supersede --id ND-0001 --by ND-0007',
      'replace ND-0001 by ND-0007',
    ],
  ],
  builder: (y) =>
    y
      .positional('action', {
        choices: ['add', 'list', 'supersede'] as const,
        describe: describeActionFlags(DECISION_FLAGS),
      })
      .positional('title', { type: 'string', describe: 'the rejected approach (add)' })
      .option('reason', { type: 'string', describe: 'why it was rejected (add)' })
      .option('condition', {
        type: 'string',
        array: true,
        describe: 'when it fails (add; repeatable)',
      })
      .option('path', {
        type: 'string',
        array: true,
        describe: 'paths it touches (add; repeatable) / filter (list)',
      })
      .option('id', { type: 'string', describe: 'decision to supersede' })
      .option('by', { type: 'string', describe: 'the superseding decision (must exist)' })
      .option('all', {
        type: 'boolean',
        default: false,
        describe: 'list superseded decisions too',
      }),
  flagsPerAction: DECISION_FLAGS,
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as DecisionOptions['action'],
    title: str(argv['title']),
    reason: str(argv['reason']),
    conditions: strs(argv['condition']),
    paths: strs(argv['path']),
    id: str(argv['id']),
    by: str(argv['by']),
    all: argv['all'] === true,
  }),
  run: (options, ctx) => runDecision(options, ctx),
  render: renderDecision,
  exitCode: () => 0,
});

/** The verb's run step: the flow, with the world it needs. */
export const runDecision: typeof decisionFlow = (...args) => decisionFlow(...args);

runIfMain(import.meta.url, decision);
