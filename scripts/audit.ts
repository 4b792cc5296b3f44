// `proofgate audit`: an independent authority re-executes what it reviews and records agreement or
// dispute. Not independent (same authority, context or key) is exit 2. references/audit.md.
import { UsageError } from './lib/core/errors.ts';
import type { ReviewStage } from './lib/core/gate/entries/bodies.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { AuditFlowResult } from './lib/flows/audit-flow.ts';
import {
  actorFlags,
  controlFlag,
  readActorFlags,
  readAuthorize,
  readGrantedBy,
  readJobs,
  readSign,
  readSigstoreRoot,
  readStrings,
  runFlags,
  signFlag,
  sigstoreRootFlag,
} from './lib/cli/gate-flags.ts';
import { runAudit, type AuditOptions } from './lib/cli/run/audit.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderAudit } from './lib/render/render-gate.ts';

const STAGES = ['cross', 'release_authority', 'third_party'] as const;

export const audit = defineVerb<AuditOptions, AuditFlowResult>({
  name: 'audit',
  describe: 'Independently re-run reviewed results and record agreement or dispute',
  examples: [
    [
      'proofgate audit --audit-stage cross --review-run latest --authority-id virtual:quality --execution-context ci:github:42',
      'cross-audit the latest run of every required control',
    ],
    [
      'proofgate audit --audit-stage cross --review-run 3e55c1f3 --authority-id virtual:quality --execution-context local:reviewer',
      'audit one run entry by hash prefix',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(signFlag(runFlags(actorFlags(controlFlag(y), '(required)'))))
      .option('audit-stage', { choices: STAGES, demandOption: true, describe: 'review stage' })
      .option('review-run', {
        type: 'string',
        default: 'latest',
        describe: 'entry hash prefix (8+ hex digits) or latest',
      }),
  toOptions: (argv, common) => {
    const actor = readActorFlags(argv);
    if (actor.authority === undefined || actor.context === undefined) {
      throw new UsageError('MISSING_ARG', 'an audit names its own authority and context', {
        expected: '--authority-id <registered id> --execution-context <where this runs>',
        next: 'audit as an authority registered for the stage, somewhere else than the reviewed run',
      });
    }
    return {
      ...common,
      stage: argv['audit-stage'] as ReviewStage,
      review: String(argv['review-run']),
      controls: readStrings(argv, 'control'),
      actor,
      authorize: readAuthorize(argv),
      grantedBy: readGrantedBy(argv),
      jobs: readJobs(argv),
      progress: argv['progress'] === true,
      quiet: argv['quiet'] === true,
      sign: readSign(argv),
      sigstoreRoot: readSigstoreRoot(argv),
    };
  },
  run: runAudit,
  render: renderAudit,
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, audit);
