// `proofgate attest`: a registered human or external authority records the result of a manual
// control as a ledger entry, bound to what it judged (the control's inputs, else the tree): a later
// change stales it, committing it does not; --expires does. references/attest.md.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runAttest } from './lib/cli/run/attest.ts';
import { actorFlags, actorOf, signFlag, sigstoreRootFlag } from './lib/cli/gate-flags.ts';
import { renderAttest } from './lib/render/attest.ts';

export const attest = defineVerb({
  examples: [
    [
      'proofgate attest --control privacy-review --status PASS --note "checked the DPA" --authority-id human:alice --execution-context local:laptop',
      'attest a manual control',
    ],
    [
      'proofgate attest --control pen-test --status PASS --note "report 2026-11" --evidence docs/pentest.pdf --expires 2027-05-01 --authority-id external:acme --execution-context vendor:acme',
      'attest with an evidence file and an expiry',
    ],
    [
      'proofgate attest --control dpa --status PASS --note "read the DPA" --standing --expires 2027-05-01 --authority-id human:alice',
      'an attestation about nothing in the code: current until it expires, whatever the code does',
    ],
  ],
  flags: {
    ...actorFlags('(required)'),
    ...signFlag,
    ...sigstoreRootFlag,
    control: { type: 'string', demand: true, nonEmpty: true, describe: 'manual control id' },
    status: { type: 'string', choices: ['PASS', 'FAIL'], demand: true, describe: 'the result' },
    note: { type: 'string', demand: true, nonEmpty: true, describe: 'what was checked' },
    evidence: {
      type: 'string',
      nonEmpty: true,
      describe: 'file inside the repository to store',
    },
    expires: {
      type: 'string',
      nonEmpty: true,
      describe: 'ISO-8601 UTC date the attestation lapses',
    },
    standing: {
      type: 'boolean',
      default: false,
      describe:
        'about nothing in the code (a contract read, a policy): a code change does not stale it; it must expire',
    },
  },
  toOptions: (argv, common) => {
    const actor = actorOf(argv);
    if (actor.authority === undefined) {
      throw new UsageError('MISSING_ARG', 'an attestation names the authority attesting', {
        expected: '--authority-id human:<name> or external:<name>',
      });
    }
    return {
      ...common,
      control: argv.control,
      status: argv.status,
      note: argv.note,
      evidence: argv.evidence,
      expires: argv.expires,
      standing: argv.standing,
      actor,
      sign: argv.sign,
      sigstoreRoot: argv['sigstore-root'],
    };
  },
  run: runAttest,
  render: renderAttest,
  exitCode: () => 0,
});
