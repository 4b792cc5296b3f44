import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeKnowledgePlane } from '../helpers/knowledge-plane.ts';

const MANIFEST = `version: 1
ledger_id: 0f0f0f0f0f0f0f0f
project: { name: demo }
profile:
  development_mode: ai_brownfield
  target_maturity: production_ready
  product_type: [web-api]
  distribution_model: saas
  criticality: medium
  data_sensitivity: internal
  ai_system: false
  scope_mode: full_repo
scope: { include: ['**'], exclude: [] }
authorities:
  - { id: 'virtual:developer', kind: virtual, stages: [self] }
policies:
  claims:
    task: { required_stages: [self] }
    project: { required_stages: [self] }
    release: { required_stages: [self] }
  evidence: { output_cap_bytes: 65536, redact_env: [] }
  unmapped_instructions: warn
`;

const control = (
  id: string,
  req: string,
  risk: string,
  maturity: string,
  execution: string,
): string => `
  - id: ${id}
    title: ${id}
    owner: dev
    requirements: [${req}]
    risks: [${risk}]
    applies: { value: true }
    required_from_maturity: ${maturity}
    execution: ${execution}
    evidence_required: [run]`;

function planeWith(controls: string, requirements?: string) {
  const plane = makeKnowledgePlane();
  plane.write('.proofgate/controls/manifest.yaml', MANIFEST);
  plane.write('.proofgate/controls/registry.yaml', `version: 1\ncontrols:${controls || ' []'}\n`);
  if (requirements !== undefined) plane.write('docs/requirements.yaml', requirements);
  return plane;
}

describe('proofgate sync', () => {
  it('writes the derived graph and passes when every chain is whole', async () => {
    const plane = planeWith(
      control('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
    );
    const { code, out } = await plane.run(['sync']);
    expect(code).toBe(0);
    expect(out).toMatch(/^traceability complete for production_ready/);
    const graph = JSON.parse(
      readFileSync(join(plane.root, '.proofgate/knowledge/trace-graph.json'), 'utf8'),
    );
    expect(graph.derived).toContain('never hand-edited');
    expect(graph.edges).toContainEqual({
      from: 'risk:RISK-1',
      to: 'control:C-1',
      kind: 'mitigated_by',
    });
  });

  it('a broken chain blocks at its maturity (exit 1) and not below', async () => {
    const slot = "{ type: slot, hint: 'add the real test command' }";
    const blocked = planeWith(control('C-1', 'REQ-1', 'RISK-1', 'production_ready', slot));
    const atTarget = await blocked.run(['sync']);
    expect(atTarget.code).toBe(1);
    expect(atTarget.out).toMatch(/^1 traceability gaps block production_ready claims/);
    expect(atTarget.out).toContain(
      'BLOCKS missing_verification REQ-1 via C-1 (from production_ready)',
    );

    const above = planeWith(control('C-1', 'REQ-1', 'RISK-1', 'commercial_ready', slot));
    const later = await above.run(['sync']);
    expect(later.code).toBe(0);
    expect(later.out).toContain(
      'later  missing_verification REQ-1 via C-1 (from commercial_ready)',
    );
  });

  it('reads requirement files and reports a requirement nobody controls', async () => {
    const plane = planeWith(
      control('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
      'requirements:\n  - { id: REQ-2, title: refunds are idempotent, risks: [RISK-2], maturity: engineering_ready }\n',
    );
    const { code, out } = await plane.run([
      'sync',
      '--requirements',
      'docs/requirements.yaml',
      '--dry-run',
    ]);
    expect(code).toBe(1);
    expect(out).toContain('BLOCKS missing_control REQ-2 (from engineering_ready)');
    expect(out).toContain('dry run: nothing written');
    expect(existsSync(join(plane.root, '.proofgate/knowledge/trace-graph.json'))).toBe(false);
  });

  it('refuses a malformed requirement file with every problem', async () => {
    const plane = planeWith(
      '',
      'requirements:\n  - { title: no id }\n  - { id: R-2, maturity: someday }\n',
    );
    const { code, err } = await plane.run(['sync', '--requirements', 'docs/requirements.yaml']);
    expect(code).toBe(2);
    expect(err).toContain('docs/requirements.yaml:/requirements/0/id: must be an id');
    expect(err).toContain('docs/requirements.yaml:/requirements/1/maturity');
  });
});
