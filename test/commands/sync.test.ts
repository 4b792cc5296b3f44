import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlYaml as control, planeWith } from '../helpers/knowledge-plane.ts';

describe('proofgate knowledge sync', () => {
  it('writes the derived graph and passes when every chain is whole', async () => {
    const plane = planeWith(
      control('C-1', 'REQ-1', 'RISK-1', 'prototype', "{ type: command, argv: [node, -e, '0'] }"),
    );
    const before = await plane.run(['knowledge', 'sync', '--dry-run']);
    expect(before.code).toBe(1);
    expect(before.out).toContain('missing_evidence');
    expect((await plane.run(['evaluate', '--run'])).code).toBe(0);
    const { code, out } = await plane.run(['knowledge', 'sync']);
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
    const atTarget = await blocked.run(['knowledge', 'sync']);
    expect(atTarget.code).toBe(1);
    expect(atTarget.out).toMatch(/^1 traceability gaps block production_ready claims/);
    expect(atTarget.out).toContain(
      'BLOCKS missing_verification REQ-1 via C-1 (from production_ready)',
    );

    const above = planeWith(control('C-1', 'REQ-1', 'RISK-1', 'commercial_ready', slot));
    const later = await above.run(['knowledge', 'sync']);
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
      'knowledge',
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

  it('reads the manifest requirement_files by default, and refuses one that is not there', async () => {
    const plane = planeWith(
      control('C-1', 'REQ-1', 'RISK-1', 'prototype', '{ type: command, argv: [npm, test] }'),
      'requirements:\n  - { id: REQ-2, risks: [RISK-2], maturity: engineering_ready }\n',
    );
    const manifest = join(plane.root, '.proofgate/controls/manifest.yaml');
    plane.write(
      '.proofgate/controls/manifest.yaml',
      `${readFileSync(manifest, 'utf8')}requirement_files: [docs/requirements.yaml]\n`,
    );
    const listed = await plane.run(['knowledge', 'sync', '--dry-run']);
    expect(listed.code, listed.err).toBe(1);
    expect(listed.out).toContain('BLOCKS missing_control REQ-2 (from engineering_ready)');
    rmSync(join(plane.root, 'docs/requirements.yaml'));
    const gone = await plane.run(['knowledge', 'sync', '--dry-run']);
    expect(gone.code).toBe(2);
    expect(gone.err).toContain('requirement file docs/requirements.yaml is not there');
  });

  it('refuses a malformed requirement file with every problem', async () => {
    const plane = planeWith(
      '',
      'requirements:\n  - { title: no id }\n  - { id: R-2, maturity: someday }\n',
    );
    const { code, err } = await plane.run([
      'knowledge',
      'sync',
      '--requirements',
      'docs/requirements.yaml',
    ]);
    expect(code).toBe(2);
    expect(err).toContain('docs/requirements.yaml:/requirements/0/id: must be an id');
    expect(err).toContain('docs/requirements.yaml:/requirements/1/maturity');
  });
});
