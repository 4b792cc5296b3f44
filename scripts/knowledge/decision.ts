// `proofgate knowledge decision add|list|supersede`: negative decisions that stay in force until an
// explicit supersede names the decision that replaces them.
import { defineVerb } from '../lib/cli/define-verb.ts';
import { renderDecision } from '../lib/render/knowledge.ts';
import { runDecision } from '../lib/cli/run/knowledge.ts';

export const decision = defineVerb({
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
  positionals: {
    action: { choices: ['add', 'list', 'supersede'], required: true, describe: 'What to do' },
    title: { describe: 'the rejected approach (add)' },
  },
  flags: {
    reason: { type: 'string', describe: 'why it was rejected (add)' },
    condition: { type: 'string', array: true, describe: 'when it fails (add; repeatable)' },
    path: {
      type: 'string',
      array: true,
      describe: 'paths it touches (add; repeatable) / filter (list)',
    },
    id: { type: 'string', describe: 'decision to supersede' },
    by: { type: 'string', describe: 'the superseding decision (must exist)' },
    all: { type: 'boolean', default: false, describe: 'list superseded decisions too' },
  },
  flagsPerAction: {
    add: ['reason', 'condition', 'path'],
    list: ['path', 'all'],
    supersede: ['id', 'by'],
  },
  toOptions: (argv, common) => ({
    ...common,
    action: argv.action,
    title: argv.title,
    reason: argv.reason,
    conditions: argv.condition ?? [],
    paths: argv.path ?? [],
    id: argv.id,
    by: argv.by,
    all: argv.all,
  }),
  run: runDecision,
  render: renderDecision,
  exitCode: () => 0,
});
