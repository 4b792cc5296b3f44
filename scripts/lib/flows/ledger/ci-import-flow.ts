// ci-import: records a remote CI result a person fetched, as a `run` entry (stage self, execution
// remote) bound to the tree of the commit it ran on. proofgate never reaches the remote itself:
// without a result file the answer is BLOCKED with the exact commands to fetch and import it.
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import { digestJson, sha256Hex } from '../../core/hash.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { CiTier } from '../../core/plane/types.ts';
import {
  ciControls,
  formatCiImportCommand,
  formatFetchCommand,
} from '../../core/brownfield/ci-tiers.ts';
import { parseCiJson, parseJunit } from '../../core/brownfield/parse-ci-result.ts';
import type { RunBody } from '../../core/gate/entries/bodies.ts';
import { redactText } from '../../core/redact/redact.ts';
import type { CiImportIO } from '../../core/ports.ts';
import { assertActorMayAct, redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';

export interface CiImportOptions {
  root: string;
  workflow: string;
  commit: string;
  junit?: string;
  json?: string;
  actor: Actor;
}

export interface CiImportResult {
  status: 'PASS' | 'FAIL' | 'BLOCKED';
  workflow: string;
  tier: CiTier;
  commit: string;
  reason: string;
  tree?: string;
  entry?: string;
  /** BLOCKED: the commands a person runs to fetch and import the result. */
  next?: string[];
}

export async function ciImportFlow(
  options: CiImportOptions,
  ctx: Context,
  io: CiImportIO,
): Promise<CiImportResult> {
  const plane = await io.gate.loadPlane(options.root);
  const controls = ciControls(plane.manifest, { ci: await io.listCiFiles(plane.root) });
  const control = controls.find((c) => c.workflow === options.workflow);
  if (control === undefined) {
    throw new UsageError('UNKNOWN_ID', `scan discovers no CI workflow ${options.workflow}`, {
      expected: `one of: ${controls.map((c) => c.workflow).join(', ') || '(no CI files found)'}`,
      next: 'run "proofgate scan" to list the CI files',
    });
  }
  if (control.tier === 'none') {
    throw new UsageError('BAD_VALUE', `workflow ${control.workflow} has tier none: it is no gate`, {
      expected: `ci_tiers: { ${control.workflow}: observe | release_required } in controls/manifest.yaml`,
      next: 'a person decides the tier in the manifest; discovery never makes a gate',
    });
  }
  if (options.junit !== undefined && options.json !== undefined) {
    throw new UsageError('BAD_FLAG', 'give --junit or --json, not both');
  }
  // The commit as git resolves it (HEAD, a branch, a short id): the entry records the full id.
  const found = await io.commitTree(plane, options.commit);
  const commit = found?.commit ?? options.commit;
  const base = { workflow: control.workflow, tier: control.tier, commit };
  const file = options.junit ?? options.json;
  if (file === undefined) {
    return {
      ...base,
      status: 'BLOCKED',
      reason:
        'no result file: proofgate never reaches the remote CI; a person with access fetches the result',
      next: [formatFetchCommand(control, commit), formatCiImportCommand(control.workflow, commit)],
    };
  }
  assertActorMayAct(options.actor, plane.manifest, 'self');
  const tree = found?.tree;
  if (tree === undefined) {
    throw new UsageError('BAD_VALUE', `commit ${options.commit} is not in this repository`, {
      next: `git fetch the commit the CI run built, then import again`,
    });
  }
  const bytes = await io.readResultFile(file);
  const text = new TextDecoder().decode(bytes);
  const parsed = options.junit === undefined ? parseCiJson(text) : parseJunit(text);
  if (!parsed.ok) {
    throw new UsageError('BAD_INPUT', `${file}: ${parsed.reason}`, {
      where: file,
      next: 'import the JUnit XML the workflow produced, or the run JSON from the CI API',
    });
  }
  // A ledger that does not verify is never appended to: refused (exit 3) before the review copy
  // is stored or anything is recorded.
  await io.gate.readEntries(plane);
  const objects = io.gate.objects(plane);
  const review = await objects.put(
    new TextEncoder().encode(redactText(text, redactionRulesFor(plane, ctx.env))),
  );
  const body: RunBody & { ci: Record<string, string> } = {
    control: control.control,
    stage: 'self',
    status: parsed.status,
    execution: 'remote',
    duration_ms: 0,
    timed_out: false,
    truncated: false,
    authorizations: [],
    detail: parsed.detail,
    raw_sha256: sha256Hex(bytes),
    raw_bytes: bytes.length,
    review,
    ci: {
      workflow: control.workflow,
      tier: control.tier,
      commit,
      format: options.junit === undefined ? 'json' : 'junit',
    },
  };
  const stored = await io.gate.append(plane, {
    kind: 'run',
    time: ctx.clock.now().toISOString(),
    actor: options.actor,
    subject: {
      tree,
      manifest: digestJson(plane.manifest),
      registry: digestJson(plane.registry),
    },
    body: toJsonObject(body),
    objects: [review],
  });
  return { ...base, status: parsed.status, reason: parsed.detail, tree, entry: stored.hash };
}
