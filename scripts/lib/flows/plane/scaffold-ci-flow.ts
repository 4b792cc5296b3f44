// init --scaffold-ci: a runner script and a GitHub workflow whose every action is pinned to a
// full commit SHA taken from the template, the repository's own pinned workflows or --pin
// (core/scaffold/pin-actions.ts). An action without a pin is exit 2 and nothing is written.
import type { WorldExtras } from '../../core/world/world.ts';
import { UsageError } from '../../core/errors.ts';
import { collectPins, pinWorkflow, type ActionPin } from '../../core/scaffold/pin-actions.ts';

export const SCAFFOLD_WORKFLOW = '.github/workflows/proofgate.yml';
export const SCAFFOLD_RUNNER = 'scripts/proofgate-gate.sh';

export interface ScaffoldCiResult {
  written: string[];
  pins: { action: string; sha: string; from: string }[];
}

const RUNNER = `#!/bin/sh
# proofgate runner, written by proofgate init --scaffold-ci: the gate CI runs, for a local run.
# Exit codes are proofgate's: 0 granted, 1 refused, 2 usage, 3 integrity, 4 environment.
set -eu
npx proofgate verify
npx proofgate evaluate --run
npx proofgate claim --scope project --no-record
`;

export function scaffoldCiFlow(
  root: string,
  given: readonly { repo: string; sha: string }[],
  world: Pick<WorldExtras, 'repo'>,
): ScaffoldCiResult {
  const template = world.repo.readWorkflowTemplate();
  const repoWorkflows = world.repo
    .readRepoWorkflows(root)
    .filter((w) => w.file !== SCAFFOLD_WORKFLOW);
  const pins = new Map<string, ActionPin>(
    given.map((p) => [p.repo, { sha: p.sha, from: '--pin' }]),
  );
  for (const [repo, pin] of collectPins([
    { file: 'the template', text: template },
    ...repoWorkflows,
  ]))
    if (!pins.has(repo)) pins.set(repo, pin);
  const pinned = pinWorkflow(template, pins);
  if (pinned.unresolved.length > 0)
    throw new UsageError(
      'MISSING_ARG',
      `${pinned.unresolved.length} action(s) have no commit pin`,
      {
        problems: pinned.unresolved.map(
          (a) => `${a}: no pin in the template, the repository's workflows or --pin`,
        ),
        expected: 'a full 40-hex commit SHA for every action: proofgate never invents one',
        next: `look each up yourself (e.g. git ls-remote https://github.com/${pinned.unresolved[0]?.split('@')[0] ?? '<owner/repo>'} refs/tags/${pinned.unresolved[0]?.split('@')[1] ?? '<tag>'}), then: proofgate init --scaffold-ci --pin <owner/repo>=<sha> ...; nothing was written`,
      },
    );
  const used = new Set(
    [...pinned.text.matchAll(/uses:\s*["']?([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)/g)].map(
      (m) => m[1] ?? '',
    ),
  );
  const header =
    '# Written by proofgate init --scaffold-ci: every action pinned to a full commit SHA.\n';
  world.repo.writeNewFiles(root, [
    { path: SCAFFOLD_WORKFLOW, text: header + pinned.text },
    { path: SCAFFOLD_RUNNER, text: RUNNER, executable: true },
  ]);
  return {
    written: [SCAFFOLD_WORKFLOW, SCAFFOLD_RUNNER],
    pins: [...pins]
      .filter(([repo]) => used.has(repo))
      .map(([action, p]) => ({ action, sha: p.sha, from: p.from })),
  };
}
