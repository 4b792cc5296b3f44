// `proofgate audit`: an independent authority re-executes what it reviews and records agreement or
// dispute. Not independent (same authority, context or key) is exit 2. references/audit.md.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import type { ReviewStage } from './lib/core/gate/entries/bodies.ts';
import type { SignMode } from './lib/core/ledger/keyless.ts';
import type { AuthorizationKind } from './lib/core/plane/types.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { auditFlow, type AuditFlowResult } from './lib/flows/audit-flow.ts';
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
  type ActorFlags,
} from './lib/cli/gate-flags.ts';
import { openGateRun } from './lib/cli/gate-run.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderAudit } from './lib/render/render-gate.ts';
import { progressSink } from './lib/flows/progress.ts';
import type { CommonOptions } from './lib/core/options.ts';

const STAGES = ['cross', 'release_authority', 'third_party'] as const;

export interface AuditOptions extends CommonOptions {
  stage: ReviewStage;
  review: string;
  controls: string[];
  actor: ActorFlags;
  authorize: AuthorizationKind[];
  grantedBy?: string | undefined;
  jobs: number;
  /** `--progress`: progress lines on stderr even under --json or when stderr is not a terminal. */
  progress?: boolean;
  /** `--quiet`: no progress lines. */
  quiet?: boolean;
  /** `--sign sigstore`: sign the audit entries keyless (references/sigstore.md). */
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runAudit(options: AuditOptions, ctx: Context): Promise<AuditFlowResult> {
  const { root, io, actor, grant } = await openGateRun(options, ctx);
  const progress = progressSink(options, ctx);
  return auditFlow(
    {
      root,
      stage: options.stage,
      review: options.review,
      controls: options.controls,
      actor,
      authorize: options.authorize,
      ...grant,
      jobs: options.jobs,
      ...(progress === undefined ? {} : { progress }),
    },
    ctx,
    io,
  );
}

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
