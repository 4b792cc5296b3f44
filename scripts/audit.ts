// `proofgate audit`: an independent authority re-executes what it reviews and records agreement or
// dispute. Not independent (same authority, context or key) is exit 2. references/audit.md.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  actorFlags,
  actorOf,
  controlFlag,
  defaultJobs,
  runFlags,
  signFlag,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runAudit } from './lib/cli/run/audit.ts';
import { renderAudit } from './lib/render/audit.ts';

const STAGES = ['cross', 'release_authority', 'third_party'] as const;

export const audit = defineVerb({
  examples: [
    [
      'proofgate audit --audit-stage cross --review-run latest --authority-id virtual:quality --execution-context ci:github:42',
      'cross-audit the latest run of every required control',
    ],
    [
      'proofgate audit --audit-stage cross --review-run 3e55c1f3 --authority-id virtual:quality --execution-context local:reviewer',
      'audit one run entry by hash prefix',
    ],
    [
      'proofgate audit --audit-stage cross --authority-id ci:github --execution-context ci:github:42 --no-record',
      'the pull-request check: re-run and compare, record nothing; exit 1 on a dispute',
    ],
  ],
  flags: {
    ...controlFlag,
    ...actorFlags('(required)'),
    ...runFlags,
    ...signFlag,
    ...sigstoreRootFlag,
    'audit-stage': { type: 'string', choices: STAGES, demand: true, describe: 'review stage' },
    record: {
      type: 'boolean',
      default: true,
      describe:
        'append the signed audit entry (--no-record: re-run and compare only, sign nothing: the pull-request check, never evidence)',
    },
    'review-run': {
      type: 'string',
      default: 'latest',
      describe: 'entry hash prefix (8+ hex digits) or latest',
    },
  },
  toOptions: (argv, common) => {
    const actor = actorOf(argv);
    if (actor.authority === undefined || actor.context === undefined) {
      throw new UsageError('MISSING_ARG', 'an audit names its own authority and context', {
        expected: '--authority-id <registered id> --execution-context <where this runs>',
        next: 'audit as an authority registered for the stage, somewhere else than the reviewed run',
      });
    }
    const noRecord = argv.record === false;
    if (noRecord && argv.sign === 'sigstore')
      throw new UsageError(
        'BAD_VALUE',
        '--no-record records nothing, so there is nothing to sign',
        {
          where: '--sign sigstore',
          expected: 'either --no-record (a check) or --sign sigstore (a signed audit entry)',
          next: 'drop --sign sigstore for the pull-request check; sign the audit on the protected branch',
        },
      );
    return {
      ...common,
      noRecord,
      stage: argv['audit-stage'],
      review: argv['review-run'],
      controls: argv.control ?? [],
      actor,
      authorize: argv.authorize ?? [],
      grantedBy: argv['granted-by'],
      jobs: argv.jobs ?? defaultJobs(),
      progress: argv.progress,
      quiet: argv.quiet,
      sign: argv.sign,
      sigstoreRoot: argv['sigstore-root'],
    };
  },
  run: runAudit,
  render: renderAudit,
  exitCode: (r) => (r.ok ? 0 : 1),
});
