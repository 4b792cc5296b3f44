// The target model is kept in the plane's knowledge by scan and read by explore by default; its
// structural features seed priors from matching cases, its quality goals join the definition of
// done.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTargetModel } from '../../scripts/lib/core/knowledge/target-model.ts';
import type { ScanResult } from '../../scripts/lib/core/scan/types.ts';
import type { Profile } from '../../scripts/lib/core/plane/types.ts';
import { caseArgs, makeKnowledgePlane, planeWith } from '../helpers/knowledge-plane.ts';

const SCAN: ScanResult = {
  files: 3,
  languages: [{ language: 'typescript', files: 2 }],
  stack: { node: { manifests: ['package.json'], package_manager: 'npm', workspaces: [] } },
  ci: [{ path: '.github/workflows/ci.yml', system: 'github', jobs: [{ id: 'test', steps: [] }] }],
  instructions: [],
  governance: {},
  tests: { dirs: ['test'], files: 4 },
  candidates: [],
  not_adoptable: [],
  unknowns: [],
  omitted: {},
};

const PROFILE: Profile = {
  development_mode: 'ai_brownfield',
  target_maturity: 'production_ready',
  product_type: ['service'],
  distribution_model: 'saas',
  criticality: 'high',
  data_sensitivity: 'confidential',
  ai_system: false,
  scope_mode: 'full_repo',
};

describe('buildTargetModel', () => {
  it('takes facts from the scan and risks only from the profile', () => {
    const model = buildTargetModel(SCAN, PROFILE);
    expect(model.target.kind).toBe('service');
    expect(model.architecture.shape).toBe('single_package');
    expect(model.stack).toEqual({ lang: ['typescript'], frameworks: ['node'] });
    expect(model.entryPoints).toEqual(['package.json']);
    expect(model.observability).toEqual({ ciJobs: 1, testFiles: 4, testDirs: ['test'] });
    expect(model.qualityGoals).toEqual([
      { attr: 'functional', risk: 0.8 },
      { attr: 'security', risk: 0.7 },
      { attr: 'reliability', risk: 0.8 },
    ]);
    // Without the owner's profile nothing is guessed.
    const bare = buildTargetModel(SCAN, undefined);
    expect(bare.qualityGoals).toEqual([]);
    expect(bare.target.kind).toBe('unknown');
  });
});

const seedCase = (kind: string, architecture: string): string[] =>
  caseArgs({
    kind,
    architecture,
    stack: 'typescript',
    applicability: 'service single_package typescript functional',
    strategy: 'boundary probes on page sizes',
    outcome: 'a clamping bug',
  });

describe('scan keeps the target model; explore reads it', { timeout: 60_000 }, () => {
  it('scan writes <plane>/knowledge/target-model.json and refreshes it', async () => {
    const plane = planeWith('');
    const scan = await plane.run(['scan']);
    expect(scan.code, scan.err).toBe(0);
    expect(scan.out).toContain('target model: .proofgate/knowledge/target-model.json');
    const file = join(plane.root, '.proofgate/knowledge/target-model.json');
    const model = JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof buildTargetModel>;
    expect(model.target.kind).toBe('service');
    expect(model.stack.lang).toEqual(['typescript']);
    expect(model.qualityGoals.map((g) => g.attr)).toEqual([
      'functional',
      'security',
      'reliability',
    ]);
    plane.write('lib/util.py', 'x = 1\n');
    await plane.run(['scan']);
    const again = JSON.parse(readFileSync(file, 'utf8')) as typeof model;
    expect(again.stack.lang).toContain('python');
  });

  it('scan without a plane writes nothing; with a broken plane it says so and still scans', async () => {
    const plane = makeKnowledgePlane();
    execFileSync('git', ['init', '-q'], { cwd: plane.root });
    const scan = await plane.run(['scan']);
    expect(scan.code).toBe(0);
    expect(scan.out).toContain('the target model was not refreshed');
    expect(existsSync(join(plane.root, '.proofgate/knowledge/target-model.json'))).toBe(false);
    rmSync(join(plane.root, '.proofgate'), { recursive: true });
    const bare = await plane.run(['scan']);
    expect(bare.code).toBe(0);
    expect(bare.out).not.toContain('target model');
    expect(existsSync(join(plane.root, '.proofgate'))).toBe(false);
  });

  it('explore seeds from a case matching the persisted model, not from a keyword-only one', async () => {
    const plane = planeWith('');
    expect((await plane.run(seedCase('service', 'single_package'))).code).toBe(0);
    expect((await plane.run(seedCase('cli', 'monolith'))).code).toBe(0);
    const before = await plane.run(['knowledge', 'explore']);
    expect(before.out).not.toContain('SEEDED');
    await plane.run(['scan']);
    const result = await plane.run(['knowledge', 'explore']);
    expect(result.out).toContain('SEEDED H-0001 from prior:CB-0001');
    // The seeded prior has no probe: the idle board gets proposals, and scan's "How are the tests
    // run?" unknown becomes a functional hypothesis the loop probes and decides.
    expect(result.out).toContain('from recon:unknown:tests');
    expect(result.out).not.toContain('CB-0002');
    // The model's high-risk goals join the definition of done.
    const done = await plane.run(['knowledge', 'explore', '--until-done', '--high-risk', '0.4']);
    expect(done.out).toContain('undecided high-risk goals: reliability, security');
    // hypothesis list judges done by the same goals.
    const list = await plane.run([
      'knowledge',
      'hypothesis',
      'list',
      '--high-risk',
      '0.4',
      '--json',
    ]);
    const report = JSON.parse(list.out) as { done: { verdict: string; undecidedAttrs: string[] } };
    expect(report.done.verdict).not.toBe('done');
    expect(report.done.undecidedAttrs).toEqual(['reliability', 'security']);
  });
});
