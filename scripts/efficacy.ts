// `proofgate efficacy` (references/efficacy.md): plants seeded defects in a temporary worktree,
// runs the control there and expects it to FAIL; records an `efficacy` entry per control.
import type { Context } from './lib/core/context.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import {
  buildEfficacyFlags,
  toEfficacyOptions,
  type EfficacyVerbOptions,
} from './lib/efficacy-flags.ts';
import { runEfficacyFlow, type EfficacyResult } from './lib/flows/efficacy-flow.ts';
import { resolveRoot } from './lib/io/git.ts';
import { createRealGateIO } from './lib/io/real-gate-io.ts';
import { createEfficacyIO } from './lib/io/temp-worktree.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { renderEfficacy } from './lib/render/render-efficacy.ts';

export async function runEfficacy(
  options: EfficacyVerbOptions,
  ctx: Context,
): Promise<EfficacyResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  return runEfficacyFlow(
    { root, controls: options.controls, method: options.method, actor: options.actor },
    ctx,
    createRealGateIO(ctx),
    createEfficacyIO(),
  );
}

export const efficacy = defineVerb<EfficacyVerbOptions, EfficacyResult>({
  name: 'efficacy',
  describe: 'Plant seeded defects in a temporary worktree and check that each control catches them',
  examples: [
    [
      'proofgate efficacy --control test --mutate all',
      'up to 5 seeded defects (--max-mutants); each must make the tests FAIL',
    ],
    [
      'proofgate efficacy --control refund-trace --patch bad-trace.patch',
      'a patch that seeds a bad trace must produce a block finding',
    ],
  ],
  builder: buildEfficacyFlags,
  toOptions: toEfficacyOptions,
  run: runEfficacy,
  render: renderEfficacy,
  exitCode: (r) => (r.ok ? 0 : 1),
});

runIfMain(import.meta.url, efficacy);
