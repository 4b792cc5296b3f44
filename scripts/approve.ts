// `proofgate authority approve`: the release authority approves changed control definitions (by digest) so a
// project or release claim against a base accepts them. references/approve.md.
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { approveFlow, type ApproveFlowResult } from './lib/flows/approve-flow.ts';
import {
  actorFlags,
  actorFrom,
  readActorFlags,
  readSign,
  readSigstoreRoot,
  readStrings,
  signFlag,
  sigstoreRootFlag,
  type ActorFlags,
} from './lib/cli/gate-flags.ts';
import { openSigningIO } from './lib/cli/world/real-gate-io.ts';
import type { SignMode } from './lib/core/ledger/keyless.ts';
import { readBasePlane } from './lib/io/base-registry.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderApprove } from './lib/render/render-approve.ts';
import type { CommonOptions } from './lib/core/options.ts';

export interface ApproveOptions extends CommonOptions {
  controls: string[];
  base: string | undefined;
  note: string | undefined;
  actor: ActorFlags;
  sign?: SignMode;
  sigstoreRoot?: string | undefined;
}

export async function runApprove(
  options: ApproveOptions,
  ctx: Context,
): Promise<ApproveFlowResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const { io, actor } = await openSigningIO(
    ctx,
    root,
    actorFrom(options.actor, ctx, 'virtual:release-owner'),
    options.sign,
    options.sigstoreRoot,
  );
  const atBase =
    options.base === undefined
      ? undefined
      : await readBasePlane(await io.loadPlane(root), options.base);
  const definitionsAtBase =
    atBase === undefined
      ? undefined
      : {
          base: atBase.base,
          controls: atBase.plane?.registry.controls ?? [],
          ...(atBase.plane === undefined ? {} : { manifest: atBase.plane.manifest }),
        };
  return approveFlow(
    {
      root,
      controls: options.controls,
      actor,
      ...(definitionsAtBase === undefined ? {} : { definitionsAtBase }),
      ...(options.note === undefined ? {} : { note: options.note }),
    },
    ctx,
    io,
  );
}

export const approve = defineVerb<ApproveOptions, ApproveFlowResult>({
  name: 'approve',
  describe: 'Release authority: approve changed control definitions for project and release claims',
  examples: [
    [
      'proofgate authority approve --control ENG.BUILD --authority-id virtual:release-owner',
      'approve the current definition of ENG.BUILD',
    ],
    [
      'proofgate authority approve --base origin/main --authority-id human:alice',
      'approve every definition changed since origin/main',
    ],
  ],
  builder: (y) =>
    sigstoreRootFlag(signFlag(actorFlags(y, 'virtual:release-owner')))
      .option('control', { type: 'string', array: true, describe: 'control id (repeatable)' })
      .option('base', {
        type: 'string',
        describe: 'approve every definition changed since this ref',
      })
      .option('note', { type: 'string', describe: 'why the change is intended' }),
  toOptions: (argv, common) => {
    const base = argv['base'];
    if (base !== undefined && (typeof base !== 'string' || base === ''))
      throw new UsageError('MISSING_ARG', '--base needs a git ref', { expected: 'origin/main' });
    const note = argv['note'];
    return {
      ...common,
      controls: readStrings(argv, 'control'),
      base: typeof base === 'string' ? base : undefined,
      note: typeof note === 'string' && note.trim() !== '' ? note : undefined,
      actor: readActorFlags(argv),
      sign: readSign(argv),
      sigstoreRoot: readSigstoreRoot(argv),
    };
  },
  run: runApprove,
  render: renderApprove,
  exitCode: () => 0,
});

runIfMain(import.meta.url, approve);
