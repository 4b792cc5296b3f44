// Remote CI tiers (references/brownfield.md): a workflow scan discovers is only a fact until a
// person sets its tier in the manifest. `none` (default) is no gate, `observe` results are recorded
// but never required and never satisfy anything, `release_required` is a required control for
// release claims only. Discovery never grants authority.
import type { StoredEntry } from '../ledger/types.ts';
import type { CiTier, ClaimScope, Manifest } from '../plane/types.ts';
import type { ClaimBlocker } from '../gate/claim/decide-claim.ts';
import { parseRunBody } from '../gate/entries/parse-body.ts';
import { baseOf } from '../scan/line-of.ts';
import { slug } from '../scan/ci.ts';
import type { CiFile } from '../scan/types.ts';
import { nextCommand } from '../next/next-table.ts';

export interface CiControl {
  /** Workflow id as scan names it in candidate ids (`ci:<workflow>:<job>:<step>`; `gitlab`, `travis`). */
  workflow: string;
  /** The control id its imported results are recorded under: `ci:<workflow>`. */
  control: string;
  path: string;
  system: CiFile['system'];
  tier: CiTier;
}

function workflowIdOf(file: Pick<CiFile, 'path' | 'system'>): string {
  if (file.system !== 'github') return file.system;
  return slug(baseOf(file.path).replace(/\.ya?ml$/, ''));
}

/** Every discovered workflow with the tier a person chose (absent: none). */
export function ciControls(manifest: Manifest, scan: { ci: readonly CiFile[] }): CiControl[] {
  return scan.ci.map((file) => {
    const workflow = workflowIdOf(file);
    return {
      workflow,
      control: `ci:${workflow}`,
      path: file.path,
      system: file.system,
      tier: manifest.ci_tiers?.[workflow] ?? 'none',
    };
  });
}

export interface CiResult {
  control: string;
  status: 'PASS' | 'FAIL' | 'BLOCKED' | 'STALE' | 'TODO';
  reason: string;
  entry?: string;
}

/** The latest imported result for the workflow on `tree` (the commit the claim is about). */
export function decideCiResult(
  control: CiControl,
  entries: readonly StoredEntry[],
  tree: string,
): CiResult {
  const runs = entries
    .filter((e) => e.entry.kind === 'run' && e.entry.body['control'] === control.control)
    .map((e) => ({ stored: e, body: parseRunBody(e.entry.body) }))
    .filter((r) => r.body !== undefined && r.body.execution === 'remote');
  const matching = runs.filter((r) => r.stored.entry.subject.tree === tree);
  const latest = matching.at(-1);
  if (latest?.body !== undefined) {
    return {
      control: control.control,
      status: latest.body.status,
      reason: latest.body.detail ?? latest.body.status,
      entry: latest.stored.hash,
    };
  }
  const why =
    runs.length > 0
      ? `no imported result for this commit's tree (last on ${runs.at(-1)?.stored.entry.subject.tree.slice(0, 12) ?? '?'}…)`
      : 'no imported result';
  return { control: control.control, status: runs.length > 0 ? 'STALE' : 'TODO', reason: why };
}

/**
 * What CI adds to a claim: only `release_required` workflows, only for release claims, and only a
 * PASS satisfies them. `observe` results never appear here, so they can neither satisfy nor block.
 */
export function ciClaimBlockers(
  scope: ClaimScope,
  controls: readonly CiControl[],
  results: readonly CiResult[],
): { required: string[]; blockers: ClaimBlocker[] } {
  if (scope !== 'release') return { required: [], blockers: [] };
  const required = controls.filter((c) => c.tier === 'release_required');
  const blockers: ClaimBlocker[] = [];
  for (const c of required) {
    const result = results.find((r) => r.control === c.control);
    if (result?.status === 'PASS') continue;
    blockers.push({
      control: c.control,
      stage: 'self',
      status: result?.status ?? 'TODO',
      reason: `remote CI ${c.workflow} (release_required): ${result?.reason ?? 'no imported result'}`,
      next: formatCiImportCommand(c.workflow, '<commit>'),
    });
  }
  return { required: required.map((c) => c.control), blockers };
}

export function formatCiImportCommand(workflow: string, commit: string): string {
  return nextCommand('campaignImportCi', { workflow, commit });
}

/** The command a person runs (with their own credentials) to fetch a run's results. */
export function formatFetchCommand(control: CiControl, commit: string): string {
  if (control.system === 'gitlab') {
    return `glab ci artifact ${commit} <job> --path ci-results/${control.workflow}`;
  }
  if (control.system === 'travis') {
    // Travis keeps no result files of its own; a job uploads them itself (artifacts addon).
    return `# Travis CI stores no test results: copy the JUnit XML the job for ${commit} uploaded into ci-results/${control.workflow}/`;
  }
  return `gh run download "$(gh run list --workflow ${baseOf(control.path)} --commit ${commit} --limit 1 --json databaseId --jq '.[0].databaseId')" --dir ci-results/${control.workflow}`;
}

/**
 * The CI blockers of a claim from the manifest alone: every workflow a person set to
 * `release_required` must have an imported PASS on `tree` (the tree the claim is about).
 */
export function manifestCiBlockers(
  scope: ClaimScope,
  manifest: Manifest,
  entries: readonly StoredEntry[],
  tree: string,
): ClaimBlocker[] {
  const controls: CiControl[] = Object.entries(manifest.ci_tiers ?? {}).map(([workflow, tier]) => ({
    workflow,
    control: `ci:${workflow}`,
    path: '',
    system: 'github',
    tier,
  }));
  const results = controls
    .filter((c) => c.tier === 'release_required')
    .map((c) => decideCiResult(c, entries, tree));
  return ciClaimBlockers(scope, controls, results).blockers;
}
