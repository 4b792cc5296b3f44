// `proofgate attest`: a registered human or external authority records the result of a manual
// control as a ledger entry. Committing it does not stale it; --expires does. references/attest.md.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { attestFlow, type AttestFlowResult } from './lib/flows/attest-flow.ts';
import {
  actorFlags,
  actorFrom,
  readActorFlags,
  readSign,
  readSigstoreRoot,
  signFlag,
  sigstoreRootFlag,
  type ActorFlags,
} from './lib/cli/gate-flags.ts';
import { openSigningIO } from './lib/cli/world/real-gate-io.ts';
import type { SignMode } from './lib/core/ledger/keyless.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderAttest } from './lib/render/render-gate.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface AttestOptions extends CommonOptions {
  control: string;
  status: 'PASS' | 'FAIL';
  note: string;
  evidence: string | undefined;
  expires: string | undefined;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runAttest(options: AttestOptions, ctx: Context): Promise<AttestFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const { io, actor } = await openSigningIO(
    ctx,
    root,
    actorFrom(options.actor, ctx),
    options.sign,
    options.sigstoreRoot,
  );
  return attestFlow(
    {
      root,
      control: options.control,
      status: options.status,
      note: options.note,
      ...(options.evidence === undefined ? {} : { evidence: options.evidence }),
      ...(options.expires === undefined ? {} : { expires: options.expires }),
      actor,
    },
    ctx,
    io,
  );
}

function text(argv: Record<string, unknown>, name: string): string | undefined {
  const value = argv[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError('MISSING_ARG', `--${name} needs a value`);
  return value;
}

export const attest = defineVerb<AttestOptions, AttestFlowResult>({
  name: 'attest',
  describe: 'Record a human or external attestation of a manual control (PASS or FAIL)',
  examples: [
    [
      'proofgate attest --control privacy-review --status PASS --note "checked the DPA" --authority-id human:alice --execution-context local:laptop',
      'attest a manual control',
    ],
    [
      'proofgate attest --control pen-test --status PASS --note "report 2026-11" --evidence docs/pentest.pdf --expires 2027-05-01 --authority-id external:acme --execution-context vendor:acme',
      'attest with an evidence file and an expiry',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(signFlag(actorFlags(y, '(required)')))
      .option('control', { type: 'string', demandOption: true, describe: 'manual control id' })
      .option('status', { choices: ['PASS', 'FAIL'], demandOption: true, describe: 'the result' })
      .option('note', { type: 'string', demandOption: true, describe: 'what was checked' })
      .option('evidence', { type: 'string', describe: 'file inside the repository to store' })
      .option('expires', { type: 'string', describe: 'ISO-8601 UTC date the attestation lapses' }),
  toOptions: (argv, common) => {
    const actor = readActorFlags(argv);
    if (actor.authority === undefined) {
      throw new UsageError('MISSING_ARG', 'an attestation names the authority attesting', {
        expected: '--authority-id human:<name> or external:<name>',
      });
    }
    return {
      ...common,
      control: text(argv, 'control') ?? '',
      status: argv['status'] as 'PASS' | 'FAIL',
      note: text(argv, 'note') ?? '',
      evidence: text(argv, 'evidence'),
      expires: text(argv, 'expires'),
      actor,
      sign: readSign(argv),
      sigstoreRoot: readSigstoreRoot(argv),
    };
  },
  run: runAttest,
  render: renderAttest,
  exitCode: () => 0,
});

runIfMain(import.meta.url, attest);
