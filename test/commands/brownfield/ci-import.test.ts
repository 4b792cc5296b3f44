import { describe, expect, test } from 'vitest';
import type { Actor } from '../../../scripts/lib/core/ledger/types.ts';
import { UsageError } from '../../../scripts/lib/core/errors.ts';
import {
  ciClaimBlockers,
  ciControls,
  decideCiResult,
} from '../../../scripts/lib/core/brownfield/ci-tiers.ts';
import type { CiFile } from '../../../scripts/lib/core/scan/types.ts';
import { ciImportFlow } from '../../../scripts/lib/flows/ledger/ci-import-flow.ts';
import { claimFlow } from '../../../scripts/lib/flows/claim/claim-flow.ts';
import { createTestContext } from '../../helpers/context.ts';
import { createFakeGateIO, makeManifest } from '../../helpers/fake-gate-io.ts';
import type { CiImportIO } from '../../../scripts/lib/core/ports.ts';

const ciActor: Actor = { label: 'gh', authority: 'human:alice', context: 'ci:github:7' };
const TREE = 'c'.repeat(40);
const files: CiFile[] = [
  { path: '.github/workflows/ci.yml', system: 'github', jobs: [] },
  { path: '.github/workflows/Nightly Build.yaml', system: 'github', jobs: [] },
];
const JUNIT_OK =
  '<testsuites><testsuite><testcase name="a"/><testcase name="b"/></testsuite></testsuites>';
const JUNIT_FAIL = '<testsuite><testcase name="a"><failure/></testcase></testsuite>';

function setup(tiers: Record<string, 'none' | 'observe' | 'release_required'> | undefined) {
  const manifest = makeManifest(tiers === undefined ? {} : { ci_tiers: tiers });
  const gate = createFakeGateIO([], manifest);
  const results = new Map<string, string>([
    ['ok.xml', JUNIT_OK],
    ['fail.xml', JUNIT_FAIL],
    ['run.json', '{"conclusion":"success"}'],
    ['junk.xml', 'hello'],
  ]);
  const io: CiImportIO = {
    gate,
    listCiFiles: () => Promise.resolve(files),
    commitTree: (_plane, sha) =>
      Promise.resolve(sha === 'abc1234' ? { commit: sha, tree: TREE } : undefined),
    readResultFile: (p) => Promise.resolve(new TextEncoder().encode(results.get(p) ?? '')),
  };
  return { io, gate, manifest };
}

const importCi = (
  io: CiImportIO,
  extra: { junit?: string; json?: string; workflow?: string; commit?: string } = {},
) =>
  ciImportFlow(
    { root: '/', workflow: 'ci', commit: 'abc1234', actor: ciActor, ...extra },
    createTestContext(),
    io,
  );

describe('remote CI tiers', () => {
  test('a discovered workflow is no gate without the tier decision: import refused, no claim requirement', async () => {
    const { io, gate, manifest } = setup(undefined);
    expect(ciControls(manifest, { ci: files }).map((c) => [c.workflow, c.tier])).toEqual([
      ['ci', 'none'],
      ['nightly-build', 'none'],
    ]);
    await expect(importCi(io, { junit: 'ok.xml' })).rejects.toThrow('has tier none: it is no gate');
    expect(gate.stored).toHaveLength(0);
    expect(ciClaimBlockers('release', ciControls(manifest, { ci: files }), [])).toEqual({
      required: [],
      blockers: [],
    });
  });

  test('release_required: required for release claims only, satisfied only by a PASS on the claimed tree', async () => {
    const { io, gate, manifest } = setup({ ci: 'release_required' });
    const controls = ciControls(manifest, { ci: files });
    const before = ciClaimBlockers('release', controls, [
      decideCiResult(controls[0]!, gate.stored, TREE),
    ]);
    expect(before.required).toEqual(['ci:ci']);
    expect(before.blockers[0]).toMatchObject({ control: 'ci:ci', status: 'TODO' });
    expect(ciClaimBlockers('project', controls, []).required).toEqual([]);
    expect(ciClaimBlockers('task', controls, []).required).toEqual([]);
    const failed = await importCi(io, { junit: 'fail.xml' });
    expect(failed).toMatchObject({
      status: 'FAIL',
      tree: TREE,
      reason: 'junit: 1 tests, 1 failed, 0 skipped',
    });
    const ok = await importCi(io, { junit: 'ok.xml' });
    expect(ok.status).toBe('PASS');
    expect(gate.stored.at(-1)!.entry).toMatchObject({
      kind: 'run',
      subject: { tree: TREE },
      body: { control: 'ci:ci', stage: 'self', execution: 'remote' },
    });
    expect(
      ciClaimBlockers('release', controls, [decideCiResult(controls[0]!, gate.stored, TREE)])
        .blockers,
    ).toEqual([]);
    const other = decideCiResult(controls[0]!, gate.stored, 'd'.repeat(40));
    expect(other.status).toBe('STALE');
  });

  test('observe evidence never satisfies a claim on its own', async () => {
    const { io, gate, manifest } = setup({ ci: 'observe' });
    expect((await importCi(io, { json: 'run.json' })).status).toBe('PASS');
    const controls = ciControls(manifest, { ci: files });
    const result = decideCiResult(controls[0]!, gate.stored, TREE);
    expect(result.status).toBe('PASS');
    expect(ciClaimBlockers('release', controls, [result])).toEqual({ required: [], blockers: [] });
    // With no control of its own, a claim over a plane whose only evidence is observed CI is refused.
    const claim = await claimFlow(
      { root: '/', scope: 'release', controls: [], record: true, actor: ciActor },
      createTestContext(),
      gate,
    );
    expect(claim.granted).toBe(false);
    expect(claim.verdict).toContain('there is nothing to claim');
  });

  test('without a result file: BLOCKED with the exact commands, nothing recorded; bad inputs are exit 2', async () => {
    const { io, gate } = setup({ ci: 'observe' });
    const blocked = await importCi(io);
    expect(blocked.status).toBe('BLOCKED');
    expect(blocked.next).toEqual([
      `gh run download "$(gh run list --workflow ci.yml --commit abc1234 --limit 1 --json databaseId --jq '.[0].databaseId')" --dir ci-results/ci`,
      'proofgate campaign import-ci --workflow ci --commit abc1234 --junit <results.xml>',
    ]);
    expect(gate.stored).toHaveLength(0);
    await expect(importCi(io, { junit: 'junk.xml' })).rejects.toThrow('not JUnit XML');
    await expect(importCi(io, { junit: 'ok.xml', commit: 'fffffff' })).rejects.toThrow(
      'not in this repository',
    );
    await expect(importCi(io, { workflow: 'deploy' })).rejects.toBeInstanceOf(UsageError);
    expect(gate.stored).toHaveLength(0);
  });

  test('an imported result never satisfies a registry control of the same name', async () => {
    const { io, gate } = setup({ ci: 'release_required' });
    await importCi(io, { junit: 'ok.xml' });
    expect(gate.stored[0]!.entry.subject.control).toBeUndefined();
  });
});
